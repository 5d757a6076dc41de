import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { utcOffsets } from '@beacon/shared';
import { DEFAULT_TZ } from '../lib/list-filters';
import { EMPTY_PARENT_FILTERS, type ParentListFilters } from '../lib/parent-list';

const zoneOptions = () => utcOffsets().map((o) => ({ value: o.replace(':', ''), label: `UTC${o}` }));

/**
 * A parent list's search fields (A/B tests, journeys: description, creator, date range, time zone); they apply on
 * Search or Enter.
 */
export function ParentFilters({
  value,
  onSearch,
  testId,
}: {
  value: ParentListFilters;
  onSearch: (next: ParentListFilters) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const set = (patch: Partial<ParentListFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = () =>
    onSearch({ ...draft, desc: draft.desc.trim(), creator: draft.creator.trim(), page: 1 });

  return (
    <Flex wrap gap={12} role="search" data-testid={testId} style={{ marginBottom: 16 }}>
      <Input
        allowClear
        placeholder={t('messages.filters.title')}
        aria-label={t('messages.filters.title')}
        value={draft.desc}
        onChange={(e) => set({ desc: e.target.value })}
        onPressEnter={submit}
        style={{ width: 200 }}
      />
      <Input
        allowClear
        placeholder={t('messages.filters.ownerEmail')}
        aria-label={t('messages.filters.ownerEmail')}
        value={draft.creator}
        onChange={(e) => set({ creator: e.target.value })}
        onPressEnter={submit}
        style={{ width: 220 }}
      />
      <DatePicker.RangePicker
        aria-label={t('messages.filters.range')}
        placeholder={[t('messages.filters.begin'), t('messages.filters.end')]}
        value={draft.begin && draft.end ? [dayjs(draft.begin), dayjs(draft.end)] : null}
        onChange={(range) =>
          set({ begin: range?.[0]?.format('YYYY-MM-DD') ?? '', end: range?.[1]?.format('YYYY-MM-DD') ?? '' })
        }
      />
      <Select
        showSearch
        aria-label={t('messages.filters.tz')}
        value={draft.tz || DEFAULT_TZ}
        options={zoneOptions()}
        onChange={(tz: string) => set({ tz })}
        style={{ width: 130 }}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={submit}>
        {t('messages.filters.search')}
      </Button>
      <Button onClick={() => onSearch(EMPTY_PARENT_FILTERS)}>{t('messages.filters.reset')}</Button>
    </Flex>
  );
}

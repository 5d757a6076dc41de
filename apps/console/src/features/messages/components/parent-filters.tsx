import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, ZoneFilter } from './range-filters';
import { EMPTY_PARENT_FILTERS, type ParentListFilters } from '../lib/parent-list';
import { useFilterDraft } from '../../../lib/list-filters';

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
  const { draft, set } = useFilterDraft(value);
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
      <DateRangeFilter begin={draft.begin} end={draft.end} onChange={(begin, end) => set({ begin, end })} />
      <ZoneFilter value={draft.tz} onChange={(tz) => set({ tz })} />
      <Button type="primary" icon={<SearchOutlined />} onClick={submit}>
        {t('messages.filters.search')}
      </Button>
      <Button onClick={() => onSearch(EMPTY_PARENT_FILTERS)}>{t('messages.filters.reset')}</Button>
    </Flex>
  );
}

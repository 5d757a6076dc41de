import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { utcOffsets } from '@beacon/shared';
import {
  EMPTY_REVIEW_FILTERS,
  REVIEW_STATUS_FILTERS,
  type ReviewFilters,
  type ReviewStatusFilter,
} from '../lib/review-filters';
import { useFilterDraft } from '../../../lib/list-filters';

interface ReviewFiltersProps {
  value: ReviewFilters;
  onSearch: (next: ReviewFilters) => void;
  /** The status choice (all, waiting, rejected): only on an app that reviews its messages (spec §6). */
  showStatus: boolean;
}

const zoneOptions = () => utcOffsets().map((o) => ({ value: o.replace(':', ''), label: `UTC${o}` }));

/** The review list's search fields: they apply on Search (or Enter), and the URL keeps them. */
export function ReviewFiltersBar({ value, onSearch, showStatus }: ReviewFiltersProps) {
  const { t } = useTranslation();
  const { draft, set } = useFilterDraft(value);
  const submit = () =>
    onSearch({ ...draft, title: draft.title.trim(), ownerEmail: draft.ownerEmail.trim(), page: 1 });

  return (
    <Flex wrap gap={12} role="search" data-testid="review-filters" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        placeholder={t('reviews.filters.title')}
        aria-label={t('reviews.filters.title')}
        value={draft.title}
        onChange={(e) => set({ title: e.target.value })}
        onPressEnter={submit}
        style={{ width: 180 }}
      />
      <Input
        allowClear
        placeholder={t('reviews.filters.ownerEmail')}
        aria-label={t('reviews.filters.ownerEmail')}
        value={draft.ownerEmail}
        onChange={(e) => set({ ownerEmail: e.target.value })}
        onPressEnter={submit}
        style={{ width: 200 }}
      />
      <DatePicker.RangePicker
        aria-label={t('reviews.filters.range')}
        placeholder={[t('reviews.filters.begin'), t('reviews.filters.end')]}
        value={draft.begin && draft.end ? [dayjs(draft.begin), dayjs(draft.end)] : null}
        onChange={(range) =>
          set({ begin: range?.[0]?.format('YYYY-MM-DD') ?? '', end: range?.[1]?.format('YYYY-MM-DD') ?? '' })
        }
        data-testid="review-filter-range"
      />
      <Select
        showSearch
        aria-label={t('reviews.filters.tz')}
        value={draft.tz}
        options={zoneOptions()}
        onChange={(tz: string) => set({ tz })}
        style={{ width: 130 }}
        data-testid="review-filter-tz"
      />
      {showStatus && (
        <Select<ReviewStatusFilter>
          aria-label={t('reviews.filters.status')}
          value={draft.status}
          onChange={(status) => set({ status })}
          options={REVIEW_STATUS_FILTERS.map((s) => ({
            value: s,
            label: t(`reviews.filters.statuses.${s || 'all'}`),
          }))}
          style={{ width: 160 }}
          data-testid="review-filter-status"
        />
      )}
      <Button type="primary" icon={<SearchOutlined />} onClick={submit}>
        {t('reviews.filters.search')}
      </Button>
      <Button onClick={() => onSearch(EMPTY_REVIEW_FILTERS)}>{t('reviews.filters.reset')}</Button>
      {value.msgId && (
        <Tag
          color="blue"
          closable
          closeIcon={<CloseOutlined aria-label={t('reviews.filters.clearMsgId')} />}
          onClose={() => onSearch({ ...value, msgId: '', page: 1 })}
          style={{ alignSelf: 'center' }}
          data-testid="review-filter-msgid"
        >
          {t('reviews.filters.msgId', { id: value.msgId })}
        </Tag>
      )}
    </Flex>
  );
}

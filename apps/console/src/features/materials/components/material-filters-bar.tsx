import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, digitsOrEmpty, ZoneFilter } from '../../messages';
import { type MaterialList } from '../api/get-materials';
import {
  emptyFilters,
  type CreateTypeFilter,
  type MaterialFilters,
  type StatusFilter,
} from '../lib/material-filters';
import { useFilterDraft } from '../../../lib/list-filters';

interface MaterialFiltersBarProps {
  value: MaterialFilters;
  list: MaterialList;
  onSearch: (next: MaterialFilters) => void;
}

/**
 * A material list's search fields (spec §2 Material): title, owner, how it was made, creation dates and zone, the
 * material id (digits only; not in the recycle bin) and, on the audit list, the status. They apply on Search (or
 * Enter), and the URL keeps them.
 */
export function MaterialFiltersBar({ value, list, onSearch }: MaterialFiltersBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { draft, set } = useFilterDraft(value);
  const idOf = (raw: string) => {
    const clean = digitsOrEmpty(raw);
    if (raw.trim() && !clean) void message.warning(t('materials.filters.idDigits'));
    return clean;
  };
  const submit = (patch: Partial<MaterialFilters> = {}) =>
    onSearch({
      ...draft,
      title: draft.title.trim(),
      ownerEmail: draft.ownerEmail.trim(),
      ...patch,
      page: 1,
    });

  return (
    <Flex wrap gap={12} role="search" data-testid="material-filters" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        placeholder={t('materials.filters.title')}
        aria-label={t('materials.filters.title')}
        value={draft.title}
        onChange={(e) => set({ title: e.target.value })}
        onPressEnter={() => submit()}
        style={{ width: 180 }}
      />
      <Input
        allowClear
        placeholder={t('materials.filters.ownerEmail')}
        aria-label={t('materials.filters.ownerEmail')}
        value={draft.ownerEmail}
        onChange={(e) => set({ ownerEmail: e.target.value })}
        onPressEnter={() => submit()}
        style={{ width: 200 }}
      />
      <Select<CreateTypeFilter>
        aria-label={t('materials.filters.createType')}
        value={draft.createType}
        onChange={(createType) => set({ createType })}
        options={(['', 1, 2, 3] as const).map((v) => ({
          value: v,
          label: t(`materials.filters.createTypes.${v || 'all'}`),
        }))}
        style={{ width: 150 }}
        data-testid="material-filter-create-type"
      />
      <DateRangeFilter
        begin={draft.begin}
        end={draft.end}
        onChange={(begin, end) => set({ begin, end })}
        testId="material-filter-range"
      />
      <ZoneFilter value={draft.tz} onChange={(tz) => set({ tz })} />
      {list !== 'recycle' && (
        <Input
          allowClear
          placeholder={t('materials.filters.materialId')}
          aria-label={t('materials.filters.materialId')}
          value={draft.materialId}
          inputMode="numeric"
          onChange={(e) => set({ materialId: e.target.value })}
          onBlur={(e) => set({ materialId: idOf(e.target.value) })}
          onPressEnter={(e) => submit({ materialId: idOf(e.currentTarget.value) })}
          style={{ width: 130 }}
          data-testid="material-filter-id"
        />
      )}
      {list === 'audit' && (
        <Select<StatusFilter>
          aria-label={t('materials.filters.status')}
          value={draft.status}
          onChange={(status) => set({ status })}
          options={(['', 3, 4, 1] as const).map((v) => ({
            value: v,
            label: t(`materials.filters.statuses.${v || 'all'}`),
          }))}
          style={{ width: 170 }}
          data-testid="material-filter-status"
        />
      )}
      <Button
        type="primary"
        icon={<SearchOutlined />}
        onClick={() => submit({ materialId: idOf(draft.materialId) })}
      >
        {t('materials.filters.search')}
      </Button>
      <Button onClick={() => onSearch(emptyFilters(value.materialType))}>
        {t('materials.filters.reset')}
      </Button>
    </Flex>
  );
}

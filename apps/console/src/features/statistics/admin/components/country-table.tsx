import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryName, PLATFORM_STAT_PAGE_SIZES, type ReportRow } from '@beacon/shared';
import { useAdminFormat } from '../lib/format';

const COLUMNS = [
  'push',
  'dispatch',
  'dispatchRate',
  'reach',
  'reachRate',
  'show',
  'showRate',
  'click',
  'clickRate',
] as const satisfies ReadonlyArray<keyof ReportRow>;

/** The range's figures by country (every app), sortable by any column, 10 a page. */
export function CountryTable({ rows, loading }: { rows: ReportRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const name = (code: string) =>
    /^[A-Z]{2}$/.test(code) ? `${countryName(code, format.lang)} (${code})` : code;
  return (
    <Table<ReportRow>
      rowKey="key"
      size="middle"
      data-testid="admin-country-table"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 1000 }}
      locale={{ emptyText: t('statisticsAdmin.emptyRange') }}
      pagination={{
        pageSize: PLATFORM_STAT_PAGE_SIZES.countries,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
      columns={[
        {
          title: t('statisticsAdmin.col.country'),
          dataIndex: 'key',
          sorter: (a, b) => name(a.key).localeCompare(name(b.key)),
          render: (k: string) => name(k),
        },
        ...COLUMNS.map((c) => ({
          title: t(`statisticsAdmin.metric.${c}`),
          dataIndex: c,
          align: 'right' as const,
          sorter: (a: ReportRow, b: ReportRow) => a[c] - b[c],
          ...(c === 'push' ? { defaultSortOrder: 'descend' as const } : {}),
          render: (v: number) => (c.endsWith('Rate') ? format.rate(v) : format.count(v)),
        })),
      ]}
    />
  );
}

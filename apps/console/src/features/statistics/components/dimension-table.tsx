import { Flex, Pagination, Table, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { STAT_PAGE_SIZES, type ReportDay } from '@beacon/shared';
import { isRate, type Category } from '../lib/categories';
import { clampPage, reportPage, type ReportTableRow, type SortState } from '../lib/report-rows';
import { useStatFormat } from './use-stat-format';
import { VISUALLY_HIDDEN } from './visually-hidden';

const PAGE_SIZE = STAT_PAGE_SIZES.dimension;

interface DimensionTableProps {
  report: { dated: readonly ReportDay[]; totalData: ReportDay; avgData: ReportDay } | undefined;
  categories: readonly Category[];
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  caption: string;
}

const summaryStyle = { fontWeight: 600, background: '#f8f9fc' };

/**
 * The dimension report by day: sortable by any column (the sort applies to the days; the total and average rows end
 * every page), 10 days per page.
 */
export function DimensionTable({ report, categories, loading, page, onPage, caption }: DimensionTableProps) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const [sort, setSort] = useState<SortState>();
  const days = report?.dated ?? [];
  const current = clampPage(page, days.length, PAGE_SIZE);
  const rows = reportPage(
    days,
    report ? { total: report.totalData, average: report.avgData } : undefined,
    sort,
    current,
    PAGE_SIZE,
  );
  const sortOrder = (key: string) => (sort?.key === key ? sort.order : null);

  const columns: TableColumnsType<ReportTableRow> = [
    {
      key: 'date',
      dataIndex: 'date',
      title: t('statistics.columns.date'),
      fixed: 'left',
      sorter: true,
      sortOrder: sortOrder('date'),
      render: (date: string, row) => (row.rowKind === 'day' ? date : t(`statistics.rows.${row.rowKind}`)),
    },
    ...categories.map((c) => ({
      key: c,
      dataIndex: c,
      title: t(`statistics.categories.${c}`),
      align: 'right' as const,
      sorter: true,
      sortOrder: sortOrder(c),
      onCell: () => ({ 'data-col': c }) as HTMLAttributes<HTMLTableCellElement>,
      render: (v: number) => (isRate(c) ? f.rate(v) : f.count(v)),
    })),
  ];

  return (
    <>
      <Table<ReportTableRow>
        size="small"
        data-testid="dimension-table"
        loading={loading}
        rowKey={(r) => (r.rowKind === 'day' ? r.date : r.rowKind)}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        caption={<span style={VISUALLY_HIDDEN}>{caption}</span>}
        onRow={(r) =>
          ({
            'data-row': r.rowKind,
            style: r.rowKind === 'day' ? undefined : summaryStyle,
          }) as HTMLAttributes<HTMLTableRowElement>
        }
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(s?.order && s.columnKey ? { key: String(s.columnKey), order: s.order } : undefined);
          onPage(1);
        }}
      />
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Pagination
          current={current}
          total={days.length}
          pageSize={PAGE_SIZE}
          showSizeChanger={false}
          hideOnSinglePage
          onChange={onPage}
        />
      </Flex>
    </>
  );
}

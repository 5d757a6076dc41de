import { Empty, Table, type TableProps } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'locale' | 'pagination'> {
  testId: string;
  rows: T[];
  /** What the table says when it has no rows. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/**
 * A list's table paged by the server (its rows keyed by `id`): a fixed page size, the total below, the empty text in
 * antd's small empty picture.
 */
export function PagedTable<T extends object>({
  testId,
  rows,
  empty,
  page,
  pageSize,
  total,
  onPageChange,
  ...table
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      data-testid={testId}
      rowKey="id"
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        showTotal: (count) => t('common.total', { count }),
        onChange: onPageChange,
      }}
      {...table}
    />
  );
}

import { Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatFormat } from './use-stat-format';
import { VISUALLY_HIDDEN } from './visually-hidden';

export interface DayColumn<K extends string> {
  key: K;
  title: string;
  /** A rate in %: written with the percent sign. */
  rate?: boolean;
}

interface DaysTableProps<K extends string> {
  rows: ReadonlyArray<{ date: string } & Record<K, number>>;
  columns: ReadonlyArray<DayColumn<K>>;
  pageSize: number;
  /** What the table shows (its caption, for assistive technology and the reader). */
  caption: string;
  testId: string;
}

/** The figures of a report by day: one row per UTC day, numbers in the reader's language, paged on the client. */
export function DaysTable<K extends string>({ rows, columns, pageSize, caption, testId }: DaysTableProps<K>) {
  const { t } = useTranslation();
  const f = useStatFormat();
  type Row = { date: string } & Record<K, number>;
  return (
    <Table<Row>
      size="small"
      rowKey="date"
      data-testid={testId}
      dataSource={[...rows]}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize, hideOnSinglePage: true, showSizeChanger: false }}
      caption={<span style={VISUALLY_HIDDEN}>{caption}</span>}
      columns={[
        { key: 'date', dataIndex: 'date', title: t('statistics.columns.date'), fixed: 'left' },
        ...columns.map((c) => ({
          key: c.key,
          dataIndex: c.key,
          title: c.title,
          align: 'right' as const,
          onCell: () => ({ 'data-col': c.key }) as HTMLAttributes<HTMLTableCellElement>,
          render: (v: number) => (c.rate ? f.rate(v) : f.count(v)),
        })),
      ]}
    />
  );
}

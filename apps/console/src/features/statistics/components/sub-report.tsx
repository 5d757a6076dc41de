import { Flex, Segmented, Table, Typography } from 'antd';
import { useId, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { STAT_PAGE_SIZES, type ReportRow } from '@beacon/shared';
import { isRate, type Category } from '../lib/categories';
import { useStatFormat } from './use-stat-format';

type Dimension = 'country' | 'version';

interface SubReportProps {
  report: { countries: readonly ReportRow[]; versions: readonly ReportRow[] } | undefined;
  categories: readonly Category[];
  loading: boolean;
  /** A country's name in the console language ("Nigeria (NG)"). */
  countryName: (code: string) => string;
}

/** The range's figures by country or by app version: sortable, 10 per page. */
export function SubReport({ report, categories, loading, countryName }: SubReportProps) {
  const { t } = useTranslation();
  const f = useStatFormat();
  const id = useId();
  const [dimension, setDimension] = useState<Dimension>('country');
  const rows = (dimension === 'country' ? report?.countries : report?.versions) ?? [];
  return (
    <section aria-labelledby={id} data-testid="sub-report">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} id={id} style={{ margin: 0 }}>
          {t('statistics.subReport.title')}
        </Typography.Title>
        <Segmented<Dimension>
          aria-label={t('statistics.subReport.label')}
          data-testid="sub-report-switch"
          value={dimension}
          onChange={setDimension}
          options={[
            { value: 'country', label: t('statistics.subReport.country') },
            { value: 'version', label: t('statistics.subReport.version') },
          ]}
        />
      </Flex>
      <Table<ReportRow>
        size="small"
        rowKey="key"
        loading={loading}
        dataSource={[...rows]}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: STAT_PAGE_SIZES.subReport, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          {
            key: 'key',
            dataIndex: 'key',
            title: t(`statistics.columns.${dimension}`),
            fixed: 'left',
            sorter: (a, b) => a.key.localeCompare(b.key),
            render: (k: string) => (dimension === 'country' ? countryName(k) : k),
          },
          ...categories.map((c) => ({
            key: c,
            dataIndex: c,
            title: t(`statistics.categories.${c}`),
            align: 'right' as const,
            sorter: (a: ReportRow, b: ReportRow) => a[c] - b[c],
            onCell: () => ({ 'data-col': c }) as HTMLAttributes<HTMLTableCellElement>,
            render: (v: number) => (isRate(c) ? f.rate(v) : f.count(v)),
          })),
        ]}
      />
    </section>
  );
}

import { Flex, Table } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type ForbidCountryTime, type ForbidInterval } from '@beacon/shared';
import { ForbidEmpty } from './forbid-empty';
import { IntervalTag } from './interval-tag';

interface ForbidTimesTableProps {
  rows: ForbidCountryTime[];
  loading: boolean;
}

/** Banned time windows per country, in the devices' local time; a window that ends the next day says so. */
export function ForbidTimesTable({ rows, loading }: ForbidTimesTableProps) {
  const { t, i18n } = useTranslation();
  const collator = new Intl.Collator(i18n.language);
  const columns: ColumnsType<ForbidCountryTime> = [
    {
      title: t('forbid.col.country'),
      dataIndex: 'countryName',
      width: 260,
      sorter: (a, b) => collator.compare(a.countryName, b.countryName),
      render: (name: string, row) => `${name} (${row.countryCode})`,
    },
    {
      title: t('forbid.col.windows'),
      dataIndex: 'intervalTimeList',
      render: (list: ForbidInterval[]) => (
        <Flex wrap gap={4}>
          {list.map((interval) => (
            <IntervalTag key={`${interval.start}-${interval.end}`} interval={interval} />
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <Table<ForbidCountryTime>
      data-testid="forbid-times"
      rowKey="countryCode"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={
        rows.length > 10
          ? {
              pageSize: 10,
              showSizeChanger: false,
              showTotal: (total) => t('common.total', { count: total }),
            }
          : false
      }
      locale={{ emptyText: <ForbidEmpty title={t('forbid.timesEmptyTitle')} text={t('forbid.emptyText')} /> }}
    />
  );
}

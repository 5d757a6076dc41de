import { Table, Tag } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type ForbidCountry } from '@beacon/shared';
import { ForbidEmpty } from './forbid-empty';

interface ForbidCountriesTableProps {
  rows: ForbidCountry[];
  loading: boolean;
}

/** Banned countries: name, ISO code and whether the ban is platform-wide or this app's own. */
export function ForbidCountriesTable({ rows, loading }: ForbidCountriesTableProps) {
  const { t, i18n } = useTranslation();
  const collator = new Intl.Collator(i18n.language);
  const columns: ColumnsType<ForbidCountry> = [
    {
      title: t('forbid.col.country'),
      dataIndex: 'countryName',
      sorter: (a, b) => collator.compare(a.countryName, b.countryName),
    },
    {
      title: t('forbid.col.code'),
      dataIndex: 'countryCode',
      width: 120,
      sorter: (a, b) => a.countryCode.localeCompare(b.countryCode),
    },
    {
      title: t('forbid.col.scope'),
      dataIndex: 'scope',
      width: 200,
      filters: [
        { text: t('forbid.scope.platform'), value: 'platform' },
        { text: t('forbid.scope.app'), value: 'app' },
      ],
      onFilter: (value, row) => row.scope === value,
      render: (scope: ForbidCountry['scope']) =>
        scope === 'platform' ? (
          <Tag color="purple">{t('forbid.scope.platform')}</Tag>
        ) : (
          <Tag color="blue">{t('forbid.scope.app')}</Tag>
        ),
    },
  ];
  return (
    <Table<ForbidCountry>
      data-testid="forbid-countries"
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
      locale={{
        emptyText: <ForbidEmpty title={t('forbid.countriesEmptyTitle')} text={t('forbid.emptyText')} />,
      }}
    />
  );
}

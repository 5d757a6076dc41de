import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Table, Typography } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FineworkCountryRow } from '@beacon/shared';
import { useDeleteBannedCountry } from '../api/delete-banned-country';
import { useBannedCountries, type BanTarget } from '../api/get-banned-countries';
import { AddCountriesDialog } from './add-countries-dialog';
import { ForbidEmpty } from './forbid-empty';
import { formatDateTime } from '../../../lib/date-format';

const PAGE_SIZE = 20;

/** The countries banned for one app (loss 104), or for every app (`target` null, loss 6): add, remove. */
export function BannedCountriesCard({ target, appTitle }: { target: BanTarget; appTitle?: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useBannedCountries(target, i18n.language);
  const remove = useDeleteBannedCountry({
    mutationConfig: { onSuccess: () => void message.success(t('finework.countries.removed')) },
  });
  const [adding, setAdding] = useState(false);
  const rows = list.data ?? [];
  const collator = new Intl.Collator(i18n.language);
  const platform = target === null;
  const columns: ColumnsType<FineworkCountryRow> = [
    {
      title: t('forbid.col.country'),
      dataIndex: 'countryName',
      sorter: (a, b) => collator.compare(a.countryName, b.countryName),
      defaultSortOrder: 'ascend',
    },
    {
      title: t('forbid.col.code'),
      dataIndex: 'countryCode',
      width: 100,
      sorter: (a, b) => a.countryCode.localeCompare(b.countryCode),
    },
    { title: t('finework.addedBy'), dataIndex: 'createdBy', render: (v: string) => v || '—' },
    {
      title: t('finework.addedAt'),
      dataIndex: 'createTime',
      width: 200,
      sorter: (a, b) => a.createTime.localeCompare(b.createTime),
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_v, row) => (
        <Popconfirm
          title={t('finework.countries.removeTitle', { country: row.countryName })}
          description={
            platform
              ? t('finework.countries.removePlatformText')
              : t('finework.countries.removeText', { app: appTitle ?? '' })
          }
          okText={t('finework.remove')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate({ target, countryCode: row.countryCode })}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('finework.countries.removeLabel', { country: row.countryName })}
          />
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={platform ? t('finework.countries.platformTitle') : t('finework.countries.title')}
      extra={
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('finework.countries.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {platform ? t('finework.countries.platformHint') : t('finework.countries.hint')}
      </Typography.Paragraph>
      <Table<FineworkCountryRow>
        data-testid={platform ? 'finework-platform-countries' : 'finework-countries'}
        rowKey="countryCode"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        locale={{
          emptyText: (
            <ForbidEmpty
              title={t('forbid.countriesEmptyTitle')}
              text={platform ? t('finework.countries.emptyPlatform') : t('finework.countries.empty')}
            />
          ),
        }}
        pagination={
          rows.length > PAGE_SIZE
            ? {
                pageSize: PAGE_SIZE,
                showSizeChanger: false,
                showTotal: (n) => t('common.total', { count: n }),
              }
            : false
        }
      />
      {adding && (
        <AddCountriesDialog
          target={target}
          appTitle={platform ? undefined : (appTitle ?? '')}
          banned={new Set(rows.map((r) => r.countryCode))}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}

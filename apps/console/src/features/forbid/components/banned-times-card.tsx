import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Popconfirm, Table, Typography } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FineworkCountryTimes, type FineworkWindow } from '@beacon/shared';
import { useDeleteBannedTimes } from '../api/delete-banned-times';
import { useBannedTimes } from '../api/get-banned-times';
import { AddTimesDialog } from './add-times-dialog';
import { ForbidEmpty } from './forbid-empty';
import { IntervalTag } from './interval-tag';

const PAGE_SIZE = 20;

type DialogState = { open: false } | { open: true; countryCode?: string };

/** The app's banned windows per country (loss 105): add windows, remove one, or remove a country's windows. */
export function BannedTimesCard({ appId, appTitle }: { appId: number; appTitle: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useBannedTimes(appId, i18n.language);
  const remove = useDeleteBannedTimes({
    mutationConfig: { onSuccess: () => void message.success(t('finework.times.removed')) },
  });
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const rows = list.data ?? [];
  const collator = new Intl.Collator(i18n.language);
  const columns: ColumnsType<FineworkCountryTimes> = [
    {
      title: t('forbid.col.country'),
      dataIndex: 'countryName',
      width: 240,
      sorter: (a, b) => collator.compare(a.countryName, b.countryName),
      render: (name: string, row) => `${name} (${row.countryCode})`,
    },
    {
      title: t('forbid.col.windows'),
      dataIndex: 'intervalTimeList',
      render: (windows: FineworkWindow[]) => (
        <Flex wrap gap={6}>
          {windows.map((w) => (
            <IntervalTag key={w.id} interval={w} onRemove={() => remove.mutate({ appId, id: w.id })} />
          ))}
        </Flex>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      render: (_v, row) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ open: true, countryCode: row.countryCode })}
          >
            {t('finework.times.addWindow')}
          </Button>
          <Popconfirm
            title={t('finework.times.removeAllTitle', { country: row.countryName })}
            description={t('finework.times.removeAllText', {
              count: row.intervalTimeList.length,
              app: appTitle,
            })}
            okText={t('finework.remove')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate({ appId, countryCode: row.countryCode })}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('finework.times.removeAll')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('finework.times.title')}
      extra={
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
          {t('finework.times.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('finework.times.hint')}</Typography.Paragraph>
      <Table<FineworkCountryTimes>
        data-testid="finework-times"
        rowKey="countryCode"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        locale={{
          emptyText: <ForbidEmpty title={t('forbid.timesEmptyTitle')} text={t('finework.times.empty')} />,
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
      {dialog.open && (
        <AddTimesDialog
          appId={appId}
          appTitle={appTitle}
          countryCode={dialog.countryCode}
          current={rows}
          onClose={() => setDialog({ open: false })}
        />
      )}
    </Card>
  );
}

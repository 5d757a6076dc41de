import { GlobalOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Empty, Space, Table, Typography } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type FineworkAppSummary } from '@beacon/shared';
import type { BanTarget } from '../api/get-banned-countries';

const PAGE_SIZE = 20;

interface FineworkOverviewProps {
  apps: FineworkAppSummary[];
  platformCountries: number;
  loading: boolean;
  onOpen: (target: BanTarget) => void;
}

/** Before an app is chosen: the platform-wide bans and every app that has bans of its own, with their counts. */
export function FineworkOverview({ apps, platformCountries, loading, onOpen }: FineworkOverviewProps) {
  const { t, i18n } = useTranslation();
  const collator = new Intl.Collator(i18n.language);
  const withBans = apps.filter((a) => a.countries + a.windows > 0);
  const columns: ColumnsType<FineworkAppSummary> = [
    {
      title: t('finework.app'),
      dataIndex: 'title',
      sorter: (a, b) => collator.compare(a.title, b.title),
      render: (_v, a) => (
        <Space>
          <Avatar shape="square" size={28} src={a.logo || undefined}>
            {a.title.slice(0, 1)}
          </Avatar>
          <span>{a.title}</span>
          <Typography.Text type="secondary">{a.pkg}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('finework.countries.title'),
      dataIndex: 'countries',
      width: 180,
      sorter: (a, b) => a.countries - b.countries,
    },
    {
      title: t('finework.times.title'),
      dataIndex: 'windows',
      width: 180,
      sorter: (a, b) => a.windows - b.windows,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_v, a) => (
        <Button
          type="link"
          size="small"
          onClick={() => onOpen(a.appId)}
          aria-label={t('finework.manageApp', { app: a.title })}
        >
          {t('finework.manage')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Card size="small">
        <Space>
          <GlobalOutlined />
          <Typography.Text>{t('finework.platformSummary', { count: platformCountries })}</Typography.Text>
          <Button type="link" size="small" onClick={() => onOpen(null)}>
            {t('finework.manage')}
          </Button>
        </Space>
      </Card>
      <Card size="small" title={t('finework.appsWithBans')}>
        <Table<FineworkAppSummary>
          data-testid="finework-overview"
          rowKey="appId"
          size="small"
          columns={columns}
          dataSource={withBans}
          loading={loading}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finework.noAppBans')} />,
          }}
          pagination={
            withBans.length > PAGE_SIZE
              ? {
                  pageSize: PAGE_SIZE,
                  showSizeChanger: false,
                  showTotal: (n) => t('common.total', { count: n }),
                }
              : false
          }
        />
      </Card>
    </>
  );
}

import { Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type FcmProjectStatus } from '@beacon/shared';
import { formatRate } from '../../../lib/number-format';
import { NONE, useStatusFormat } from './use-status-format';

/** Each Firebase project's apps and quotas, and the share of its send rate the senders may use now. */
export function FcmProjectsCard({
  projects,
  checkedAt,
}: {
  projects: FcmProjectStatus[];
  checkedAt: string;
}) {
  const { t } = useTranslation();
  const format = useStatusFormat();
  const columns: ColumnsType<FcmProjectStatus> = [
    { title: t('systemStatus.fcm.project'), dataIndex: 'project' },
    {
      title: t('systemStatus.fcm.apps'),
      dataIndex: 'apps',
      render: (apps: FcmProjectStatus['apps']) => (
        <Space orientation="vertical" size={0}>
          {apps.map((app) => (
            <span key={app.id}>
              {t('systemStatus.fcm.appQuota', { title: app.title, quota: format.count(app.quotaPerMinute) })}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: t('systemStatus.fcm.rateShare'),
      dataIndex: 'rateShare',
      render: (share: number) => (
        <Space size={4} wrap>
          <Typography.Text>{formatRate(share * 100, format.lang)}</Typography.Text>
          {share < 1 && <Tag color="orange">{t('systemStatus.fcm.lowered')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('systemStatus.fcm.loweredAt'),
      dataIndex: 'loweredAt',
      render: (iso: string | null) => (iso === null ? NONE : format.time(iso)),
    },
    {
      title: t('systemStatus.fcm.lastSend'),
      dataIndex: 'lastSendAt',
      render: (iso: string) => (
        <Typography.Text title={format.time(iso)}>{format.agoFrom(iso, checkedAt)}</Typography.Text>
      ),
    },
  ];
  return (
    <Card size="small" title={t('systemStatus.fcm.title')}>
      <Table<FcmProjectStatus>
        data-testid="system-fcm-projects"
        rowKey="project"
        size="small"
        columns={columns}
        dataSource={projects}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('systemStatus.fcm.empty')} /> }}
      />
    </Card>
  );
}

import { Card, Space, Table, Tag, Typography } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type JobQueueStatus } from '@beacon/shared';
import { NONE, useStatusFormat } from './use-status-format';

/** A ready job waiting this long means the workers are not keeping up (or none runs). */
const BEHIND_SECONDS = 60;

/** The workers' job queues: jobs ready, deferred and running, and how long the oldest ready one has waited. */
export function JobsCard({ queues }: { queues: JobQueueStatus[] }) {
  const { t } = useTranslation();
  const format = useStatusFormat();
  const count = (n: number) => format.count(n);
  const columns: ColumnsType<JobQueueStatus> = [
    {
      title: t('systemStatus.jobs.queue'),
      dataIndex: 'queue',
      render: (queue: string) => <Typography.Text code>{queue}</Typography.Text>,
    },
    { title: t('systemStatus.jobs.ready'), dataIndex: 'ready', align: 'right', render: count },
    { title: t('systemStatus.jobs.deferred'), dataIndex: 'deferred', align: 'right', render: count },
    { title: t('systemStatus.jobs.active'), dataIndex: 'active', align: 'right', render: count },
    {
      title: t('systemStatus.jobs.oldest'),
      dataIndex: 'oldestSeconds',
      render: (seconds: number, q: JobQueueStatus) =>
        q.ready === 0 ? (
          NONE
        ) : (
          <Space size={4} wrap>
            <span>{format.ago(seconds)}</span>
            {seconds >= BEHIND_SECONDS && <Tag color="orange">{t('systemStatus.jobs.behind')}</Tag>}
          </Space>
        ),
    },
  ];
  return (
    <Card size="small" title={t('systemStatus.jobs.title')}>
      <Table<JobQueueStatus>
        data-testid="system-job-queues"
        rowKey="queue"
        size="small"
        columns={columns}
        dataSource={queues}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

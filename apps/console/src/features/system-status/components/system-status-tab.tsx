import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYSTEM_STATUS_LIMITS } from '@beacon/shared';
import { useSystemStatus } from '../api/get-system-status';
import { DatabaseCard } from './database-card';
import { EventsCard } from './events-card';
import { FcmProjectsCard } from './fcm-projects-card';
import { JobsCard } from './jobs-card';
import { ProcessesCard } from './processes-card';
import { useStatusFormat } from './use-status-format';

/**
 * The "system" tab of /platformsettings: the deployment at a glance (levels 100 and 150) — its processes, database and
 * replica, device events log and FCM projects, read again every 10 s while shown.
 */
export default function SystemStatusTab() {
  const { t } = useTranslation();
  const format = useStatusFormat();
  const status = useSystemStatus();
  const data = status.data;
  const refetch = () => void status.refetch();
  const checkedAt = (iso: string) => t('systemStatus.checkedAt', { time: format.time(iso) });
  const autoRefresh = t('systemStatus.autoRefresh', {
    seconds: format.count(SYSTEM_STATUS_LIMITS.refreshMs / 1000),
  });
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" data-testid="system-checked-at">
          {data && `${checkedAt(data.checkedAt)} · ${autoRefresh}`}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={refetch} loading={status.isFetching}>
          {t('systemStatus.refresh')}
        </Button>
      </Flex>
      {status.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="system-status-error"
          title={status.error.message}
          action={<Button onClick={refetch}>{t('errors.retry')}</Button>}
        />
      )}
      {status.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        data && (
          <>
            <ProcessesCard processes={data.processes} checkedAt={data.checkedAt} />
            <DatabaseCard database={data.database} />
            <EventsCard events={data.eventsLog} />
            <JobsCard queues={data.jobQueues} />
            <FcmProjectsCard projects={data.fcmProjects} checkedAt={data.checkedAt} />
          </>
        )
      )}
    </Flex>
  );
}

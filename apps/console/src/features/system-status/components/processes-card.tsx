import { Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type SystemProcess } from '@beacon/shared';
import { useStatusFormat } from './use-status-format';

/** The processes that answer or stopped answering: the ones answering first, then by host. */
export function sortProcesses(processes: readonly SystemProcess[]): SystemProcess[] {
  return [...processes].sort(
    (a, b) => Number(b.alive) - Number(a.alive) || a.host.localeCompare(b.host) || a.pid - b.pid,
  );
}

/** The Beacon processes of the deployment, each with its roles, version and last heartbeat. */
export function ProcessesCard({ processes, checkedAt }: { processes: SystemProcess[]; checkedAt: string }) {
  const { t } = useTranslation();
  const format = useStatusFormat();
  const columns: ColumnsType<SystemProcess> = [
    {
      title: t('systemStatus.processes.host'),
      dataIndex: 'host',
      render: (host: string, p) => (
        <Space size={4} wrap>
          <Typography.Text>{host}</Typography.Text>
          {p.self && (
            <Tag color="blue" data-testid="self-process">
              {t('systemStatus.processes.self')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('systemStatus.processes.pid'), dataIndex: 'pid', render: (pid: number) => String(pid) },
    {
      title: t('systemStatus.processes.roles'),
      dataIndex: 'roles',
      render: (roles: SystemProcess['roles']) => (
        <Space size={4} wrap>
          {roles.map((role) => (
            <Tag key={role} color={role === 'api' ? 'geekblue' : 'purple'}>
              {t(`systemStatus.processes.role.${role}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('systemStatus.processes.version'), dataIndex: 'version' },
    {
      title: t('systemStatus.processes.started'),
      dataIndex: 'startedAt',
      render: (iso: string) => format.time(iso),
    },
    {
      title: t('systemStatus.processes.heartbeat'),
      dataIndex: 'seenAt',
      render: (iso: string) => (
        <Typography.Text title={format.time(iso)}>{format.agoFrom(iso, checkedAt)}</Typography.Text>
      ),
    },
    {
      title: t('systemStatus.processes.status'),
      dataIndex: 'alive',
      render: (alive: boolean) =>
        alive ? (
          <Tag color="green">{t('systemStatus.processes.answering')}</Tag>
        ) : (
          <Tag color="red">{t('systemStatus.processes.notAnswering')}</Tag>
        ),
    },
  ];
  return (
    <Card size="small" title={t('systemStatus.processes.title')}>
      <Table<SystemProcess>
        data-testid="system-processes"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sortProcesses(processes)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('systemStatus.processes.empty')} /> }}
      />
    </Card>
  );
}

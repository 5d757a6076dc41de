import { DeleteOutlined, EditOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AppGroup } from '@beacon/shared';
import { AppLogo } from './app-logo';

interface AppGroupCardProps {
  group: AppGroup;
  /** The signed-in user's e-mail: the creator is named only on other people's groups (level 100 sees them). */
  viewerEmail: string;
  deleting: boolean;
  onEdit: (group: AppGroup) => void;
  onDelete: (group: AppGroup) => void;
}

const MAX_SHOWN = 6;

/** One app group: name, description, its apps' logos and titles, and edit/delete when the user may change it. */
export function AppGroupCard({ group, viewerEmail, deleting, onEdit, onDelete }: AppGroupCardProps) {
  const { t } = useTranslation();
  const locked = t('appGroups.locked');
  const edit = (
    <Button
      type="text"
      icon={<EditOutlined />}
      disabled={!group.editable}
      onClick={() => onEdit(group)}
      aria-label={t('appGroups.edit', { name: group.groupName })}
    >
      {t('common.edit')}
    </Button>
  );
  const remove = (
    <Popconfirm
      title={t('appGroups.deleteTitle', { name: group.groupName })}
      description={t('appGroups.deleteText')}
      okText={t('appGroups.deleteOk')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={() => onDelete(group)}
      disabled={!group.editable}
    >
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        disabled={!group.editable}
        loading={deleting}
        aria-label={t('appGroups.delete', { name: group.groupName })}
      >
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
  const hidden = group.appList.length - MAX_SHOWN;
  return (
    <Card
      data-testid="app-group-card"
      title={
        <Flex align="center" gap={8}>
          <Typography.Text strong ellipsis>
            {group.groupName}
          </Typography.Text>
          <Tag bordered={false}>{t('appGroups.appCount', { count: group.appList.length })}</Tag>
        </Flex>
      }
      extra={
        !group.editable && (
          <Tooltip title={locked}>
            <LockOutlined aria-label={locked} style={{ color: 'rgba(0,0,0,0.45)' }} />
          </Tooltip>
        )
      }
      actions={[
        group.editable ? (
          edit
        ) : (
          <Tooltip key="edit" title={locked}>
            {edit}
          </Tooltip>
        ),
        group.editable ? (
          remove
        ) : (
          <Tooltip key="delete" title={locked}>
            {remove}
          </Tooltip>
        ),
      ]}
      styles={{ body: { minHeight: 150 } }}
    >
      <Typography.Paragraph type="secondary" ellipsis style={{ minHeight: 22 }}>
        {group.groupDesc || t('appGroups.noDescription')}
      </Typography.Paragraph>
      <Flex vertical gap={8}>
        {group.appList.slice(0, MAX_SHOWN).map((app) => (
          <Flex key={app.appId} align="center" gap={8}>
            <AppLogo appId={app.appId} title={app.title} logo={app.logo} size={24} />
            <Typography.Text ellipsis style={{ flex: 1 }}>
              {app.title}
            </Typography.Text>
            {app.projectLevel === null && <Tag color="default">{t('appGroups.notYours')}</Tag>}
          </Flex>
        ))}
        {hidden > 0 && (
          <Typography.Text type="secondary">{t('appGroups.more', { count: hidden })}</Typography.Text>
        )}
      </Flex>
      {group.creatorEmail !== viewerEmail && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
          {t('appGroups.createdBy', { email: group.creatorEmail })}
        </Typography.Text>
      )}
    </Card>
  );
}

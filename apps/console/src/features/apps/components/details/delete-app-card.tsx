import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canManageAppSecrets, LIMITS, type AppDetail } from '@beacon/shared';
import { useDeleteApp } from '../../api/delete-app';

/** Deleting the app: owner and level 100 only, after typing the package name; then back to /dashboard. */
export function DeleteAppCard({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteApp(app.appId, () => {
    setOpen(false);
    void message.success(t('apps.details.deleted', { title: app.title }));
    setTimeout(() => void navigate('/dashboard'), LIMITS.deleteRedirectMs);
  });
  if (!canManageAppSecrets(app.projectLevel)) return null;

  return (
    <Card
      title={t('apps.details.dangerTitle')}
      styles={{ header: { color: '#cf1322' } }}
      data-testid="delete-app-card"
    >
      <Typography.Paragraph type="secondary">{t('apps.details.deleteHint')}</Typography.Paragraph>
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('apps.details.delete')}
      </Button>
      <Modal
        open={open}
        title={t('apps.details.deleteTitle', { title: app.title })}
        okText={t('apps.details.delete')}
        okButtonProps={{ danger: true, disabled: typed.trim() !== app.pkg }}
        cancelText={t('common.cancel')}
        confirmLoading={remove.isPending}
        onOk={() => remove.mutate(typed.trim())}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('apps.details.deleteText')}</Typography.Paragraph>
        <Typography.Paragraph>
          {t('apps.details.deleteType')} <Typography.Text code>{app.pkg}</Typography.Text>
        </Typography.Paragraph>
        <Input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={app.pkg}
          aria-label={t('apps.details.deleteType')}
          autoFocus
        />
      </Modal>
    </Card>
  );
}

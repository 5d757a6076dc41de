import { EyeOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canManageAppSecrets, type AppDetail } from '@beacon/shared';
import { useRevealSecret } from '../../api/reveal-secret';
import { useRotateSecret } from '../../api/rotate-secret';

/** The SDK credentials: app key, and the secret revealed or rotated after a confirmation (owner and level 100). */
export function CredentialsCard({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [secret, setSecret] = useState<string | undefined>();
  const reveal = useRevealSecret(app.appId);
  const rotate = useRotateSecret(app.appId, (r) => {
    setSecret(r.appSecret);
    void message.success(t('apps.details.secretRotated'));
  });
  const allowed = canManageAppSecrets(app.projectLevel);

  const handleReveal = () =>
    modal.confirm({
      title: t('apps.details.revealTitle'),
      content: t('apps.details.revealText'),
      okText: t('apps.details.reveal'),
      cancelText: t('common.cancel'),
      onOk: async () => setSecret((await reveal.mutateAsync()).appSecret),
    });

  const handleRotate = () =>
    modal.confirm({
      title: t('apps.details.rotateTitle'),
      content: t('apps.details.rotateText'),
      okText: t('apps.details.rotate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => rotate.mutateAsync(undefined),
    });

  return (
    <Card title={t('apps.details.credentialsTitle')} data-testid="credentials-card">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="appKey">
          <Typography.Text code copyable>
            {app.appKey}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="appSecret">
          {secret ? (
            <Typography.Text code copyable data-testid="app-secret">
              {secret}
            </Typography.Text>
          ) : (
            <Typography.Text code>••••••••••••••••</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      {allowed && (
        <Space style={{ marginTop: 12 }}>
          {!secret && (
            <Button icon={<EyeOutlined />} onClick={handleReveal}>
              {t('apps.details.reveal')}
            </Button>
          )}
          <Button danger icon={<SyncOutlined />} onClick={handleRotate} loading={rotate.isPending}>
            {t('apps.details.rotate')}
          </Button>
        </Space>
      )}
    </Card>
  );
}

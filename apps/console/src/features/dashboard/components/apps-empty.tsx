import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Apps tab before the app list arrives: a friendly empty state with the (not yet active) create button. */
export function AppsEmpty() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless">
      <Empty
        image={Empty.PRESENTED_IMAGE_DEFAULT}
        description={
          <>
            <Typography.Title level={4} style={{ marginBottom: 4 }}>
              {t('dashboard.apps.emptyTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.apps.emptyText')}</Typography.Text>
          </>
        }
      >
        <Tooltip title={t('dashboard.apps.soon')}>
          <Button type="primary" icon={<PlusOutlined />} disabled size="large">
            {t('dashboard.apps.create')}
          </Button>
        </Tooltip>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('dashboard.apps.soon')}
        </Typography.Paragraph>
      </Empty>
    </Card>
  );
}

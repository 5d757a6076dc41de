import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Apps tab of a user with no app yet: what an app is and a clear call to create the first one. */
export function AppsEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" data-testid="apps-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_DEFAULT}
        description={
          <>
            <Typography.Title level={4} style={{ marginBottom: 4 }}>
              {t('apps.grid.emptyTitle')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ maxWidth: 480, margin: '0 auto' }}>
              {t('apps.grid.emptyText')}
            </Typography.Paragraph>
          </>
        }
      >
        <Button type="primary" icon={<PlusOutlined />} size="large" onClick={onCreate}>
          {t('apps.grid.createFirst')}
        </Button>
      </Empty>
    </Card>
  );
}

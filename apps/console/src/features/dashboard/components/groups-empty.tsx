import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Apps Group tab until app groups arrive. */
export function GroupsEmpty() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless">
      <Empty
        description={
          <>
            <Typography.Title level={4} style={{ marginBottom: 4 }}>
              {t('dashboard.groups.emptyTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.groups.emptyText')}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}

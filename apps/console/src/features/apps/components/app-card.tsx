import { AppstoreOutlined, BarChartOutlined, SendOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canSeeRoute, type AppCard as AppCardData } from '@beacon/shared';
import { appPath } from '../../../lib/paths';

/** One app of the dashboard grid: logo, title, package, and the Messages Push and Analytics buttons. */
export function AppCard({ app }: { app: AppCardData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = appPath(app.appId);
  return (
    <Card
      hoverable
      style={{ height: '100%' }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: 16 } }}
      data-testid="app-card"
    >
      <Flex gap={14} align="center">
        <Avatar
          shape="square"
          size={56}
          src={app.logo || undefined}
          icon={<AppstoreOutlined />}
          alt=""
          style={{ flexShrink: 0, background: app.logo ? 'transparent' : '#e8f0fe', color: '#2563eb' }}
        />
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: app.title }} style={{ fontSize: 16 }}>
            {app.title}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: app.pkg }} style={{ fontSize: 12 }}>
            {app.pkg}
          </Typography.Text>
          {app.owned && (
            <Tag color="blue" style={{ width: 'fit-content', marginTop: 4 }}>
              {t('apps.grid.owner')}
            </Tag>
          )}
        </Flex>
      </Flex>
      <Flex gap={8} style={{ marginTop: 'auto' }}>
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void navigate(`${base}/message/editpush`)}
          style={{ flex: 1 }}
        >
          {t('apps.grid.messagesPush')}
        </Button>
        {canSeeRoute('statisticsData/project', app.projectLevel) && (
          <Button
            icon={<BarChartOutlined />}
            onClick={() => void navigate(`${base}/statisticsData/project`)}
            style={{ flex: 1 }}
          >
            {t('apps.grid.analytics')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

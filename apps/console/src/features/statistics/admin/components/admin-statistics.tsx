import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListHeader } from '../../../../components/list-header';
import { AlertsTab } from './alerts-tab';
import { PushTab } from './push-tab';
import { TrackingTab } from './tracking-tab';
import { UserTab } from './user-tab';

/** The tabs of /statistics?item= (part 1 §2), in display order; push stats is the default. */
export const ADMIN_STAT_ITEMS = ['push', 'user', 'tracking', 'alert'] as const;
export type AdminStatItem = (typeof ADMIN_STAT_ITEMS)[number];

const BODIES: Record<AdminStatItem, ComponentType> = {
  push: PushTab,
  user: UserTab,
  tracking: TrackingTab,
  alert: AlertsTab,
};

const isItem = (v: string | null): v is AdminStatItem =>
  (ADMIN_STAT_ITEMS as readonly string[]).includes(v ?? '');

/** /statistics (level 100): push stats, user data, system tracking and server alerts, and back to /dashboard. */
export function AdminStatistics() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('item');
  const item = isItem(raw) ? raw : 'push';
  return (
    <Card variant="borderless">
      <ListHeader
        back={
          <Link to="/dashboard">
            <Button icon={<ArrowLeftOutlined />} data-testid="admin-stat-back">
              {t('statisticsAdmin.back')}
            </Button>
          </Link>
        }
        title={t('statisticsAdmin.title')}
        subtitle={t('statisticsAdmin.subtitle')}
      />
      <Tabs
        activeKey={item}
        destroyOnHidden
        onChange={(key) => setParams(key === 'push' ? {} : { item: key })}
        items={ADMIN_STAT_ITEMS.map((key) => {
          const Body = BODIES[key];
          return { key, label: t(`statisticsAdmin.items.${key}`), children: <Body /> };
        })}
      />
    </Card>
  );
}

import { Tabs } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REVIEW_READ_LEVELS } from '@beacon/shared';
import { useAppInfo } from '../../apps';
import { appPath } from '../../../lib/paths';

/** The tabs of the records section (part 2 §2). */
export type DataTab = 'push' | 'cross' | 'abtest' | 'canvas' | 'review';

/**
 * The records section's tab bar: notifications, transparent messages, A/B tests and, for project levels 100–400 when
 * the app reviews messages, review. Each tab opens its screen (data/<tab>).
 */
export function DataTabs({
  appId,
  current,
  children,
}: {
  appId: number;
  current: DataTab;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAppInfo(appId);
  const level = info.data?.projectLevel ?? 0;
  const reviews =
    info.data?.reviewEnable === true && (REVIEW_READ_LEVELS as readonly number[]).includes(level);
  const tabs = [
    { key: 'push', label: t('messages.tabs.push') },
    { key: 'cross', label: t('messages.tabs.cross') },
    { key: 'abtest', label: t('messages.tabs.abtest') },
    { key: 'canvas', label: t('messages.tabs.canvas') },
    ...(reviews ? [{ key: 'review', label: t('messages.tabs.review') }] : []),
  ];
  const handleTab = (key: DataTab) => {
    if (key !== current) void navigate(appPath(appId, `data/${key}`));
  };
  return (
    <>
      <Tabs activeKey={current} onChange={(k) => handleTab(k as DataTab)} items={tabs} />
      {children}
    </>
  );
}

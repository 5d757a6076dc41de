import { Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { useAppInfo } from '../../apps';

/** The tabs of the records section (part 2 §2). */
export type DataTab = 'push' | 'cross' | 'abtest' | 'review';

const REVIEW_LEVELS = [100, 200, 300, 400];
/** The tabs with a screen of their own (data/push, data/cross, data/abtest); review shows "soon" in place. */
const LINKED_TABS: readonly DataTab[] = ['push', 'cross', 'abtest'];

/**
 * The records section's tab bar: notifications, transparent messages, A/B tests and, for project levels 100–400 when
 * the app reviews messages, review. A linked tab opens its screen; the others show "soon" in place of `children`.
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
  const [soonTab, setSoonTab] = useState<DataTab>();
  const tab = soonTab ?? current;
  const level = info.data?.projectLevel ?? 0;
  const handleTab = (key: DataTab) => {
    if (!LINKED_TABS.includes(key)) return setSoonTab(key);
    setSoonTab(undefined);
    if (key !== current) void navigate(`/app/${appId}/data/${key}`);
    return undefined;
  };
  const tabs = [
    { key: 'push', label: t('messages.tabs.push') },
    { key: 'cross', label: t('messages.tabs.cross') },
    { key: 'abtest', label: t('messages.tabs.abtest') },
    ...(info.data && REVIEW_LEVELS.includes(level) && info.data.reviewEnable
      ? [{ key: 'review', label: `${t('messages.tabs.review')} · ${t('messages.tabs.soon')}` }]
      : []),
  ];
  return (
    <>
      <Tabs activeKey={tab} onChange={(k) => handleTab(k as DataTab)} items={tabs} />
      {tab !== current ? (
        <ComingSoon title={tabs.find((x) => x.key === tab)?.label.split(' · ')[0] ?? ''} />
      ) : (
        children
      )}
    </>
  );
}

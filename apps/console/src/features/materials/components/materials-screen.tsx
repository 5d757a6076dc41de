import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ListHeader } from '../../../components/list-header';
import { PageSpin } from '../../../components/page-spin';
import { useAppInfo } from '../../apps';
import { useLoginStatus } from '../../auth';
import { MaterialFormScreen } from './material-form-screen';
import { MaterialListView } from './material-list-view';
import { appPath } from '../../../lib/paths';

/** The material screens, one route each (material/list, material/recycle, material/audit, material/create). */
export type MaterialTab = 'list' | 'recycle' | 'audit' | 'create';

/**
 * The material library (spec §2 Material): the tabs List, Recycle bin, Audit (when the app reviews its materials) and
 * Create, each its own route. Moving between tabs keeps the material type chosen.
 */
export function MaterialsScreen({ appId, tab }: { appId: number; tab: MaterialTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const info = useAppInfo(appId);
  const session = useLoginStatus();
  const app = info.data;
  if (!app) return <PageSpin />;
  if (tab === 'audit' && !app.materialReviewEnable)
    return <Navigate to={appPath(appId, 'material/list')} replace />;

  const type = search.get('materialType');
  const tabs: Array<{ key: MaterialTab; label: string }> = [
    { key: 'list', label: t('materials.tabs.list') },
    { key: 'recycle', label: t('materials.tabs.recycle') },
    ...(app.materialReviewEnable ? [{ key: 'audit' as const, label: t('materials.tabs.audit') }] : []),
    { key: 'create', label: t('materials.tabs.create') },
  ];
  const handleTab = (key: MaterialTab) => {
    if (key !== tab)
      void navigate(
        appPath(appId, `material/${key}`, { materialType: type && type !== '1' ? type : undefined }),
      );
  };
  const reader = { projectLevel: app.projectLevel, userLevel: session.data?.ulevel ?? 0 };

  return (
    <Card variant="borderless">
      <ListHeader
        wrap
        title={t('materials.title')}
        subtitle={t('materials.subtitle')}
        style={{ marginBottom: 8 }}
      />
      <Tabs activeKey={tab} onChange={(k) => handleTab(k as MaterialTab)} items={tabs} />
      {tab === 'create' ? (
        <MaterialFormScreen appId={appId} app={app} />
      ) : (
        <MaterialListView key={tab} appId={appId} list={tab} app={app} reader={reader} />
      )}
    </Card>
  );
}

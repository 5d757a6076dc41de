import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppsEmpty } from '../../../features/dashboard/components/apps-empty';
import { GroupsEmpty } from '../../../features/dashboard/components/groups-empty';

/** /dashboard: the Apps tab, or Apps Group with `?tab=groups`. */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (search.get('tab') === 'groups') return <GroupsEmpty />;
  return (
    <>
      {search.get('act') === 'new' && (
        <Alert type="info" showIcon title={t('dashboard.apps.soon')} style={{ marginBottom: 16 }} closable />
      )}
      <AppsEmpty />
    </>
  );
}

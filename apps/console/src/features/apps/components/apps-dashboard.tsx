import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { APP_LIMITS } from '@beacon/shared';
import { useSearchParamsPatch } from '../../../lib/search-params';
import { AppsTab } from './apps-tab';
import { CreateAppDialog } from './create-app-dialog';
import { appPath } from '../../../lib/paths';

/**
 * Where a dashboard link with `appId` and `act` leads (part 1 §2): material audit or journey confirmation in the
 * app; undefined for anything else.
 */
export function dashboardActTarget(search: URLSearchParams): string | undefined {
  const appId = search.get('appId');
  if (!appId || !/^\d+$/.test(appId)) return undefined;
  const act = search.get('act');
  if (act === 'material-audit') {
    const id = search.get('materialId');
    return appPath(appId, 'material/audit', { materialId: id || undefined });
  }
  if (act === 'canvas-confirm') {
    return appPath(appId, 'data/canvas', { id: search.get('id') ?? '', act: 'confirm' });
  }
  return undefined;
}

/** The Apps tab with its create dialog; `?act=new` opens the dialog after 500 ms. */
export function AppsDashboard() {
  const [search, update] = useSearchParamsPatch();
  const [creating, setCreating] = useState(false);
  const wantsNew = search.get('act') === 'new';

  useEffect(() => {
    if (!wantsNew) return;
    const timer = setTimeout(() => {
      setCreating(true);
      update({ act: undefined }, { replace: true });
    }, APP_LIMITS.createDialogDelayMs);
    return () => clearTimeout(timer);
  }, [wantsNew, update]);

  const target = dashboardActTarget(search);
  if (target) return <Navigate to={target} replace />;

  return (
    <>
      <AppsTab onCreate={() => setCreating(true)} />
      <CreateAppDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

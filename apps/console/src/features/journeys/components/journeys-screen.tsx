import { BranchesOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ParentListScreen, useParentList } from '../../messages';
import { useJourneys } from '../api/get-journeys';
import { JourneyConfirmDialog } from './journey-confirm-dialog';
import { JourneyTable } from './journey-table';
import { appPath } from '../../../lib/paths';

/**
 * data/canvas: the journeys of the app (docs/journeys.md "Reading a journey"), filters and page in the URL, with the
 * row menu; `?id=&act=confirm` (the dashboard's link) opens that journey's confirmation, `?id=&act=view` (the
 * review list's) its canvas in view mode.
 */
export function JourneysScreen({ appId }: { appId: number }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const state = useParentList();
  const list = useJourneys(appId, state.request);
  const confirming = search.get('act') === 'confirm' ? Number(search.get('id')) || undefined : undefined;
  const openConfirm = (msgId: number) =>
    setSearch((s) => {
      s.set('id', String(msgId));
      s.set('act', 'confirm');
      return s;
    });
  const closeConfirm = () =>
    setSearch((s) => {
      s.delete('id');
      s.delete('act');
      return s;
    });
  const viewing = search.get('act') === 'view' ? Number(search.get('id')) || undefined : undefined;
  // a journey's detail (the review list's link) is its canvas in view mode
  useEffect(() => {
    if (viewing !== undefined)
      void navigate(appPath(appId, 'message/editcanvas', { id: viewing, act: 'view' }), { replace: true });
  }, [appId, navigate, viewing]);
  const editor = (msgId: number, act: string) =>
    void navigate(appPath(appId, 'message/editcanvas', { id: msgId, act }));

  return (
    <ParentListScreen
      appId={appId}
      tab="canvas"
      texts="journeys"
      icon={BranchesOutlined}
      testIds={{ create: 'create-journey', empty: 'journey-empty', filters: 'journey-filters' }}
      list={list}
      state={state}
      onCreate={() => void navigate(appPath(appId, 'message/editcanvas'))}
      table={(props) => (
        <JourneyTable
          {...props}
          onView={(r) => editor(r.msgId, 'view')}
          onConfirm={(r) => openConfirm(r.msgId)}
        />
      )}
    >
      {confirming !== undefined && (
        <JourneyConfirmDialog
          appId={appId}
          msgId={confirming}
          onClose={closeConfirm}
          onEdit={() => editor(confirming, 'edit')}
        />
      )}
    </ParentListScreen>
  );
}

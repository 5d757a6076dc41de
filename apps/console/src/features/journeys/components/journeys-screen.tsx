import { BranchesOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { JourneyListRequest } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import {
  DataTabs,
  ParentFilters,
  PARENT_LIST_URL,
  parentFiltersPatch,
  parentListFilters,
  parentListRequest,
  hasParentFilters,
  type ParentListFilters,
} from '../../messages';
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { filters: read, update } = useListFilters(JourneyListRequest, PARENT_LIST_URL);
  const filters = parentListFilters(read);
  const list = useJourneys(appId, parentListRequest(filters));
  const rows = list.data?.msgs ?? [];
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
  const create = () => void navigate(appPath(appId, 'message/editcanvas'));
  const editor = (msgId: number, act: string) =>
    void navigate(appPath(appId, 'message/editcanvas', { id: msgId, act }));
  const apply = (next: ParentListFilters) => update(parentFiltersPatch(next));
  const firstTime =
    !list.isPending && !list.isError && rows.length === 0 && !hasParentFilters(filters) && filters.page === 1;

  return (
    <Card variant="borderless">
      <ListHeader
        wrap
        title={t('messages.title')}
        subtitle={t('journeys.list.subtitle')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="create-journey">
            {t('journeys.list.create')}
          </Button>
        }
        style={{ marginBottom: 8 }}
      />
      <DataTabs appId={appId} current="canvas">
        {firstTime ? (
          <Empty
            data-testid="journey-empty"
            image={<BranchesOutlined style={{ fontSize: 56, color: '#4c6ef5' }} />}
            style={{ padding: '48px 0' }}
            description={
              <>
                <Typography.Title level={4}>{t('journeys.empty.title')}</Typography.Title>
                <Typography.Text type="secondary">{t('journeys.empty.text')}</Typography.Text>
              </>
            }
          >
            <Button type="primary" size="large" icon={<BranchesOutlined />} onClick={create}>
              {t('journeys.empty.button')}
            </Button>
          </Empty>
        ) : (
          <>
            <ParentFilters testId="journey-filters" value={filters} onSearch={apply} />
            <JourneyTable
              appId={appId}
              rows={rows}
              total={list.data?.total ?? 0}
              page={filters.page}
              pageSize={read.pageSize}
              tz={filters.tz}
              loading={list.isPending}
              onPageChange={(page) => apply({ ...filters, page })}
              onView={(r) => editor(r.msgId, 'view')}
              onConfirm={(r) => openConfirm(r.msgId)}
            />
            {rows.length === 0 && !list.isPending && hasParentFilters(filters) && (
              <Typography.Text type="secondary">{t('journeys.empty.noMatch')}</Typography.Text>
            )}
          </>
        )}
      </DataTabs>
      {confirming !== undefined && (
        <JourneyConfirmDialog
          appId={appId}
          msgId={confirming}
          onClose={closeConfirm}
          onEdit={() => editor(confirming, 'edit')}
        />
      )}
    </Card>
  );
}

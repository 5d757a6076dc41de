import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type AppGroup } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import { useLoginStatus } from '../../auth';
import { useAppGroups } from '../api/get-app-groups';
import { useDeleteAppGroup } from '../api/delete-app-group';
import { AppGroupCard } from './app-group-card';
import { AppGroupDialog } from './app-group-dialog';

const PAGE_SIZE = 12;
/** The groups come in one answer and are paged here: only the page (`gpage`) is in the URL. */
const GROUP_PAGES = z.object({});

/** `seq` changes at every opening, so the dialog's form starts from the group it is opened for. */
type DialogState = { open: boolean; seq: number; group?: AppGroup | undefined };

/** The Apps Group tab of /dashboard: the user's app groups as cards, with add, edit and delete. */
export function AppGroupsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, update } = useListFilters(GROUP_PAGES, {
    fields: [],
    pageParam: 'gpage',
    pageSize: PAGE_SIZE,
  });
  const [dialog, setDialog] = useState<DialogState>({ open: false, seq: 0 });
  const groups = useAppGroups();
  const me = useLoginStatus();
  const remove = useDeleteAppGroup({
    mutationConfig: { onSuccess: () => void message.success(t('appGroups.deleted')) },
  });
  const all = groups.data?.groups ?? [];
  const lastPage = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const page = Math.min(filters.pageNo, lastPage);
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const openAdd = () => setDialog((d) => ({ open: true, seq: d.seq + 1 }));

  return (
    <Card variant="borderless">
      <ListHeader
        title={t('appGroups.title')}
        subtitle={t('appGroups.subtitle')}
        actions={
          all.length > 0 && (
            <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
              {t('appGroups.add')}
            </Button>
          )
        }
      />
      {groups.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : all.length === 0 ? (
        <Empty
          style={{ padding: '32px 0' }}
          description={
            <>
              <Typography.Title level={5} style={{ marginBottom: 4 }}>
                {t('appGroups.emptyTitle')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('appGroups.emptyText')}</Typography.Text>
            </>
          }
        >
          <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
            {t('appGroups.createFirst')}
          </Button>
        </Empty>
      ) : (
        <>
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 16 }}
          >
            {shown.map((group) => (
              <AppGroupCard
                key={group.groupId}
                group={group}
                viewerEmail={me.data?.email ?? ''}
                deleting={remove.isPending && remove.variables.groupId === group.groupId}
                onEdit={(g) => setDialog((d) => ({ open: true, seq: d.seq + 1, group: g }))}
                onDelete={(g) => remove.mutate({ groupId: g.groupId })}
              />
            ))}
          </div>
          {all.length > PAGE_SIZE && (
            <Flex justify="end" style={{ marginTop: 16 }}>
              <Pagination
                current={page}
                pageSize={PAGE_SIZE}
                total={all.length}
                onChange={(pageNo) => update({ pageNo })}
                showSizeChanger={false}
              />
            </Flex>
          )}
        </>
      )}
      <AppGroupDialog
        key={dialog.seq}
        open={dialog.open}
        group={dialog.group}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Card>
  );
}

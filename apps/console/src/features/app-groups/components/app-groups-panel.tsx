import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type AppGroup } from '@beacon/shared';
import { useLoginStatus } from '../../auth/api/get-login-status';
import { useAppGroups } from '../api/get-app-groups';
import { useDeleteAppGroup } from '../api/delete-app-group';
import { AppGroupCard } from './app-group-card';
import { AppGroupDialog } from './app-group-dialog';

const PAGE_SIZE = 12;

/** `seq` changes at every opening, so the dialog's form starts from the group it is opened for. */
type DialogState = { open: boolean; seq: number; group?: AppGroup | undefined };

function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('gpage'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The Apps Group tab of /dashboard: the user's app groups as cards, with add, edit and delete. */
export function AppGroupsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<DialogState>({ open: false, seq: 0 });
  const groups = useAppGroups();
  const me = useLoginStatus();
  const remove = useDeleteAppGroup({
    mutationConfig: { onSuccess: () => void message.success(t('appGroups.deleted')) },
  });
  const all = groups.data?.groups ?? [];
  const lastPage = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const page = Math.min(pageFrom(search), lastPage);
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const handlePage = (next: number) =>
    setSearch((prev) => {
      const params = new URLSearchParams(prev);
      if (next > 1) params.set('gpage', String(next));
      else params.delete('gpage');
      return params;
    });
  const openAdd = () => setDialog((d) => ({ open: true, seq: d.seq + 1 }));

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('appGroups.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('appGroups.subtitle')}</Typography.Text>
        </div>
        {all.length > 0 && (
          <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
            {t('appGroups.add')}
          </Button>
        )}
      </Flex>
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
                onChange={handlePage}
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

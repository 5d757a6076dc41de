import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserListRequest, type UserRow } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { UserDialog } from './user-dialog';
import { UsersTable } from './users-table';

type DialogState = { open: false } | { open: true; user?: UserRow };

/** The administrators list: e-mail search and page kept in the URL, add, edit and delete. */
export function UsersPanel() {
  const { t } = useTranslation();
  const { filters, update, search } = useListFilters(UserListRequest, { fields: ['email'], search: 'email' });
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  const users = useUsers(filters);
  const remove = useDeleteUser();

  return (
    <Card variant="borderless">
      <ListHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        search={{ label: t('users.search'), width: 280, ...search }}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
            {t('users.add')}
          </Button>
        }
      />
      <UsersTable
        rows={users.data?.results ?? []}
        total={users.data?.total ?? 0}
        page={filters.pageNo}
        loading={users.isFetching}
        deleting={remove.isPending ? remove.variables.email : undefined}
        onPageChange={(pageNo) => update({ pageNo })}
        onEdit={(user) => setDialog({ open: true, user })}
        onDelete={(user) => remove.mutate({ email: user.email })}
      />
      <UserDialog
        open={dialog.open}
        user={dialog.open ? dialog.user : undefined}
        onClose={() => setDialog({ open: false })}
      />
    </Card>
  );
}

import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIMITS, type UserRow } from '@beacon/shared';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { UserDialog } from './user-dialog';
import { UsersTable } from './users-table';

type DialogState = { open: false } | { open: true; user?: UserRow };

function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The administrators list: e-mail search and page kept in the URL, add, edit and delete. */
export function UsersPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const email = search.get('email') ?? '';
  const page = pageFrom(search);
  const [term, setTerm] = useState(email);
  const [shownEmail, setShownEmail] = useState(email);
  const timer = useRef<number | undefined>(undefined);
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  // The URL changed under us (back button, link): show its search term.
  if (email !== shownEmail) {
    setShownEmail(email);
    if (term.trim() !== email) setTerm(email);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleTerm = (value: string) => {
    setTerm(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value.trim()) next.set('email', value.trim());
          else next.delete('email');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, LIMITS.searchDebounceMs);
  };

  const users = useUsers({ email, pageNo: page, pageSize: LIMITS.usersPageSize });
  const remove = useDeleteUser();

  const handlePage = (next: number) =>
    setSearch((prev) => {
      const params = new URLSearchParams(prev);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('users.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('users.subtitle')}</Typography.Text>
        </div>
        <Flex gap={12}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            value={term}
            onChange={(e) => handleTerm(e.target.value)}
            style={{ width: 280 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
            {t('users.add')}
          </Button>
        </Flex>
      </Flex>
      <UsersTable
        rows={users.data?.results ?? []}
        total={users.data?.total ?? 0}
        page={page}
        loading={users.isFetching}
        deleting={remove.isPending ? remove.variables.email : undefined}
        onPageChange={handlePage}
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

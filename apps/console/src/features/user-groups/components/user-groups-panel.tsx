import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AUDIENCE_LIMITS, type TagTreeNode } from '@beacon/shared';
import { useAppDictionaries } from '../../dictionaries/api/get-app-dictionaries';
import { useDeleteUserGroup } from '../api/delete-user-group';
import { useUserGroups } from '../api/get-user-groups';
import { useRememberedSearch } from '../lib/remembered-search';
import { UserGroupsTable } from './user-groups-table';

const flatten = (nodes: TagTreeNode[]): TagTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** An app's user groups: name search (remembered per path), live sizes, add, edit and delete. */
export function UserGroupsPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, setState] = useRememberedSearch(pathname);
  const [term, setTerm] = useState(state.name);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const groups = useUserGroups(appId, {
    name: state.name,
    pageNo: state.page,
    pageSize: AUDIENCE_LIMITS.groupsPageSize,
    withSize: true,
  });
  const remove = useDeleteUserGroup();
  const dict = useAppDictionaries(appId);
  const tagNames = useMemo(() => {
    const d = dict.data;
    if (!d) return undefined;
    return new Map([...flatten(d.interestTags), ...d.audiencePackages].map((x) => [String(x.id), x.name]));
  }, [dict.data]);

  const handleTerm = (value: string) => {
    setTerm(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setState({ name: value.trim(), page: 1 }),
      AUDIENCE_LIMITS.groupSearchDebounceMs,
    );
  };
  const base = `/app/${appId}/config`;

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('userGroups.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('userGroups.subtitle')}</Typography.Text>
        </div>
        <Flex gap={12}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('userGroups.search')}
            aria-label={t('userGroups.search')}
            value={term}
            onChange={(e) => handleTerm(e.target.value)}
            onPressEnter={() => {
              window.clearTimeout(timer.current);
              setState({ name: term.trim(), page: 1 });
            }}
            style={{ width: 260 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${base}/editgroup`)}>
            {t('userGroups.add')}
          </Button>
        </Flex>
      </Flex>
      <UserGroupsTable
        rows={groups.data?.results ?? []}
        total={groups.data?.total ?? 0}
        page={state.page}
        loading={groups.isFetching}
        tagNames={tagNames}
        deleting={remove.isPending ? remove.variables.id : undefined}
        onPageChange={(page) => setState({ page })}
        onEdit={(group) => void navigate(`${base}/editgroup?id=${group.id}`)}
        onDelete={(group) => remove.mutate({ appId, id: group.id, name: group.name })}
      />
    </Card>
  );
}

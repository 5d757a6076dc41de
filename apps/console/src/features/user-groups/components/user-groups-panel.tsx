import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AUDIENCE_LIMITS, type TagTreeNode } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useAppDictionaries } from '../../dictionaries';
import { useDeleteUserGroup } from '../api/delete-user-group';
import { useUserGroups } from '../api/get-user-groups';
import { useRememberedSearch } from '../lib/remembered-search';
import { UserGroupsTable } from './user-groups-table';
import { appPath } from '../../../lib/paths';

const flatten = (nodes: TagTreeNode[]): TagTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** An app's user groups: name search (remembered per path), live sizes, add, edit and delete. */
export function UserGroupsPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, setState] = useRememberedSearch(pathname);
  const search = useDebouncedSearch(
    state.name,
    (name) => setState({ name, page: 1 }),
    AUDIENCE_LIMITS.groupSearchDebounceMs,
  );

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

  const base = appPath(appId, 'config');

  return (
    <Card variant="borderless">
      <ListHeader
        title={t('userGroups.title')}
        subtitle={t('userGroups.subtitle')}
        search={{ label: t('userGroups.search'), ...search, onPressEnter: search.flush }}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${base}/editgroup`)}>
            {t('userGroups.add')}
          </Button>
        }
      />
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

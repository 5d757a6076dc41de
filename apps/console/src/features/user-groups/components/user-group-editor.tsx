import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpin } from '../../../components/page-spin';
import { useDictionaries } from '../../dictionaries';
import { useUserGroups } from '../api/get-user-groups';
import { UserGroupForm } from './user-group-form';

/** Loads the group (when editing) and the app's dictionaries, then shows the form. */
export function UserGroupEditor({
  appId,
  id,
  onDone,
}: {
  appId: number;
  id?: number | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { dictionaries, isError } = useDictionaries(appId);
  const found = useUserGroups(appId, { id, pageNo: 1, pageSize: 1 }, id !== undefined);
  if (isError) return <Result status="error" title={t('userGroups.dictError')} />;
  if (!dictionaries || (id !== undefined && found.isLoading)) return <PageSpin />;
  const group = id === undefined ? undefined : found.data?.results[0];
  if (id !== undefined && !group) return <Result status="404" title={t('userGroups.notFound')} />;
  return (
    <UserGroupForm
      key={group?.id ?? 'new'}
      appId={appId}
      group={group}
      dictionaries={dictionaries}
      onDone={onDone}
    />
  );
}

import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagFlag } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { useTags } from '../api/get-tags';
import { TagForm } from './tag-form';

/** Loads the tag being edited (when `id` is set) and shows the form. */
export function TagEditor({
  appId,
  id,
  defaultFlag,
  onDone,
}: {
  appId: number;
  id?: number | undefined;
  defaultFlag?: TagFlag | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const found = useTags(appId, { id, pageNo: 1, pageSize: 1 }, id !== undefined);
  if (id !== undefined && found.isLoading) return <PageSpin />;
  const tag = id === undefined ? undefined : found.data?.results[0];
  if (id !== undefined && !tag) return <Result status="404" title={t('tags.notFound')} />;
  return <TagForm key={tag?.id ?? 'new'} appId={appId} tag={tag} defaultFlag={defaultFlag} onDone={onDone} />;
}

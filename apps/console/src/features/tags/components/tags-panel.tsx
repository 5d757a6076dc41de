import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TagListRequest, type Tag, type TagFlag } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import { useDeleteTag } from '../api/delete-tag';
import { useTags } from '../api/get-tags';
import { TagImportDialog } from './tag-import-dialog';
import { TagsTable } from './tags-table';
import { appPath } from '../../../lib/paths';

/** Tag management: flag filter, search and page in the URL; add, edit, import GAIDs, delete. */
export function TagsPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, update, search } = useListFilters(TagListRequest, {
    fields: ['name', 'flag'],
    search: 'name',
    replace: true,
  });
  const { flag } = filters;
  const [importing, setImporting] = useState<Tag | undefined>(undefined);

  const tags = useTags(appId, filters);
  const remove = useDeleteTag();
  const base = appPath(appId, 'config');

  return (
    <Card variant="borderless">
      <ListHeader
        wrap
        title={t('tags.title')}
        subtitle={t('tags.subtitle')}
        filters={
          <Segmented<TagFlag | 'ALL'>
            value={flag ?? 'ALL'}
            onChange={(v) => update({ flag: v === 'ALL' ? undefined : v })}
            options={[
              { value: 'ALL', label: t('tags.flagAll') },
              { value: 'LABEL', label: t('tags.flagLabel') },
              { value: 'GROUP', label: t('tags.flagGroup') },
            ]}
          />
        }
        search={{ label: t('tags.search'), width: 240, ...search }}
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(`${base}/tagconfig${flag ? `?flag=${flag}` : ''}`)}
          >
            {t('tags.add')}
          </Button>
        }
      />
      <TagsTable
        rows={tags.data?.results ?? []}
        total={tags.data?.total ?? 0}
        page={filters.pageNo}
        loading={tags.isFetching}
        deleting={remove.isPending ? remove.variables.id : undefined}
        onPageChange={(pageNo) => update({ pageNo })}
        onEdit={(tag) => void navigate(`${base}/tagconfigedit?id=${tag.id}`)}
        onImport={setImporting}
        onDelete={(tag) => remove.mutate({ appId, id: tag.id, name: tag.name })}
      />
      <TagImportDialog appId={appId} tag={importing} onClose={() => setImporting(undefined)} />
    </Card>
  );
}

import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Segmented, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AUDIENCE_LIMITS, LIMITS, TagFlag, type Tag } from '@beacon/shared';
import { useDeleteTag } from '../api/delete-tag';
import { useTags } from '../api/get-tags';
import { TagImportDialog } from './tag-import-dialog';
import { TagsTable } from './tags-table';

/** Tag management: flag filter, search and page in the URL; add, edit, import GAIDs, delete. */
export function TagsPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const name = search.get('name') ?? '';
  const flagParsed = TagFlag.safeParse(search.get('flag'));
  const flag = flagParsed.success ? flagParsed.data : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [term, setTerm] = useState(name);
  const [importing, setImporting] = useState<Tag | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const tags = useTags(appId, { name, flag, pageNo: page, pageSize: AUDIENCE_LIMITS.tagsPageSize });
  const remove = useDeleteTag();
  const setParams = (patch: Record<string, string | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const handleTerm = (value: string) => {
    setTerm(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setParams({ name: value.trim() || undefined, page: undefined }),
      LIMITS.searchDebounceMs,
    );
  };
  const base = `/app/${appId}/config`;

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('tags.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('tags.subtitle')}</Typography.Text>
        </div>
        <Flex gap={12} align="center">
          <Segmented
            value={flag ?? 'ALL'}
            onChange={(v) => setParams({ flag: v === 'ALL' ? undefined : String(v), page: undefined })}
            options={[
              { value: 'ALL', label: t('tags.flagAll') },
              { value: 'LABEL', label: t('tags.flagLabel') },
              { value: 'GROUP', label: t('tags.flagGroup') },
            ]}
          />
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('tags.search')}
            aria-label={t('tags.search')}
            value={term}
            onChange={(e) => handleTerm(e.target.value)}
            style={{ width: 240 }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(`${base}/tagconfig${flag ? `?flag=${flag}` : ''}`)}
          >
            {t('tags.add')}
          </Button>
        </Flex>
      </Flex>
      <TagsTable
        rows={tags.data?.results ?? []}
        total={tags.data?.total ?? 0}
        page={page}
        loading={tags.isFetching}
        deleting={remove.isPending ? remove.variables.id : undefined}
        onPageChange={(p) => setParams({ page: p > 1 ? String(p) : undefined })}
        onEdit={(tag) => void navigate(`${base}/tagconfigedit?id=${tag.id}`)}
        onImport={setImporting}
        onDelete={(tag) => remove.mutate({ appId, id: tag.id, name: tag.name })}
      />
      <TagImportDialog appId={appId} tag={importing} onClose={() => setImporting(undefined)} />
    </Card>
  );
}

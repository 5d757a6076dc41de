import {
  DownloadOutlined,
  FileExcelOutlined,
  PlusOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Flex, Input, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  LIMITS,
  MODEL_CONTROL_LIMITS,
  MODEL_CONTROL_PATHS,
  type ModelEntry,
  type ModelUploadPreview,
} from '@beacon/shared';
import { AuditButton } from '../../audit/components/audit-button';
import { useDeleteModel } from '../api/delete-model';
import { useModels } from '../api/get-models';
import { useUploadModels } from '../api/upload-models';
import { consoleLang } from './country-select';
import { ModelDialog } from './model-dialog';
import { ModelsTable } from './models-table';
import { UploadPreview } from './upload-preview';

type DialogState = { open: false } | { open: true; entry?: ModelEntry };

/** One shielding list with its toolbar: search (kept in the URL), add, template, download, upload, audit log. */
export function ModelsList({ shieldType }: { shieldType: 1 | 2 }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const keyword = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [term, setTerm] = useState(keyword);
  const timer = useRef<number | undefined>(undefined);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [preview, setPreview] = useState<ModelUploadPreview | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const models = useModels({ shieldType, keyword, pageNo: page, pageSize: MODEL_CONTROL_LIMITS.pageSize });
  const remove = useDeleteModel();
  const upload = useUploadModels({ mutationConfig: { onSuccess: setPreview } });

  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
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
      () => update({ q: value.trim() || undefined, page: undefined }),
      LIMITS.searchDebounceMs,
    );
  };

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          style={{ width: 280 }}
          prefix={<SearchOutlined />}
          placeholder={t('modelControl.search')}
          aria-label={t('modelControl.search')}
          value={term}
          onChange={(e) => handleTerm(e.target.value)}
        />
        <Flex gap={8} wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
            {t('modelControl.add')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              upload.mutate({ shieldType, file, lang: consoleLang(i18n.language) });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('modelControl.upload.button')}
            </Button>
          </Upload>
          <Button
            icon={<FileExcelOutlined />}
            href={shieldType === 1 ? MODEL_CONTROL_PATHS.adsTemplate : MODEL_CONTROL_PATHS.globalTemplate}
            download
          >
            {t('modelControl.template')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            href={`${MODEL_CONTROL_PATHS.download}?shieldType=${shieldType}`}
            download
          >
            {t('modelControl.download')}
          </Button>
          <AuditButton area="models" />
        </Flex>
      </Flex>
      <ModelsTable
        rows={models.data?.list ?? []}
        total={models.data?.total ?? 0}
        page={page}
        pageSize={MODEL_CONTROL_LIMITS.pageSize}
        loading={models.isFetching}
        searching={keyword !== ''}
        onPage={(next) => update({ page: next > 1 ? String(next) : undefined })}
        onEdit={(entry) => setDialog({ open: true, entry })}
        onDelete={(entry) => remove.mutate({ id: entry.id })}
      />
      {dialog.open && (
        <ModelDialog
          shieldType={shieldType}
          entry={dialog.entry}
          onClose={() => setDialog({ open: false })}
        />
      )}
      {preview && <UploadPreview preview={preview} onClose={() => setPreview(undefined)} />}
    </>
  );
}

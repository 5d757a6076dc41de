import { DownloadOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MODEL_CONTROL_PATHS,
  ModelListRequest,
  type ModelEntry,
  type ModelUploadPreview,
} from '@beacon/shared';
import { SearchBox } from '../../../components/list-header';
import { useListFilters } from '../../../lib/list-filters';
import { AuditButton } from '../../audit';
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
  const { filters, update, search } = useListFilters(ModelListRequest, {
    fields: ['keyword'],
    names: { keyword: 'q' },
    search: 'keyword',
    replace: true,
  });
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [preview, setPreview] = useState<ModelUploadPreview | undefined>(undefined);

  const models = useModels({ ...filters, shieldType });
  const remove = useDeleteModel();
  const upload = useUploadModels({ mutationConfig: { onSuccess: setPreview } });

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox label={t('modelControl.search')} width={280} {...search} />
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
        page={filters.pageNo}
        pageSize={filters.pageSize}
        loading={models.isFetching}
        searching={filters.keyword !== ''}
        onPage={(pageNo) => update({ pageNo })}
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

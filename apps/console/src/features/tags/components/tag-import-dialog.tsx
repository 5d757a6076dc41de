import { InboxOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Modal, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageLang, Tag } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { useImportTagDevices } from '../api/import-tag-devices';

/** Tags devices from a .txt file of GAIDs (one per line) and shows what happened. */
export function TagImportDialog({
  appId,
  tag,
  onClose,
}: {
  appId: number;
  tag: Tag | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const upload = useImportTagDevices();
  const lang = (
    ['en', 'zh', 'fr'].includes(i18n.language.slice(0, 2)) ? i18n.language.slice(0, 2) : 'en'
  ) as MessageLang;
  const close = () => {
    upload.reset();
    onClose();
  };
  return (
    <Modal
      open={tag !== undefined}
      title={t('tags.importTitle', { name: tag?.name ?? '' })}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('tags.importHint')}</Typography.Paragraph>
      <Upload.Dragger
        accept=".txt,text/plain"
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          if (!file.name.toLowerCase().endsWith('.txt')) {
            upload.reset();
            void Modal.error({ title: t('tags.onlyTxt') });
            return Upload.LIST_IGNORE;
          }
          if (tag) upload.mutate({ appId, tagId: tag.id, file, lang });
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{upload.isPending ? t('tags.importing') : t('tags.importDrop')}</p>
      </Upload.Dragger>
      {upload.isError && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          message={isApiError(upload.error) ? upload.error.message : t('tags.importFailed')}
        />
      )}
      {upload.data && (
        <Descriptions
          style={{ marginTop: 16 }}
          bordered
          size="small"
          column={1}
          data-testid="tag-import-result"
        >
          <Descriptions.Item label={t('tags.result.lines')}>{upload.data.lines}</Descriptions.Item>
          <Descriptions.Item label={t('tags.result.imported')}>{upload.data.imported}</Descriptions.Item>
          <Descriptions.Item label={t('tags.result.already')}>{upload.data.already}</Descriptions.Item>
          <Descriptions.Item label={t('tags.result.unknown')}>{upload.data.unknown}</Descriptions.Item>
          <Descriptions.Item label={t('tags.result.malformed')}>{upload.data.malformed}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

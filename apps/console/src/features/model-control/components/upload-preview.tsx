import { Alert, App, Modal, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type ModelUploadChange,
  type ModelUploadPreview,
  type ModelUploadRejected,
  type ModelUploadRow,
} from '@beacon/shared';
import { useConfirmUpload } from '../api/upload-models';
import { problemText } from './model-rules';

interface UploadPreviewProps {
  preview: ModelUploadPreview;
  onClose: () => void;
}

/** What an uploaded sheet would do: rows to add, to change (old → new) and refused rows with every reason. */
export function UploadPreview({ preview, onClose }: UploadPreviewProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmUpload({
    mutationConfig: {
      onSuccess: ({ added, changed }) => {
        void message.success(t('modelControl.upload.applied', { added, changed }));
        onClose();
      },
    },
  });
  const nothing = preview.toAdd.length + preview.toChange.length === 0;
  const tier = (v: number) => t(`modelControl.tier.${v}`);
  const rowCol = { title: t('modelControl.upload.row'), dataIndex: 'row', width: 70 };
  const valueCols = [
    { title: t('modelControl.field.type'), dataIndex: 'type', render: tier },
    { title: t('modelControl.field.brand'), dataIndex: 'brand' },
    { title: t('modelControl.field.model'), dataIndex: 'model' },
    { title: t('modelControl.field.protectDefault'), dataIndex: 'protectDefault' },
    { title: t('modelControl.field.protectNewMarket'), dataIndex: 'protectNewMarket' },
  ];
  const changed =
    (field: 'type' | 'protectDefault' | 'protectNewMarket') => (value: number, row: ModelUploadChange) =>
      row.previous[field] === value ? (
        field === 'type' ? (
          tier(value)
        ) : (
          value
        )
      ) : (
        <span>
          <Typography.Text delete type="secondary">
            {field === 'type' ? tier(row.previous[field]) : row.previous[field]}
          </Typography.Text>{' '}
          → <Typography.Text strong>{field === 'type' ? tier(value) : value}</Typography.Text>
        </span>
      );

  return (
    <Modal
      open
      width={960}
      title={t('modelControl.upload.title')}
      okText={t('modelControl.upload.confirm', { count: preview.toAdd.length + preview.toChange.length })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: nothing }}
      confirmLoading={confirm.isPending}
      onOk={() => confirm.mutate({ uploadId: preview.uploadId })}
      onCancel={onClose}
    >
      <Alert
        type={preview.rejected.length > 0 ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 12 }}
        title={t('modelControl.upload.summary', {
          add: preview.toAdd.length,
          change: preview.toChange.length,
          same: preview.unchanged,
          reject: preview.rejected.length,
        })}
        description={t(nothing ? 'modelControl.upload.nothing' : 'modelControl.upload.allOrNothing')}
      />
      <Tabs
        defaultActiveKey={preview.rejected.length > 0 ? 'rejected' : 'add'}
        items={[
          {
            key: 'add',
            label: `${t('modelControl.upload.toAdd')} (${preview.toAdd.length})`,
            children: (
              <Table<ModelUploadRow>
                data-testid="upload-add"
                size="small"
                rowKey="row"
                columns={[rowCol, ...valueCols]}
                dataSource={preview.toAdd}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
              />
            ),
          },
          {
            key: 'change',
            label: `${t('modelControl.upload.toChange')} (${preview.toChange.length})`,
            children: (
              <Table<ModelUploadChange>
                data-testid="upload-change"
                size="small"
                rowKey="row"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={preview.toChange}
                columns={[
                  rowCol,
                  { title: t('modelControl.field.type'), dataIndex: 'type', render: changed('type') },
                  { title: t('modelControl.field.brand'), dataIndex: 'brand' },
                  { title: t('modelControl.field.model'), dataIndex: 'model' },
                  {
                    title: t('modelControl.field.protectDefault'),
                    dataIndex: 'protectDefault',
                    render: changed('protectDefault'),
                  },
                  {
                    title: t('modelControl.field.protectNewMarket'),
                    dataIndex: 'protectNewMarket',
                    render: changed('protectNewMarket'),
                  },
                ]}
              />
            ),
          },
          {
            key: 'rejected',
            label: (
              <span>
                {t('modelControl.upload.rejected')}{' '}
                {preview.rejected.length > 0 ? <Tag color="red">{preview.rejected.length}</Tag> : '(0)'}
              </span>
            ),
            children: (
              <Table<ModelUploadRejected>
                data-testid="upload-rejected"
                size="small"
                rowKey="row"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={preview.rejected}
                columns={[
                  rowCol,
                  {
                    title: t('modelControl.upload.cells'),
                    key: 'cells',
                    width: 320,
                    render: (_v, r) => (
                      <Typography.Text code>
                        {[
                          r.cells.type,
                          r.cells.brand,
                          r.cells.model,
                          r.cells.protectDefault,
                          r.cells.protectNewMarket,
                        ]
                          .map((c) => c || '∅')
                          .join(' · ')}
                      </Typography.Text>
                    ),
                  },
                  {
                    title: t('modelControl.upload.reasons'),
                    key: 'issues',
                    render: (_v, r) => (
                      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                        {r.issues.map((i) => (
                          <li key={`${i.field}-${i.problem}`}>
                            {i.problem === 'duplicate'
                              ? t('modelControl.upload.duplicateOf', { row: i.duplicateOfRow ?? '?' })
                              : problemText(t, i.field, i.problem)}
                          </li>
                        ))}
                      </ul>
                    ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

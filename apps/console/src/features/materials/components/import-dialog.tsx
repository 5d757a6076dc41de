import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_LIMITS, type SheetProblem } from '@beacon/shared';
import { useImportMaterials } from '../api/import-materials';

/** The import template (spec §2 Other reusable screens). */
export const MATERIAL_TEMPLATE = '/static/material3.xlsx';

const MB = 1024 * 1024;

/** What the file picker offers: .xlsx only, as the server reads (exceljs reads no .xls). */
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a picked file is refused before it is sent, or undefined to send it. */
function fileProblem(file: File): 'xls' | 'notXlsx' | 'tooBig' | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return 'xls';
  if (!name.endsWith('.xlsx')) return 'notXlsx';
  return file.size > MATERIAL_LIMITS.importBytesMax ? 'tooBig' : undefined;
}

/**
 * The Excel import (spec §2 Material, §5 Materials): the template, then an .xlsx of at most 30 materials from row 4.
 * Every material is created, or none: the bad cells are listed (row, column, field, why).
 */
export function ImportDialog({ appId, onClose }: { appId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [problems, setProblems] = useState<SheetProblem[]>();
  const [refusal, setRefusal] = useState<string>();
  const upload = useImportMaterials({
    mutationConfig: {
      onSuccess: ({ created, problems: found }) => {
        if (found.length > 0) return setProblems(found);
        void message.success(t('materials.import.done', { count: created.length }));
        return onClose();
      },
      onError: (error) => setRefusal(error.message),
    },
  });

  const pick = (file: File) => {
    setProblems(undefined);
    setRefusal(undefined);
    const problem = fileProblem(file);
    if (problem)
      setRefusal(
        t(`materials.import.${problem}`, { max: MATERIAL_LIMITS.importBytesMax / MB, name: file.name }),
      );
    else upload.mutate({ appId, file });
    return false;
  };

  return (
    <Modal
      open
      width={720}
      title={t('materials.import.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('materials.import.close')}</Button>}
      destroyOnHidden
      data-testid="material-import"
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('materials.import.intro', {
            max: MATERIAL_LIMITS.importRowsMax,
            row: MATERIAL_LIMITS.importFirstRow,
          })}
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button
            icon={<FileExcelOutlined />}
            href={MATERIAL_TEMPLATE}
            download
            data-testid="material-template"
          >
            {t('materials.import.template')}
          </Button>
          <Upload accept={XLSX_ACCEPT} showUploadList={false} beforeUpload={pick}>
            <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
              {t('materials.import.pick')}
            </Button>
          </Upload>
        </Flex>
        {refusal && <Alert type="error" showIcon message={refusal} data-testid="material-import-refused" />}
        {problems && (
          <>
            <Alert
              type="warning"
              showIcon
              message={t('materials.import.problems', { count: problems.length })}
            />
            <Table<SheetProblem>
              size="small"
              rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
              dataSource={problems}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              data-testid="material-import-problems"
              columns={[
                { key: 'row', title: t('materials.import.row'), dataIndex: 'row', width: 70 },
                { key: 'column', title: t('materials.import.column'), dataIndex: 'column', width: 80 },
                { key: 'field', title: t('materials.import.field'), dataIndex: 'field' },
                { key: 'message', title: t('materials.import.message'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}

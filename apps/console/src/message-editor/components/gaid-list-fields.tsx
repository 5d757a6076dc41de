import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { APP_LIMITS, GaidLink, uploadLimitBytes, type GaidListProblem } from '@beacon/shared';
import { useEditorPorts } from '../ports';
import { useCheckGaidLink } from '../api/check-gaid-link';
import { useGaidList } from '../api/get-gaid-list';
import { GaidListError, useUploadGaidFile } from '../api/upload-gaid-file';
import { isLinkChecked } from '../lib/build-payload';
import { type ComposeValues, type GaidListValue } from '../lib/compose-values';
import { type FieldRule } from './use-field-rule';
import { showFieldErrors, type ErrorWording } from '../../components/form';

const TEMPLATE = '38400000-8cf0-11bd-b23e-10b96e40000d\n1b4e28ba-2fa1-11d2-883f-0016d3cca427\n';

/** The app's upload limit in MB (default 30). */
function useLimitMb(appId: number): number {
  const { useAppInfo } = useEditorPorts();
  const limit = useAppInfo(appId).data?.uploadFileLimit;
  return limit && limit > 0 ? limit : APP_LIMITS.uploadFileLimitDefault;
}

/** A refusal in the language of `t`: by its reason, with the limit, the line counts or the server's detail. */
function problemText(t: TFunction, error: unknown, limitMb: number): string {
  if (!(error instanceof GaidListError)) return error instanceof Error ? error.message : String(error);
  const p = error.problem;
  const detail = p.fields[0]?.message ?? error.message;
  return p.reason
    ? t(`compose.targetFile.reasons.${p.reason}`, {
        mb: limitMb,
        count: p.invalidCount ?? 0,
        valid: p.validCount ?? 0,
        detail,
      })
    : detail;
}

/** The first refused lines with their numbers and reasons, so the operator can fix the file. */
function RejectedLines({ problem }: { problem: GaidListProblem }) {
  const { t } = useTranslation();
  const lines = problem.invalidLines ?? [];
  if (lines.length === 0) return null;
  const more = (problem.invalidCount ?? lines.length) - lines.length;
  return (
    <div
      data-testid="rejected-lines"
      role="list"
      aria-label={t('compose.targetFile.rejectedTitle')}
      style={{
        maxHeight: 180,
        overflow: 'auto',
        padding: '6px 10px',
        border: '1px solid #ffccc7',
        borderRadius: 6,
        background: '#fff2f0',
      }}
    >
      {lines.map((l) => (
        <div key={l.line} role="listitem">
          <Typography.Text strong>{t('compose.targetFile.line', { line: l.line })}</Typography.Text>{' '}
          <Typography.Text code>{l.text}</Typography.Text>{' '}
          <Typography.Text type="secondary">
            {t(`compose.targetFile.lineReasons.${l.reason}`)}
          </Typography.Text>
        </div>
      ))}
      {more > 0 && (
        <Typography.Text type="secondary">
          {t('compose.targetFile.moreLines', { count: more })}
        </Typography.Text>
      )}
    </div>
  );
}

/** A stored list: its name, the valid ids it holds and the repeats dropped (loaded for a saved message's list). */
function ListSummary({
  appId,
  list,
  onRemove,
}: {
  appId: number;
  list: GaidListValue;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const loaded = useGaidList(appId, list.count === undefined ? list.origin : undefined);
  if (loaded.isError) return <Alert type="warning" showIcon message={t('compose.targetFile.listGone')} />;
  const info = list.count === undefined ? loaded.data : list;
  if (!info) return <Typography.Text type="secondary">{t('compose.targetFile.listLoading')}</Typography.Text>;
  return (
    <Alert
      type="success"
      showIcon
      data-testid="gaid-list-summary"
      message={t('compose.targetFile.summary', {
        name: info.name || info.link || '',
        count: info.count ?? 0,
      })}
      description={
        info.duplicates ? t('compose.targetFile.duplicates', { count: info.duplicates }) : undefined
      }
      action={
        onRemove && (
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('compose.targetFile.remove')}
          />
        )
      }
    />
  );
}

interface FileControlProps {
  id?: string;
  appId: number;
  limitMb: number;
  value?: GaidListValue | undefined;
  onChange?: (value: GaidListValue | undefined) => void;
}

/** Drop or pick a .txt; the server answers with the list (count, repeats) or the refused lines. */
function GaidFileControl({ id, appId, limitMb, value, onChange }: FileControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const upload = useUploadGaidFile();
  const [problem, setProblem] = useState<GaidListProblem>();
  // setFieldValue runs no rule, so the refusal stays at the field (worded again if the language changes)
  const refuse = (word: ErrorWording) => {
    form.setFieldValue('fileList', undefined);
    showFieldErrors(form, [{ name: 'fileList', word }]);
  };

  const handleFile = (file: File): false => {
    setProblem(undefined);
    if (!/\.txt$/i.test(file.name)) refuse((t) => t('compose.targetFile.reasons.not_txt'));
    else if (file.size > uploadLimitBytes(limitMb))
      refuse((t) => t('compose.targetFile.reasons.too_big', { mb: limitMb }));
    else {
      upload.mutate(
        { appId, file },
        {
          onSuccess: (list) => onChange?.(list),
          onError: (error) => {
            if (error instanceof GaidListError) setProblem(error.problem);
            refuse((t) => problemText(t, error, limitMb));
          },
        },
      );
    }
    return false;
  };

  return (
    <Flex vertical gap={8} id={id}>
      <Upload.Dragger
        accept=".txt,text/plain"
        multiple={false}
        showUploadList={false}
        beforeUpload={handleFile}
        disabled={upload.isPending}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {upload.isPending
            ? t('compose.targetFile.uploading')
            : value
              ? t('compose.targetFile.replace')
              : t('compose.targetFile.dropTitle')}
        </p>
        <p className="ant-upload-hint">{t('compose.targetFile.dropHint', { mb: limitMb })}</p>
      </Upload.Dragger>
      {value && <ListSummary appId={appId} list={value} onRemove={() => onChange?.(undefined)} />}
      {problem && <RejectedLines problem={problem} />}
      <Typography.Link
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(TEMPLATE)}`}
        download="GAID.txt"
      >
        <DownloadOutlined /> {t('compose.targetFile.template')}
      </Typography.Link>
    </Flex>
  );
}

/** Type 6: an uploaded .txt of advertising ids, one per line, within the app's upload limit. */
export function GaidFileField({ appId, rule }: { appId: number; rule: FieldRule }) {
  const { t } = useTranslation();
  const limitMb = useLimitMb(appId);
  return (
    <Form.Item name="fileList" label={t('compose.fields.fileList')} rules={[rule(['fileList'])]} required>
      <GaidFileControl appId={appId} limitMb={limitMb} />
    </Form.Item>
  );
}

/** Type 7: a link to a .txt of advertising ids, fetched by the server when checked (size and address checked first). */
export function GaidLinkField({ appId, rule }: { appId: number; rule: FieldRule }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const limitMb = useLimitMb(appId);
  const link: string = Form.useWatch('fileLink', form) ?? '';
  const linkList: GaidListValue | undefined = Form.useWatch('linkList', { form, preserve: true });
  const check = useCheckGaidLink();
  const [problem, setProblem] = useState<GaidListProblem>();

  const handleCheck = (value: string) => {
    setProblem(undefined);
    const typed = value.trim();
    if (!GaidLink.safeParse(typed).success) {
      void form.validateFields(['fileLink']).catch(() => undefined);
      return;
    }
    check.mutate(
      { appId, link: typed },
      {
        onSuccess: (list) => {
          form.setFieldValue('linkList', list);
          void form.validateFields(['fileLink']).catch(() => undefined);
        },
        onError: (error) => {
          if (error instanceof GaidListError) setProblem(error.problem);
          form.setFieldValue('linkList', undefined);
          showFieldErrors(form, [{ name: 'fileLink', word: (t) => problemText(t, error, limitMb) }]);
        },
      },
    );
  };

  return (
    <>
      <Form.Item
        name="fileLink"
        label={t('compose.fields.fileLink')}
        rules={[rule(['fileLink'])]}
        required
        extra={t('compose.targetFile.linkHint', { mb: limitMb })}
      >
        <Input.Search
          placeholder="https://files.example.com/gaid.txt"
          enterButton={t('compose.targetFile.linkCheck')}
          loading={check.isPending}
          spellCheck={false}
          onPressEnter={(e) => e.preventDefault()}
          onSearch={handleCheck}
        />
      </Form.Item>
      {linkList && isLinkChecked({ fileLink: link, linkList }) && (
        <div style={{ marginTop: -8, marginBottom: 16 }}>
          <ListSummary appId={appId} list={linkList} />
        </div>
      )}
      {problem && (
        <div style={{ marginTop: -8, marginBottom: 16 }}>
          <RejectedLines problem={problem} />
        </div>
      )}
    </>
  );
}

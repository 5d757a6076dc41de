import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FirebaseUpload, type MessageLang } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { uploadFirebase } from '../api/upload-firebase';

interface Props {
  /** The form field holding the upload's handle (`origin`). */
  name: string;
  value?: string;
  onChange?: (origin: string) => void;
}

/** Picks a service-account `.json`, uploads it, and keeps its server-side handle as the field value. */
export function FirebaseUploadField({ name, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [uploaded, setUploaded] = useState<FirebaseUpload | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // the problem is shown here rather than as a field error: clearing the value re-runs the field's rules, which
  // would replace it with "required"
  const fail = (message: string) => {
    if (value) onChange?.('');
    setUploaded(undefined);
    setProblem(message);
  };

  const handleFile = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.json')) return fail(t('apps.create.jsonOnly'));
    setBusy(true);
    try {
      const result = await uploadFirebase(file, i18n.language as MessageLang);
      setUploaded(result);
      setProblem(undefined);
      onChange?.(result.origin);
    } catch (err) {
      fail(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={6}>
      <Upload
        accept=".json,application/json"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void handleFile(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid={`${name}-upload`}>
          {value ? t('apps.create.jsonReplace') : t('apps.create.jsonPick')}
        </Button>
      </Upload>
      {problem && (
        <Typography.Text type="danger" role="alert" data-testid={`${name}-problem`}>
          {problem}
        </Typography.Text>
      )}
      {uploaded && value === uploaded.origin && (
        <Typography.Text type="secondary" data-testid={`${name}-uploaded`}>
          <FileTextOutlined /> {uploaded.name} · {uploaded.projectId} · {uploaded.clientEmail}
        </Typography.Text>
      )}
    </Flex>
  );
}

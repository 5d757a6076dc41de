import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseWordList, SENSITIVE_WORD_MAX } from '@beacon/shared';
import { showFormError } from '../../../lib/form-errors';
import type { WordListScope } from '../api/get-sensitive-words';
import { useImportSensitiveWords } from '../api/import-sensitive-words';
import { Form } from '../../../components/form';

/** Pasting many words at once: one per line or comma-separated; the dialog previews what will be imported. */
export function ImportWordsDialog({
  scope,
  open,
  onClose,
  onDone,
}: {
  scope: WordListScope;
  open: boolean;
  onClose: () => void;
  onDone: (added: number, duplicates: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  const text = Form.useWatch('text', form) ?? '';
  const parsed = parseWordList(text);
  const save = useImportSensitiveWords(scope);

  const handleOk = async () => {
    const values = await form.validateFields();
    save.mutate(values.text, {
      onSuccess: (r) => {
        form.resetFields();
        onDone(r.added, r.duplicates);
      },
      onError: (error) => showFormError(form, error),
    });
  };

  return (
    <Modal
      open={open}
      title={t('sensitiveWords.import.title')}
      okText={t('sensitiveWords.import.ok')}
      onOk={() => void handleOk()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: parsed.words.length === 0 || parsed.tooLong.length > 0 }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="text"
          label={t('sensitiveWords.import.label')}
          extra={t('sensitiveWords.import.hint', { max: SENSITIVE_WORD_MAX })}
          rules={[{ required: true, message: t('sensitiveWords.import.required') }]}
        >
          <Input.TextArea rows={8} autoFocus aria-label={t('sensitiveWords.import.label')} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">
        {t('sensitiveWords.import.preview', { count: parsed.words.length })}
      </Typography.Text>
      {parsed.tooLong.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={t('sensitiveWords.import.tooLong', {
            max: SENSITIVE_WORD_MAX,
            words: parsed.tooLong.map((w) => `${w.slice(0, 20)}…`).join(', '),
          })}
        />
      )}
    </Modal>
  );
}

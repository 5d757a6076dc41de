import { App, Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AppDetail } from '@beacon/shared';
import { showFormError } from '../../../../lib/form-errors';
import { useReplaceFirebase } from '../../api/replace-firebase';
import { FirebaseUploadField } from '../firebase-upload-field';
import { Form } from '../../../../components/form';

/** The Firebase service account: its project and client e-mail (never the key), and replacing the JSON. */
export function ServiceAccountCard({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ appFireBaseJsonId: string }>();
  const replace = useReplaceFirebase(app.appId, () => {
    form.resetFields();
    void message.success(t('apps.details.jsonReplaced'));
  });
  const shown = app.firebaseJsonDisplay;

  return (
    <Card title={t('apps.details.serviceAccountTitle')} data-testid="service-account-card">
      {shown ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="project_id">{shown.project_id}</Descriptions.Item>
          <Descriptions.Item label="client_email">{shown.client_email}</Descriptions.Item>
          <Descriptions.Item label={t('apps.details.jsonFile')}>
            {app.firebaseJsonName || '-'}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Paragraph type="warning">{t('apps.details.noServiceAccount')}</Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => replace.mutate(v.appFireBaseJsonId, { onError: (err) => showFormError(form, err) })}
        style={{ marginTop: 12 }}
      >
        <Form.Item
          name="appFireBaseJsonId"
          label={t('apps.details.replaceJson')}
          rules={[{ required: true, message: t('apps.create.jsonRequired') }]}
        >
          <FirebaseUploadField name="appFireBaseJsonId" />
        </Form.Item>
        <Button htmlType="submit" loading={replace.isPending}>
          {t('apps.details.replaceJsonSubmit')}
        </Button>
      </Form>
    </Card>
  );
}

import { MailOutlined } from '@ant-design/icons';
import { Button, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { showFormError } from '../../../lib/form-errors';
import { emailRules } from '../../../lib/form-rules';
import { useRecover } from '../api/recover';
import { Form } from '../../../components/form';

/** Asks for a password-reset mail; the answer never reveals whether the account exists. */
export function RecoverForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const recover = useRecover({ mutationConfig: { onError: (error) => showFormError(form, error) } });

  if (recover.isSuccess) {
    return (
      <Result
        status="success"
        title={t('auth.recover.doneTitle')}
        subTitle={t('auth.recover.doneText', { email: recover.variables.email })}
        extra={<Link to="/login">{t('auth.backToLogin')}</Link>}
      />
    );
  }
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.recover.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.recover.subtitle')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ email }) => recover.mutate({ email, lang: currentLanguage() })}
      >
        <Form.Item name="email" label={t('form.email')} rules={emailRules(t)}>
          <Input
            prefix={<MailOutlined />}
            autoComplete="email"
            inputMode="email"
            autoFocus
            size="large"
            placeholder="name@company.com"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={recover.isPending}>
          {t('auth.recover.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}

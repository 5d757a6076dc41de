import { MailOutlined } from '@ant-design/icons';
import { Button, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { showFormError } from '../../../lib/form-errors';
import { emailRules } from '../../../lib/form-rules';
import { useSystemInfo } from '../../system';
import { useRegister } from '../api/register';
import { NewPasswordFields } from './new-password-fields';
import { Form } from '../../../components/form';

interface RegisterValues {
  email: string;
  password: string;
  confirm: string;
}

/** Creates a local account; the server mails an activation link. */
export function RegisterForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const { data: info } = useSystemInfo();
  const register = useRegister({ mutationConfig: { onError: (error) => showFormError(form, error) } });

  if (info && !info.registrationEnabled) {
    return (
      <Result
        status="info"
        title={t('auth.register.closed')}
        extra={<Link to="/login">{t('auth.backToLogin')}</Link>}
      />
    );
  }
  if (register.isSuccess) {
    return (
      <Result
        status="success"
        title={t('auth.register.doneTitle')}
        subTitle={t('auth.register.doneText', { email: register.variables.email })}
        extra={<Link to="/login">{t('auth.backToLogin')}</Link>}
      />
    );
  }
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.register.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.register.subtitle')}</Typography.Paragraph>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ email, password }) => register.mutate({ email, password, lang: currentLanguage() })}
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
        <NewPasswordFields name="password" label={t('form.password')} large />
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('auth.register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.login.submit')}</Link>
      </Typography.Paragraph>
    </>
  );
}

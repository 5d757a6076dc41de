import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCodes } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { showFormError } from '../../../lib/form-errors';
import { emailRules } from '../../../lib/form-rules';
import { useSystemInfo } from '../../system';
import { useLogin } from '../api/login';
import { SsoButton } from './sso-button';
import { Form } from '../../../components/form';

interface LoginFormValues {
  email: string;
  password: string;
}

/**
 * E-mail and password sign-in, plus single sign-on when offered; success stores the session user and /login
 * continues. Too many failed attempts (1007): the server's message, with the seconds to wait, stays above the
 * form until the next try.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginFormValues>();
  const { data: info } = useSystemInfo();
  const [held, setHeld] = useState<string | null>(null);
  const login = useLogin({
    mutationConfig: {
      onError: (error) => {
        if (isApiError(error) && error.code === ErrorCodes.TOO_MANY_ATTEMPTS) setHeld(error.message);
        else showFormError(form, error);
      },
    },
  });

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.login.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.login.subtitle')}</Typography.Paragraph>
      {held && <Alert type="warning" showIcon title={held} style={{ marginBottom: 16 }} />}
      <Form<LoginFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setHeld(null);
          login.mutate(values);
        }}
      >
        <Form.Item name="email" label={t('form.email')} rules={emailRules(t)}>
          <Input
            prefix={<MailOutlined />}
            autoComplete="username"
            inputMode="email"
            autoFocus
            size="large"
            placeholder="name@company.com"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('form.password')}
          rules={[{ required: true, message: t('form.passwordRequired') }]}
          extra={<Link to="/recoverpass">{t('auth.login.forgot')}</Link>}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      {info?.ssoEnabled && (
        <>
          <Divider plain>{t('common.or')}</Divider>
          <SsoButton />
        </>
      )}
      {info?.registrationEnabled !== false && (
        <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}

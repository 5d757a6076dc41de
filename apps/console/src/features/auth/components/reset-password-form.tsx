import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS } from '@beacon/shared';
import { showFormError } from '../../../lib/form-errors';
import { confirmRules, passwordRules } from '../../../lib/form-rules';
import { useResetPassword } from '../api/reset-password';

interface ResetValues {
  password: string;
  confirm: string;
}

/** Sets a new password with the token of a reset mail. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword({ mutationConfig: { onError: (error) => showFormError(form, error) } });

  if (!token) {
    return (
      <Result
        status="error"
        title={t('auth.linkInvalid')}
        extra={<Link to="/recoverpass">{t('auth.reset.again')}</Link>}
      />
    );
  }
  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title={t('auth.reset.doneTitle')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('auth.login.submit')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.reset.title')}
      </Typography.Title>
      <Form<ResetValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ password }) => reset.mutate({ token, password })}
      >
        <Form.Item
          name="password"
          label={t('form.newPassword')}
          rules={passwordRules(t)}
          extra={t('form.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus size="large" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('form.confirm')}
          dependencies={['password']}
          rules={confirmRules(t, 'password')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
    </>
  );
}

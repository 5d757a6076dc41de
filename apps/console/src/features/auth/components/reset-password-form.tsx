import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showFormError } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';
import { Form } from '../../../components/form';

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
        <NewPasswordFields name="password" label={t('form.newPassword')} large autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
    </>
  );
}

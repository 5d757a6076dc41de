import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, type InviteAccepted } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { showFormError } from '../../../lib/form-errors';
import { confirmRules, passwordRules } from '../../../lib/form-rules';
import { useLogin } from '../../auth';
import { useRegisterInvite } from '../api/register-invite';
import { Form } from '../../../components/form';

/** Signs in with the invited e-mail (fixed); the page then offers to accept. */
export function InviteLoginForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; password: string }>();
  const login = useLogin({ mutationConfig: { onError: (error) => showFormError(form, error) } });
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email, password: '' }}
      onFinish={(values) => login.mutate({ email, password: values.password })}
    >
      <Form.Item name="email" label={t('form.email')}>
        <Input prefix={<MailOutlined />} size="large" disabled />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('form.password')}
        rules={[{ required: true, message: t('form.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('team.accept.signIn')}
      </Button>
    </Form>
  );
}

/** Creates the account of the invited e-mail (no activation mail: the link proves the mailbox) and joins. */
export function InviteRegisterForm({
  email,
  token,
  onJoined,
}: {
  email: string;
  token: string;
  onJoined: (joined: InviteAccepted) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; password: string; confirm: string }>();
  const register = useRegisterInvite({
    mutationConfig: { onSuccess: onJoined, onError: (error) => showFormError(form, error) },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email, password: '', confirm: '' }}
      onFinish={(values) => register.mutate({ token, password: values.password, lang: currentLanguage() })}
    >
      <Form.Item name="email" label={t('form.email')}>
        <Input prefix={<MailOutlined />} size="large" disabled />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('form.password')}
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
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
        {t('team.accept.createAndJoin')}
      </Button>
    </Form>
  );
}

import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@beacon/shared';
import { confirmRules, passwordRules } from '../../../lib/form-rules';

interface NewPasswordFieldsProps {
  /** The new password's field (its confirmation is `confirm`). */
  name: string;
  label: string;
  /** The sign-in pages' large inputs with a lock (the dialog's are plain). */
  large?: boolean;
  autoFocus?: boolean;
}

/** A new password and its confirmation, with the password rules and their hint (register, reset, change). */
export function NewPasswordFields({ name, label, large = false, autoFocus = false }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const look = large ? { prefix: <LockOutlined />, size: 'large' as const } : {};
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        rules={passwordRules(t)}
        extra={t('form.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
      >
        <Input.Password {...look} autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item name="confirm" label={t('form.confirm')} dependencies={[name]} rules={confirmRules(t, name)}>
        <Input.Password {...look} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@beacon/shared';
import { EnterSubmit } from '../../../components/enter-submit';
import { showFormError } from '../../../lib/form-errors';
import { confirmRules, passwordRules } from '../../../lib/form-rules';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** The signed-in local user's password change: old, new and confirmation. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useChangePassword({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('auth.changePassword.done'));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });

  return (
    <Modal
      open={open}
      title={t('auth.changePassword.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
      keyboard
    >
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ oldPassword, newPassword }) => change.mutate({ oldPassword, newPassword })}
      >
        <Form.Item
          name="oldPassword"
          label={t('form.currentPassword')}
          rules={[{ required: true, message: t('form.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('form.newPassword')}
          rules={passwordRules(t)}
          extra={t('form.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('form.confirm')}
          dependencies={['newPassword']}
          rules={confirmRules(t, 'newPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <EnterSubmit />
      </Form>
    </Modal>
  );
}

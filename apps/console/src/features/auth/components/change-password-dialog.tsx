import { App, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnterSubmit } from '../../../components/enter-submit';
import { showFormError } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields } from './new-password-fields';
import { Form } from '../../../components/form';

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
        <NewPasswordFields name="newPassword" label={t('form.newPassword')} />
        <EnterSubmit />
      </Form>
    </Modal>
  );
}

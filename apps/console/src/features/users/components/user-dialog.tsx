import { App, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, UserLevel, UserSource, type UserRow } from '@beacon/shared';
import { EnterSubmit } from '../../../components/enter-submit';
import { showFormError } from '../../../lib/form-errors';
import { emailRules, passwordRules } from '../../../lib/form-rules';
import { useSaveUser } from '../api/save-user';
import { LEVEL_OPTIONS, levelLabel, SOURCE_OPTIONS, sourceLabel } from '../lib/user-labels';
import { Form } from '../../../components/form';

interface UserFormValues {
  email: string;
  ulevel: 0 | 100 | 150;
  source: 1 | 2;
  description: string;
  password?: string;
}

interface UserDialogProps {
  open: boolean;
  /** The user being edited; absent when adding. */
  user?: UserRow | undefined;
  onClose: () => void;
}

function initialValues(user: UserRow | undefined): UserFormValues {
  if (!user) return { email: '', ulevel: UserLevel.USER, source: UserSource.EXTERNAL, description: '' };
  const ulevel =
    user.ulevel === UserLevel.SUPER_ADMIN || user.ulevel === UserLevel.PLATFORM_ADMIN
      ? user.ulevel
      : UserLevel.USER;
  return {
    email: user.email,
    ulevel,
    source: user.source === UserSource.INTERNAL ? 1 : 2,
    description: user.description,
  };
}

/** Adds a user or edits one (e-mail read-only); external users get a password. */
export function UserDialog({ open, user, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const initial = initialValues(user);
  // useWatch is undefined until the form mounts: fall back to the initial source so the password shows at once.
  const source = Form.useWatch('source', form) ?? initial.source;
  const editing = user !== undefined;
  const save = useSaveUser({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('users.saved'));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });

  const handleFinish = (values: UserFormValues) => {
    const password = values.source === UserSource.EXTERNAL && values.password ? values.password : undefined;
    save.mutate({
      ...(editing ? { id: user.id } : {}),
      email: values.email,
      ulevel: values.ulevel,
      source: values.source,
      description: values.description ?? '',
      ...(password ? { password } : {}),
    });
  };

  return (
    <Modal
      open={open}
      title={editing ? t('users.editTitle') : t('users.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      keyboard
      width={520}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={handleFinish}
      >
        <Form.Item name="email" label={t('form.email')} rules={editing ? [] : emailRules(t)}>
          <Input
            autoComplete="off"
            readOnly={editing}
            disabled={editing}
            autoFocus={!editing}
            placeholder="name@company.com"
          />
        </Form.Item>
        <Form.Item name="ulevel" label={t('users.col.level')} rules={[{ required: true }]}>
          <Select
            options={LEVEL_OPTIONS.map((value) => ({ value, label: levelLabel(t, value) }))}
            autoFocus={editing}
          />
        </Form.Item>
        <Form.Item name="source" label={t('users.col.source')} rules={[{ required: true }]}>
          <Select options={SOURCE_OPTIONS.map((value) => ({ value, label: sourceLabel(t, value) }))} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('users.col.description')}
          rules={[{ max: LIMITS.userDescriptionMax }]}
        >
          <Input.TextArea
            maxLength={LIMITS.userDescriptionMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        {source === UserSource.EXTERNAL && (
          <Form.Item
            name="password"
            label={t('form.password')}
            rules={passwordRules(t, !editing)}
            extra={
              editing
                ? t('users.passwordKeep')
                : t('form.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })
            }
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <EnterSubmit />
      </Form>
    </Modal>
  );
}

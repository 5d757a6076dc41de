import { App, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectLevel } from '@beacon/shared';
import { EnterSubmit } from '../../../components/enter-submit';
import { currentLanguage } from '../../../i18n';
import { showFormError } from '../../../lib/form-errors';
import { emailRules } from '../../../lib/form-rules';
import { useInviteMember } from '../api/invite-member';
import { roleHint, roleOptions } from '../lib/team-labels';
import { Form } from '../../../components/form';

interface InviteValues {
  email: string;
  ulevel: number;
}

interface InviteDialogProps {
  appId: number;
  open: boolean;
  onClose: () => void;
}

/** Invites a teammate: e-mail and role; the server mails a link valid for 7 days. */
export function InviteDialog({ appId, open, onClose }: InviteDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InviteValues>();
  const ulevel = Form.useWatch('ulevel', form) ?? ProjectLevel.OPERATOR;
  const invite = useInviteMember({
    mutationConfig: {
      onSuccess: (_data, variables) => {
        void message.success(t('team.invited', { email: variables.email }));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });

  return (
    <Modal
      open={open}
      title={t('team.inviteTitle')}
      okText={t('team.sendInvite')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      destroyOnHidden
      width={480}
    >
      <Typography.Paragraph type="secondary">{t('team.inviteText')}</Typography.Paragraph>
      <Form<InviteValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ email: '', ulevel: ProjectLevel.OPERATOR }}
        onFinish={(values) =>
          invite.mutate({ appId, email: values.email, ulevel: values.ulevel, lang: currentLanguage() })
        }
      >
        <Form.Item name="email" label={t('form.email')} rules={emailRules(t)}>
          <Input autoFocus autoComplete="off" placeholder="name@company.com" />
        </Form.Item>
        <Form.Item
          name="ulevel"
          label={t('team.col.role')}
          rules={[{ required: true, message: t('team.roleRequired') }]}
          extra={roleHint(t, ulevel)}
        >
          <Select options={roleOptions(t)} aria-label={t('team.col.role')} />
        </Form.Item>
        <EnterSubmit />
      </Form>
    </Modal>
  );
}

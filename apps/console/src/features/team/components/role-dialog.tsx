import { App, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TeamMember } from '@beacon/shared';
import { EnterSubmit } from '../../../components/enter-submit';
import { currentLanguage } from '../../../i18n';
import { showFormError } from '../../../lib/form-errors';
import { useEditMember } from '../api/edit-member';
import { roleHint, roleOptions } from '../lib/team-labels';
import { Form } from '../../../components/form';

interface RoleDialogProps {
  appId: number;
  /** The member whose role is edited; closed when undefined. */
  member: TeamMember | undefined;
  actorEmail: string;
  onClose: () => void;
}

/** Changes a member's role (manager, operator or tester). */
export function RoleDialog({ appId, member, actorEmail, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ ulevel: number }>();
  const ulevel = Form.useWatch('ulevel', form) ?? member?.ulevel ?? 0;
  const edit = useEditMember({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('team.roleSaved'));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });

  return (
    <Modal
      open={member !== undefined}
      title={t('team.editTitle', { email: member?.email ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      destroyOnHidden
      width={440}
    >
      {member && (
        <Form<{ ulevel: number }>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ ulevel: member.ulevel }}
          onFinish={(values) =>
            edit.mutate({
              appId,
              id: member.id,
              ulevel: values.ulevel,
              email: actorEmail,
              targetEmail: member.email,
              type: 300,
              lang: currentLanguage(),
            })
          }
        >
          <Form.Item
            name="ulevel"
            label={t('team.col.role')}
            rules={[{ required: true, message: t('team.roleRequired') }]}
            extra={roleHint(t, ulevel)}
          >
            <Select options={roleOptions(t)} autoFocus aria-label={t('team.col.role')} />
          </Form.Item>
          <EnterSubmit />
        </Form>
      )}
    </Modal>
  );
}

import { Alert, App, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MemberStatus, ProjectLevel, type TeamMember } from '@beacon/shared';
import { EnterSubmit } from '../../../components/enter-submit';
import { showFormError } from '../../../lib/form-errors';
import { useChangeOwner } from '../api/change-owner';
import { getTeamQueryOptions } from '../api/get-team';
import { roleLabel } from '../lib/team-labels';
import { Form } from '../../../components/form';

interface ChangeOwnerDialogProps {
  appId: number;
  /** The owner row the action was opened from; closed when undefined. */
  owner: TeamMember | undefined;
  onClose: () => void;
  /** After the hand-over: the console goes back to the dashboard. */
  onChanged: () => void;
}

/** Hands the app to another active member; the current owner becomes manager. */
export function ChangeOwnerDialog({ appId, owner, onClose, onChanged }: ChangeOwnerDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ targetEmail: string }>();
  const all = useQuery({
    ...getTeamQueryOptions(appId, { email: '', pageNo: 1, pageSize: 100 }),
    enabled: owner !== undefined,
  });
  const candidates = (all.data?.results ?? []).filter(
    (m) => m.status === MemberStatus.ACTIVE && m.ulevel !== ProjectLevel.OWNER,
  );
  const change = useChangeOwner({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('team.ownerChanged'));
        onChanged();
      },
      onError: (error) => showFormError(form, error),
    },
  });

  const handleFinish = ({ targetEmail }: { targetEmail: string }) => {
    const target = candidates.find((m) => m.email === targetEmail);
    change.mutate({
      appId,
      id: owner?.id,
      email: owner?.email,
      targetEmail,
      ...(target?.uid ? { targetUid: target.uid } : {}),
    });
  };

  return (
    <Modal
      open={owner !== undefined}
      title={t('team.changeOwnerTitle')}
      okText={t('team.changeOwner')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
      width={480}
    >
      <Alert type="warning" showIcon message={t('team.changeOwnerWarning')} style={{ marginBottom: 16 }} />
      <Form<{ targetEmail: string }> form={form} layout="vertical" preserve={false} onFinish={handleFinish}>
        <Form.Item
          name="targetEmail"
          label={t('team.newOwner')}
          rules={[{ required: true, message: t('team.newOwnerRequired') }]}
        >
          <Select
            autoFocus
            showSearch
            loading={all.isLoading}
            aria-label={t('team.newOwner')}
            placeholder={t('team.newOwnerPlaceholder')}
            notFoundContent={t('team.noCandidates')}
            options={candidates.map((m) => ({
              value: m.email,
              label: `${m.email} · ${roleLabel(t, m.ulevel)}`,
            }))}
          />
        </Form.Item>
        <EnterSubmit />
      </Form>
    </Modal>
  );
}

import { App, Avatar, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../lib/form-errors';
import { useEditAppControl } from '../api/edit-app-control';
import { useAppCandidates } from '../api/get-app-candidates';
import { Form } from '../../../components/form';

interface AddAppDialogProps {
  type: 1 | 2;
  /** Apps already in the list (not offered again). */
  listed: ReadonlySet<number>;
  onClose: () => void;
}

/** Picks an app (required) and adds it to the list. */
export function AddAppDialog({ type, listed, onClose }: AddAppDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ appId: number }>();
  const candidates = useAppCandidates(true);
  const edit = useEditAppControl({
    mutationConfig: {
      meta: { handlesErrors: true },
      onSuccess: () => {
        void message.success(t('appControl.added'));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });
  const options = (candidates.data?.apps ?? [])
    .filter((a) => !listed.has(a.appId))
    .map((a) => ({
      value: a.appId,
      search: `${a.title} ${a.pkg}`,
      label: (
        <Space>
          <Avatar size={20} shape="square" src={a.logo || undefined}>
            {a.title.slice(0, 1)}
          </Avatar>
          {a.title} <span style={{ opacity: 0.6 }}>{a.pkg}</span>
        </Space>
      ),
    }));
  return (
    <Modal
      open
      title={t(type === 1 ? 'appControl.addControlTitle' : 'appControl.addWhiteTitle')}
      okText={t('appControl.add')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => edit.mutate({ type, operateType: 1, appId: v.appId })}
      >
        <Form.Item
          name="appId"
          label={t('appControl.app')}
          rules={[{ required: true, message: t('appControl.appRequired') }]}
        >
          <Select
            showSearch
            autoFocus
            aria-label={t('appControl.app')}
            loading={candidates.isLoading}
            placeholder={t('appControl.pickApp')}
            options={options}
            optionFilterProp="search"
            notFoundContent={t('appControl.noApps')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

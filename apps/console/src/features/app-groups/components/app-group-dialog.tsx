import { Alert, App, Flex, Input, Modal, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, type AppGroup, type AppGroupCandidate } from '@beacon/shared';
import { EnterSubmit } from '../../../components/enter-submit';
import { showFormError } from '../../../lib/form-errors';
import { useGroupCandidates } from '../api/get-group-candidates';
import { useSaveAppGroup } from '../api/save-app-group';
import { AppLogo } from './app-logo';
import { Form } from '../../../components/form';

interface GroupFormValues {
  groupName: string;
  groupDesc: string;
  apps: number[];
}

interface AppGroupDialogProps {
  open: boolean;
  /** The group being edited; absent when adding. */
  group?: AppGroup | undefined;
  onClose: () => void;
}

function AppOption({ app }: { app: AppGroupCandidate }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8}>
      <AppLogo appId={app.appId} title={app.title} logo={app.logo} size={20} />
      <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{app.title}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {app.pkg}
      </Typography.Text>
      {app.blocked && <Tag style={{ marginInlineEnd: 0 }}>{t(`appGroups.blocked.${app.blocked}`)}</Tag>}
    </Flex>
  );
}

/** Creates an app group or edits one: name, description and at least two apps the user owns (no review). */
export function AppGroupDialog({ open, group, onClose }: AppGroupDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  const candidates = useGroupCandidates({ enabled: open });
  const editing = group !== undefined;
  const apps = candidates.data?.apps ?? [];
  const pickable = apps.filter((a) => !a.blocked).length;
  const save = useSaveAppGroup({
    mutationConfig: {
      onSuccess: () => {
        void message.success(t('appGroups.saved'));
        onClose();
      },
      onError: (error) => showFormError(form, error),
    },
  });

  const handleFinish = (values: GroupFormValues) =>
    save.mutate({
      ...(editing ? { groupId: group.groupId } : {}),
      groupName: values.groupName,
      groupDesc: values.groupDesc ?? '',
      apps: values.apps,
    });

  return (
    <Modal
      open={open}
      title={editing ? t('appGroups.editTitle') : t('appGroups.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      {candidates.isSuccess && pickable < LIMITS.appGroupMinApps && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('appGroups.notEnough', { min: LIMITS.appGroupMinApps })}
        />
      )}
      <Form<GroupFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          groupName: group?.groupName ?? '',
          groupDesc: group?.groupDesc ?? '',
          apps: group?.apps ?? [],
        }}
        onFinish={handleFinish}
      >
        <Form.Item
          name="groupName"
          label={t('appGroups.name')}
          rules={[
            { required: true, whitespace: true, message: t('appGroups.nameRequired') },
            { max: LIMITS.appGroupNameMax, message: t('appGroups.tooLong', { max: LIMITS.appGroupNameMax }) },
          ]}
        >
          <Input
            maxLength={LIMITS.appGroupNameMax}
            showCount
            autoFocus
            autoComplete="off"
            placeholder={t('appGroups.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="groupDesc"
          label={t('appGroups.description')}
          rules={[
            { max: LIMITS.appGroupDescMax, message: t('appGroups.tooLong', { max: LIMITS.appGroupDescMax }) },
          ]}
        >
          <Input
            maxLength={LIMITS.appGroupDescMax}
            showCount
            autoComplete="off"
            placeholder={t('appGroups.descriptionPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="apps"
          label={t('appGroups.apps')}
          extra={t('appGroups.appsHint', { min: LIMITS.appGroupMinApps })}
          rules={[
            {
              validator: (_rule, value: number[] | undefined) =>
                (value?.length ?? 0) >= LIMITS.appGroupMinApps
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('appGroups.appsMin', { min: LIMITS.appGroupMinApps }))),
            },
          ]}
        >
          <Select
            mode="multiple"
            aria-label={t('appGroups.apps')}
            loading={candidates.isLoading}
            placeholder={t('appGroups.appsPlaceholder')}
            maxCount={LIMITS.appGroupMaxApps}
            optionFilterProp="search"
            notFoundContent={candidates.isLoading ? undefined : t('appGroups.noApps')}
            options={apps.map((app) => ({
              value: app.appId,
              label: app.title,
              search: `${app.title} ${app.pkg}`,
              disabled: app.blocked !== null,
              app,
            }))}
            optionRender={(option) => <AppOption app={option.data.app} />}
          />
        </Form.Item>
        <EnterSubmit />
      </Form>
    </Modal>
  );
}

import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Empty, Flex, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_LIMITS,
  API_KEY_SCOPES,
  ApiKeyCreate,
  canManageAppSecrets,
  localizeIssueMessage,
  type ApiKeyRow,
  type ApiKeyScope,
} from '@beacon/shared';
import { formatDateTime } from '../../../../lib/date-format';
import { reportError } from '../../../../lib/error-reporter';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/api-keys';
import { Form, showFieldErrors } from '../../../../components/form';

/**
 * The app's API keys (issue 33 §6): the operator's own systems call the API with one. Listed by name, prefix and
 * scopes; created with a name and scopes, the key shown once; revoked after a confirmation. Owners and super admins.
 */
export function ApiKeysCard({ app }: { app: { appId: number; projectLevel: number } }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const keys = useApiKeys(app.appId);
  const revoke = useRevokeApiKey(app.appId);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | undefined>();
  if (!canManageAppSecrets(app.projectLevel)) return null;

  const handleRevoke = (key: ApiKeyRow) =>
    modal.confirm({
      title: t('apps.details.keys.revokeTitle', { name: key.name }),
      content: t('apps.details.keys.revokeText', { seconds: API_KEY_LIMITS.cacheSeconds }),
      okText: t('apps.details.keys.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await revoke.mutateAsync(key.id, { onError: (err) => void reportError(err) });
        void message.success(t('apps.details.keys.revoked'));
      },
    });

  const rows = keys.data?.keys ?? [];
  return (
    <Card
      title={t('apps.details.keys.title')}
      data-testid="api-keys-card"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-key-new">
          {t('apps.details.keys.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('apps.details.keys.hint')}</Typography.Paragraph>
      {shown && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setShown(undefined)}
          style={{ marginBottom: 12 }}
          title={t('apps.details.keys.shownOnce')}
          description={
            <Typography.Text code copyable data-testid="api-key-secret">
              {shown}
            </Typography.Text>
          }
        />
      )}
      <Table<ApiKeyRow>
        rowKey="id"
        size="small"
        loading={keys.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t('apps.details.keys.empty')} /> }}
        columns={[
          { title: t('apps.details.keys.name'), dataIndex: 'name' },
          {
            title: t('apps.details.keys.prefix'),
            dataIndex: 'prefix',
            render: (p: string) => <Typography.Text code>{`${p}…`}</Typography.Text>,
          },
          {
            title: t('apps.details.keys.scopes'),
            dataIndex: 'scopes',
            render: (scopes: string[]) => scopes.map((s) => <Tag key={s}>{s}</Tag>),
          },
          {
            title: t('apps.details.keys.created'),
            key: 'created',
            render: (_, k) => `${k.createdBy} · ${formatDateTime(k.createdAt)}`,
          },
          {
            title: t('apps.details.keys.lastUsed'),
            dataIndex: 'lastUsedAt',
            render: (v: string | null) => (v ? formatDateTime(v) : t('apps.details.keys.never')),
          },
          {
            title: '',
            key: 'actions',
            render: (_, k) =>
              k.revokedAt ? (
                <Tag>{t('apps.details.keys.revokedAt', { at: formatDateTime(k.revokedAt) })}</Tag>
              ) : (
                <Button danger size="small" onClick={() => handleRevoke(k)}>
                  {t('apps.details.keys.revoke')}
                </Button>
              ),
          },
        ]}
      />
      <CreateKeyDialog
        appId={app.appId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(secret) => {
          setCreating(false);
          setShown(secret);
        }}
      />
    </Card>
  );
}

/** Each scope's description key (i18next reads `:` as its namespace separator). */
const SCOPE_KEYS: Record<ApiKeyScope, string> = {
  send: 'send',
  'statistics:read': 'statisticsRead',
  'materials:manage': 'materialsManage',
};

interface CreateForm {
  name: string;
  scopes: string[];
}

function CreateKeyDialog(props: {
  appId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateForm>();
  const create = useCreateApiKey(props.appId, (r) => {
    form.resetFields();
    props.onCreated(r.secret);
  });

  const submit = async () => {
    const values = await form.validateFields();
    const parsed = ApiKeyCreate.safeParse(values);
    if (!parsed.success) {
      showFieldErrors(
        form,
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]),
          word: (_t, language) => localizeIssueMessage(issue.message, issue, language),
        })),
      );
      return;
    }
    create.mutate(parsed.data, { onError: (err) => void reportError(err) });
  };

  return (
    <Modal
      open={props.open}
      title={t('apps.details.keys.createTitle')}
      okText={t('apps.details.keys.createOk')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: '', scopes: [] }}>
        <Form.Item
          name="name"
          label={t('apps.details.keys.name')}
          rules={[{ required: true, message: t('apps.details.keys.nameRequired') }]}
        >
          <Input maxLength={API_KEY_LIMITS.nameMax} prefix={<KeyOutlined />} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('apps.details.keys.scopes')}
          rules={[{ required: true, message: t('apps.details.keys.scopesRequired') }]}
        >
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {API_KEY_SCOPES.map((s) => (
                <Checkbox key={s} value={s}>
                  <Typography.Text code>{s}</Typography.Text> {t(`apps.details.keys.scope.${SCOPE_KEYS[s]}`)}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

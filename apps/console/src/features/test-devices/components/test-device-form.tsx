import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONFIG_LIMITS, ErrorCodes, GAID_PATTERN } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { isApiError } from '../../../lib/api-error';
import { showFormError } from '../../../lib/form-errors';
import { useCreateTestDevice } from '../api/create-test-device';
import { useEditTestDevice } from '../api/edit-test-device';
import { useTestDevice } from '../api/get-test-device';
import { Form, showFieldErrors } from '../../../components/form';

interface DeviceValues {
  name: string;
  desc: string;
  gaid: string;
}

interface TestDeviceFormProps {
  appId: number;
  /** The device to edit; undefined to add one. */
  id: number | undefined;
  onDone: () => void;
}

/** config/deviceedit: name (≤ 15), description (≤ 30) and GAID (8-4-4-4-12 hex, unique in the app). */
export function TestDeviceForm({ appId, id, onDone }: TestDeviceFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DeviceValues>();
  const device = useTestDevice(appId, id);
  const handleError = (error: unknown) => {
    if (isApiError(error) && error.code === ErrorCodes.GAID_REPEATED)
      showFieldErrors(form, [{ name: 'gaid', word: (t) => t('testDevices.gaidTaken') }]);
    else showFormError(form, error);
  };
  const handleSaved = () => {
    void message.success(t('testDevices.saved'));
    onDone();
  };
  const create = useCreateTestDevice({ mutationConfig: { onSuccess: handleSaved, onError: handleError } });
  const edit = useEditTestDevice({ mutationConfig: { onSuccess: handleSaved, onError: handleError } });

  if (id !== undefined && device.isPending) return <PageSpin />;
  if (id !== undefined && device.isError) {
    return (
      <Result
        status="404"
        title={t('testDevices.notFound')}
        extra={<Button onClick={onDone}>{t('testDevices.back')}</Button>}
      />
    );
  }
  const initial: DeviceValues = device.data
    ? { name: device.data.name, desc: device.data.desc, gaid: device.data.gaid }
    : { name: '', desc: '', gaid: '' };

  const handleFinish = (values: DeviceValues) => {
    const body = {
      appId,
      name: values.name.trim(),
      desc: (values.desc ?? '').trim(),
      gaid: values.gaid.trim(),
    };
    if (id === undefined) create.mutate(body);
    else edit.mutate({ ...body, id });
  };

  return (
    <Card variant="borderless" style={{ maxWidth: 640 }}>
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={onDone}
          aria-label={t('testDevices.back')}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {id === undefined ? t('testDevices.addTitle') : t('testDevices.editTitle')}
        </Typography.Title>
      </Flex>
      <Form<DeviceValues> form={form} layout="vertical" initialValues={initial} onFinish={handleFinish}>
        <Form.Item
          name="name"
          label={t('testDevices.col.name')}
          rules={[
            { required: true, whitespace: true, message: t('testDevices.nameRequired') },
            {
              max: CONFIG_LIMITS.testDeviceNameMax,
              message: t('testDevices.tooLong', { max: CONFIG_LIMITS.testDeviceNameMax }),
            },
          ]}
        >
          <Input
            autoFocus
            maxLength={CONFIG_LIMITS.testDeviceNameMax}
            showCount
            placeholder={t('testDevices.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="desc"
          label={t('testDevices.col.desc')}
          rules={[
            {
              max: CONFIG_LIMITS.testDeviceDescMax,
              message: t('testDevices.tooLong', { max: CONFIG_LIMITS.testDeviceDescMax }),
            },
          ]}
        >
          <Input
            maxLength={CONFIG_LIMITS.testDeviceDescMax}
            showCount
            placeholder={t('testDevices.descPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="gaid"
          label={t('testDevices.col.gaid')}
          extra={t('testDevices.gaidHint')}
          rules={[
            { required: true, whitespace: true, message: t('testDevices.gaidRequired') },
            {
              validator: (_r, value?: string) =>
                !value || GAID_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('testDevices.gaidInvalid'))),
            },
          ]}
        >
          <Input
            placeholder="38400000-8cf0-11bd-b23e-10b96e40000d"
            style={{ fontFamily: 'monospace' }}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || edit.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={onDone}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

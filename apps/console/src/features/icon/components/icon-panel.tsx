import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, ColorPicker, Flex, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICON_COLOR_PATTERN, IMAGE_RULES, type IconSetting } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { showFormError } from '../../../lib/form-errors';
import { useEditIcon } from '../api/edit-icon';
import { useIcon } from '../api/get-icon';
import { useUploadIcon } from '../api/upload-icon';
import { checkIconFile } from '../lib/check-icon-file';
import { NotificationPreview } from './notification-preview';
import { Form } from '../../../components/form';

interface IconPanelProps {
  appId: number;
  appName: string;
}

const rule = IMAGE_RULES.smallIcon;

function IconEditor({ appId, appName, saved }: IconPanelProps & { saved: IconSetting }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<IconSetting>();
  const [icon, setIcon] = useState(saved.icon);
  const color = Form.useWatch('color', form) ?? saved.color;
  const upload = useUploadIcon({
    mutationConfig: {
      onSuccess: ({ url }) => setIcon(url),
      onError: (error) => showFormError(form, error),
    },
  });
  const edit = useEditIcon({
    mutationConfig: {
      onSuccess: () => void message.success(t('icon.saved')),
      onError: (error) => showFormError(form, error),
    },
  });
  const changed = icon !== saved.icon || color !== saved.color;
  const previewColor = ICON_COLOR_PATTERN.test(color) ? color : '';

  const handleFile = async (file: File) => {
    const problem = await checkIconFile(file);
    if (problem) {
      void message.error(
        t(`icon.problem.${problem}`, { width: rule.width, height: rule.height, kb: rule.maxBytes / 1024 }),
      );
      return;
    }
    upload.mutate({ appId, file });
  };

  const handleRemove = () => {
    setIcon('');
    form.setFieldValue('color', '');
  };

  return (
    <Flex gap={48} wrap align="flex-start">
      <Form<IconSetting>
        form={form}
        layout="vertical"
        initialValues={saved}
        onFinish={(values) => edit.mutate({ appId, icon, color: icon ? values.color : '' })}
        style={{ width: 380 }}
      >
        <Form.Item
          label={t('icon.icon')}
          extra={t('icon.rules', { width: rule.width, height: rule.height, kb: rule.maxBytes / 1024 })}
        >
          <Flex align="center" gap={16}>
            <div
              data-testid="icon-current"
              style={{
                width: 64,
                height: 64,
                borderRadius: 8,
                border: '1px solid #d9d9d9',
                // icons are white shapes on transparency: a dark checkerboard shows them
                background: 'repeating-conic-gradient(#3a3f4b 0% 25%, #4a505e 0% 50%) 50% / 12px 12px',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {icon ? (
                <img src={icon} alt={t('icon.icon')} width={60} height={60} />
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              )}
            </div>
            <Space direction="vertical">
              <Upload
                accept="image/png"
                showUploadList={false}
                beforeUpload={(file) => {
                  void handleFile(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={upload.isPending}>
                  {icon ? t('icon.replace') : t('icon.upload')}
                </Button>
              </Upload>
              {icon && (
                <Button
                  type="link"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  onClick={handleRemove}
                  style={{ padding: 0 }}
                >
                  {t('icon.remove')}
                </Button>
              )}
            </Space>
          </Flex>
        </Form.Item>
        <Form.Item
          name="color"
          label={t('icon.color')}
          extra={icon ? t('icon.colorHint') : t('icon.colorNeedsIcon')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[{ pattern: ICON_COLOR_PATTERN, message: t('icon.colorInvalid') }]}
        >
          <Input
            disabled={!icon}
            maxLength={7}
            placeholder="#1A73E8"
            style={{ fontFamily: 'monospace', width: 200 }}
            addonAfter={
              <ColorPicker
                size="small"
                disabled={!icon}
                disabledAlpha
                value={previewColor || '#5F6368'}
                onChangeComplete={(value) =>
                  form.setFieldValue('color', value.toHexString().slice(0, 7).toUpperCase())
                }
              />
            }
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" disabled={!changed} loading={edit.isPending}>
            {t('common.save')}
          </Button>
          <Button
            disabled={!changed}
            onClick={() => {
              setIcon(saved.icon);
              form.resetFields();
            }}
          >
            {t('icon.reset')}
          </Button>
        </Space>
      </Form>
      <div>
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
          {t('icon.previewTitle')}
        </Typography.Text>
        <NotificationPreview icon={icon} color={previewColor} appName={appName} />
        <Alert type="info" showIcon style={{ marginTop: 16, maxWidth: 340 }} message={t('icon.alphaHint')} />
      </div>
    </Flex>
  );
}

/** config/icon: the app's default notification small icon and its colour, with a live Android preview. */
export function IconPanel({ appId, appName }: IconPanelProps) {
  const { t } = useTranslation();
  const saved = useIcon(appId);
  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('icon.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('icon.subtitle')}</Typography.Paragraph>
      {saved.data ? (
        <IconEditor
          key={`${saved.data.icon}|${saved.data.color}`}
          appId={appId}
          appName={appName}
          saved={saved.data}
        />
      ) : (
        <PageSpin />
      )}
    </Card>
  );
}

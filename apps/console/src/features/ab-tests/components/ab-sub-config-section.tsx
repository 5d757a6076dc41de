import { Card, Collapse, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldRule } from '../../../message-editor';
import { type ArmTag } from '../lib/ab-values';

/** The Collapse panel's key. */
const PANEL = 'sub-config';

interface AbSubConfigSectionProps {
  rule: FieldRule;
  /** The arms of the custom design (noti_type 3): the layout number is shown for them and written to them only. */
  customArms: readonly ArmTag[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The sub-config of an A/B test of notifications (part 2 §2), collapsed unless set: the layout number (when an arm
 * has the custom design), the channel id and name, the group id and max count. Written into each arm's data; the
 * fields stay mounted while collapsed, so that their errors are kept and shown on opening. Slow push is in Delivery.
 */
export function AbSubConfigSection({ rule, customArms, open, onOpenChange }: AbSubConfigSectionProps) {
  const { t } = useTranslation();
  const text = (name: 'notiChannelId' | 'notiChannelName' | 'notiGroupId', key: string) => (
    <Form.Item
      name={name}
      label={t(`abTests.subConfig.fields.${key}`)}
      extra={t(`abTests.subConfig.hints.${key}`)}
      rules={[rule([name])]}
    >
      <Input style={{ maxWidth: 320 }} allowClear />
    </Form.Item>
  );
  const body = (
    <>
      {customArms.length > 0 ? (
        <Form.Item
          name="notiLayoutId"
          label={t('abTests.subConfig.fields.layoutId')}
          extra={t('abTests.subConfig.hints.layoutId', {
            arms: customArms.map((tag) => t('abTests.arm.name', { tag })).join(', '),
          })}
          rules={[rule(['notiLayoutId'])]}
        >
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="sub-config-layout-note">
          {t('abTests.subConfig.hints.layoutNone')}
        </Typography.Paragraph>
      )}
      <Flex gap={16} wrap>
        {text('notiChannelId', 'channelId')}
        {text('notiChannelName', 'channelName')}
      </Flex>
      <Flex gap={16} wrap>
        {text('notiGroupId', 'groupId')}
        <Form.Item
          name="notiGroupMax"
          label={t('abTests.subConfig.fields.groupMax')}
          extra={t('abTests.subConfig.hints.groupMax')}
          rules={[rule(['notiGroupMax'])]}
        >
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
      </Flex>
    </>
  );
  return (
    <Card variant="borderless" id="ab-sub-config" styles={{ body: { padding: 0 } }}>
      <Collapse
        ghost
        activeKey={open ? [PANEL] : []}
        onChange={(keys) => onOpenChange((Array.isArray(keys) ? keys : [keys]).includes(PANEL))}
        items={[
          {
            key: PANEL,
            forceRender: true,
            label: (
              <Flex vertical>
                <Typography.Text strong>{t('abTests.subConfig.title')}</Typography.Text>
                <Typography.Text type="secondary">{t('abTests.subConfig.summary')}</Typography.Text>
              </Flex>
            ),
            children: body,
          },
        ]}
      />
    </Card>
  );
}

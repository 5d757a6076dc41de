import { Card, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MessageKind } from '../lib/message-kind';
import { DescriptionField } from './description-field';
import { type FieldRule } from './use-field-rule';

/**
 * Advanced: the daily message kind (msgRestrictType) and, when the app enables it, the display priority. A cross
 * message's "Settings" (part 2 §2) also holds its description, between the two.
 */
export function AdvancedSection({
  rule,
  displayPriorityEnable,
  kind = 'notification',
}: {
  rule: FieldRule;
  displayPriorityEnable: boolean;
  kind?: MessageKind;
}) {
  const { t } = useTranslation();
  const settings = kind !== 'notification';
  return (
    <Card
      title={t(settings ? 'compose.sections.settings' : 'compose.sections.advanced')}
      variant="borderless"
      id={settings ? 'compose-settings' : 'compose-advanced'}
    >
      <Form.Item
        name="msgRestrictType"
        label={t('compose.fields.msgRestrictType')}
        extra={t('compose.hints.msgRestrictType')}
      >
        <Radio.Group
          optionType="button"
          options={[
            { value: 1, label: t('compose.kind.ad') },
            { value: 2, label: t('compose.kind.distribute') },
            { value: 3, label: t('compose.kind.content') },
          ]}
        />
      </Form.Item>
      {settings && <DescriptionField rule={rule} kind={kind} />}
      {displayPriorityEnable && (
        <Form.Item
          name="priority"
          label={t('compose.fields.priority')}
          extra={t('compose.hints.priority')}
          rules={[rule(['priority'])]}
          required
          normalize={(v: number | null) => (v === null ? null : Math.floor(v))}
        >
          <InputNumber min={0} max={9} precision={0} style={{ width: 120 }} />
        </Form.Item>
      )}
    </Card>
  );
}

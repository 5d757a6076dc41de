import { Card, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRestrict } from '../api/get-restrict';
import { type MessageKind } from '../lib/message-kind';
import { DescriptionField } from './description-field';
import { type FieldRule } from './use-field-rule';

/**
 * Advanced: the daily message kind (msgRestrictType) and, when the app enables it, the display priority. A cross
 * message's "Settings" (part 2 §2) also holds its description, between the two.
 */
export function AdvancedSection({
  appId,
  rule,
  displayPriorityEnable,
  kind = 'notification',
}: {
  appId: number;
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
        extra={
          <>
            {t('compose.hints.msgRestrictType')}
            <RestrictNote appId={appId} />
          </>
        }
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
          <InputNumber id="priority" precision={0} style={{ width: 120 }} />
        </Form.Item>
      )}
    </Card>
  );
}

const KINDS = ['ad', 'distribute', 'content'] as const;

/**
 * The daily limits the chosen kind meets (msg/restrict/check): the app's messages of that kind today against its
 * limit, and how many messages of it (and of all kinds) a device gets a day. Nothing while loading or on failure.
 */
function RestrictNote({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const chosen = Form.useWatch<number | undefined>('msgRestrictType', { preserve: true });
  const restrictType = chosen === 2 || chosen === 3 ? chosen : 1;
  const { data } = useRestrict(appId, restrictType);
  if (!data) return null;
  const kindName = t(`compose.kind.${KINDS[restrictType - 1]}`);
  const lines: string[] = [];
  if (data.app.limitEnable)
    lines.push(
      t('compose.restrict.app', { used: data.app.used, count: data.app.limitCount, kind: kindName }),
    );
  if (data.perDevice?.kind.enable)
    lines.push(t('compose.restrict.perDevice', { count: data.perDevice.kind.number, kind: kindName }));
  if (data.perDevice?.total.enable)
    lines.push(t('compose.restrict.perDeviceTotal', { count: data.perDevice.total.number }));
  if (lines.length === 0) return null;
  return (
    <Typography.Text
      type={data.app.reached ? 'danger' : 'secondary'}
      data-testid="restrict-note"
      style={{ display: 'block' }}
    >
      {lines.join(' ')}
    </Typography.Text>
  );
}

import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ComposeValues } from '../lib/compose-values';
import { type FieldRule } from './use-field-rule';

/** What a tap does: start the app (page or deep link), open an http(s) link (when the app allows links), download. */
export function OpenActionFields({ rule, linksEnable }: { rule: FieldRule; linksEnable: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const openType = Form.useWatch('openType', form) ?? 1;
  const options = [
    { value: 1, label: t('compose.openType.app') },
    ...(linksEnable || openType === 2 ? [{ value: 2, label: t('compose.openType.link') }] : []),
    { value: 3, label: t('compose.openType.download') },
  ];
  return (
    <>
      <Form.Item name="openType" label={t('compose.fields.openType')} rules={[rule(['openType'])]}>
        <Radio.Group optionType="button" options={options} />
      </Form.Item>
      <Form.Item
        name="openContent"
        label={t(`compose.fields.openContent${openType}`)}
        extra={t(`compose.hints.openContent${openType}`)}
        rules={[rule(['openContent'])]}
        dependencies={['openType']}
        required
      >
        <Input maxLength={2000} placeholder={t(`compose.placeholders.openContent${openType}`)} />
      </Form.Item>
    </>
  );
}

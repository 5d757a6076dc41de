import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LIMITS } from '@beacon/shared';
import { type ComposeValues } from '../lib/compose-values';
import { ImageField } from './image-field';
import { type FieldRule } from './use-field-rule';

/** The expanded view (none, long text, picture) and the optional large icon. */
export function ExpandedFields({ appId, rule }: { appId: number; rule: FieldRule }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const exType = Form.useWatch('exType', form) ?? 1;
  return (
    <>
      <Form.Item name="exType" label={t('compose.fields.exType')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 1, label: t('compose.exType.none') },
            { value: 2, label: t('compose.exType.text') },
            { value: 3, label: t('compose.exType.picture') },
          ]}
        />
      </Form.Item>
      {exType === 2 && (
        <Form.Item name="exText" label={t('compose.fields.exText')} rules={[rule(['exText'])]} required>
          <Input.TextArea
            maxLength={MESSAGE_LIMITS.expandedTextMax}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('compose.placeholders.exText')}
          />
        </Form.Item>
      )}
      {exType === 3 && (
        <Form.Item name="exImage" label={t('compose.fields.exImage')} rules={[rule(['exImage'])]} required>
          <ImageField appId={appId} kind="picture" />
        </Form.Item>
      )}
      {exType !== 3 && (
        <Form.Item
          name="optionalIcon"
          label={t('compose.fields.optionalIcon')}
          extra={t('compose.hints.optionalIcon')}
        >
          <ImageField appId={appId} kind="optionalIcon" />
        </Form.Item>
      )}
    </>
  );
}

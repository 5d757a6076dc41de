import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LIMITS } from '@beacon/shared';
import { MAX_BUTTONS, type ComposeValues } from '../lib/compose-values';
import { type FieldRule } from './use-field-rule';

/** Up to 3 extra buttons (text ≤ 20, content ≤ 200 without whitespace, by type: start app or open a link). */
export function ExtraButtonsField({ rule, linksEnable }: { rule: FieldRule; linksEnable: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const buttons = Form.useWatch('buttons', form) ?? [];
  return (
    <Form.Item label={t('compose.fields.buttons')} extra={t('compose.hints.buttons', { max: MAX_BUTTONS })}>
      <Form.List name="buttons">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((field, i) => (
              <Flex key={field.key} gap={8} align="start" wrap data-testid={`extra-button-${i}`}>
                <Form.Item name={[field.name, 'type']} noStyle>
                  <Select
                    aria-label={t('compose.buttons.typeOf', { n: i + 1 })}
                    style={{ width: 130 }}
                    options={[
                      { value: 1, label: t('compose.openType.app') },
                      ...(linksEnable || buttons[i]?.type === 2
                        ? [{ value: 2, label: t('compose.openType.link') }]
                        : []),
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'txt']}
                  rules={[rule(['buttons', i, 'txt'])]}
                  style={{ marginBottom: 0, width: 150 }}
                >
                  <Input
                    aria-label={t('compose.buttons.textOf', { n: i + 1 })}
                    maxLength={MESSAGE_LIMITS.extraButtonTextMax}
                    placeholder={t('compose.buttons.text')}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'content']}
                  rules={[rule(['buttons', i, 'content'])]}
                  dependencies={[['buttons', i, 'type']]}
                  style={{ marginBottom: 0, flex: 1, minWidth: 180 }}
                >
                  <Input
                    aria-label={t('compose.buttons.contentOf', { n: i + 1 })}
                    maxLength={MESSAGE_LIMITS.extraButtonContentMax}
                    placeholder={
                      buttons[i]?.type === 2 ? 'https://…' : t('compose.placeholders.openContent1')
                    }
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('compose.buttons.removeOf', { n: i + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            {fields.length < MAX_BUTTONS ? (
              <div>
                <Button icon={<PlusOutlined />} onClick={() => add({ type: 1, txt: '', content: '' })}>
                  {t('compose.buttons.add')}
                </Button>
              </div>
            ) : (
              <Typography.Text type="secondary">
                {t('compose.buttons.max', { max: MAX_BUTTONS })}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

import { Card, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LIMITS, type AiSource } from '@beacon/shared';
import { useEditorPorts } from '../ports';
import { type ComposeValues } from '../lib/compose-values';
import { DescriptionField } from './description-field';
import { ExpandedFields } from './expanded-fields';
import { ExtraButtonsField } from './extra-buttons-field';
import { ImageField } from './image-field';
import { OpenActionFields } from './open-action-fields';
import { SmallIconField } from './small-icon-field';
import { type FieldRule } from './use-field-rule';

interface ContentSectionProps {
  appId: number;
  rule: FieldRule;
  linksEnable: boolean;
  /** The message name field; off where the name is asked elsewhere (an A/B test's arms share the test's). */
  description?: boolean;
  /** The card's title and element id, `Content` and compose-content unless told (an A/B test has one per arm). */
  title?: string;
  cardId?: string;
  /** The design cannot change (a material's type is fixed once saved). */
  designLocked?: boolean;
  /** Where the AI assistant is opened from (tracking): the push composer unless told. */
  aiFrom?: AiSource;
  /** After the AI assistant filled the form (AssistantButton's onUsed). */
  onAiUsed?: (() => void) | undefined;
}

/** Content: the message name, the design and its icon, title, text, expanded view, open action and buttons. */
export function ContentSection({
  appId,
  rule,
  linksEnable,
  description = true,
  title,
  cardId,
  designLocked = false,
  aiFrom = 'push',
  onAiUsed,
}: ContentSectionProps) {
  const { t } = useTranslation();
  const { AssistantButton } = useEditorPorts();
  const form = Form.useFormInstance<ComposeValues>();
  const design = Form.useWatch('design', form) ?? 1;
  const smallIcon = Form.useWatch('smallIcon', form) ?? '';
  const color = Form.useWatch('smallIconColor', form) ?? '';
  return (
    <Card
      title={title ?? t('compose.sections.content')}
      variant="borderless"
      id={cardId ?? 'compose-content'}
      extra={<AssistantButton appId={appId} msgType={1} from={aiFrom} onUsed={onAiUsed} />}
    >
      {description && <DescriptionField rule={rule} kind="notification" />}
      <Form.Item name="design" label={t('compose.fields.design')}>
        <Radio.Group
          optionType="button"
          disabled={designLocked}
          options={[
            { value: 1, label: t('compose.design.system') },
            { value: 3, label: t('compose.design.custom') },
          ]}
        />
      </Form.Item>
      {design === 1 ? (
        <>
          <Form.Item
            name="smallIcon"
            label={t('compose.fields.smallIcon')}
            rules={[rule(['smallIcon'])]}
            required
          >
            <SmallIconField appId={appId} color={color} />
          </Form.Item>
          <Form.Item
            name="smallIconColor"
            label={t('compose.fields.smallIconColor')}
            extra={smallIcon ? t('compose.hints.color') : t('compose.hints.colorNeedsIcon')}
            rules={[rule(['smallIconColor'])]}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input
              disabled={!smallIcon}
              maxLength={7}
              placeholder="#1A73E8"
              style={{ width: 160 }}
              prefix={
                <span
                  aria-hidden
                  style={{
                    width: 14,
                    height: 14,
                    borderRadius: 3,
                    background: /^#[0-9A-F]{6}$/.test(color) ? color : 'transparent',
                    border: '1px solid #d9d9d9',
                    display: 'inline-block',
                  }}
                />
              }
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="icon" label={t('compose.fields.icon')} rules={[rule(['icon'])]} required>
            <ImageField appId={appId} kind="customIcon" />
          </Form.Item>
          <Form.Item name="button" label={t('compose.fields.button')} rules={[rule(['button'])]}>
            <Input
              maxLength={MESSAGE_LIMITS.buttonMax}
              showCount
              placeholder={t('compose.placeholders.button')}
              style={{ maxWidth: 320 }}
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="title" label={t('compose.fields.title')} rules={[rule(['title'])]} required>
        <Input maxLength={MESSAGE_LIMITS.titleMax} showCount placeholder={t('compose.placeholders.title')} />
      </Form.Item>
      <Form.Item name="desc" label={t('compose.fields.desc')} rules={[rule(['desc'])]} required>
        <Input.TextArea
          maxLength={MESSAGE_LIMITS.descMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('compose.placeholders.desc')}
        />
      </Form.Item>
      <ExpandedFields appId={appId} rule={rule} />
      <OpenActionFields rule={rule} linksEnable={linksEnable} />
      <ExtraButtonsField rule={rule} linksEnable={linksEnable} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('compose.hints.designChange')}
      </Typography.Text>
    </Card>
  );
}

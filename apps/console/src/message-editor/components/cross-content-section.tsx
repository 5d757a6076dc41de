import { Alert, AutoComplete, Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CROSS_LIMITS, type AiSource } from '@beacon/shared';
import { useEditorPorts } from '../ports';
import { type MessageKind } from '../lib/message-kind';
import { FormJsonEditor, ReservedKeysNote } from './json-editor';
import { type FieldRule } from './use-field-rule';

interface CrossContentSectionProps {
  rule: FieldRule;
  kind: Exclude<MessageKind, 'notification'>;
  /** The app's own package, offered first for a pull-up. */
  appPackage: string;
  /** The content card's title and element id, `Message details` and compose-details unless told. */
  title?: string;
  cardId?: string;
  /** The AI assistant's app (the route's unless told) and where it is opened from (the push composer unless told). */
  appId?: number;
  aiFrom?: AiSource;
  /** After the AI assistant filled the form (AssistantButton's onUsed). */
  onAiUsed?: (() => void) | undefined;
}

/**
 * A cross message's content (Message details: the JSON editor) and, for a pull-up, the package and activity the SDK
 * brings to the foreground with the optional intent extras. Loaded lazily, with CodeMirror, by the cross screens only.
 */
export default function CrossContentSection({
  rule,
  kind,
  appPackage,
  title,
  cardId,
  appId,
  aiFrom = 'push',
  onAiUsed,
}: CrossContentSectionProps) {
  const { AssistantButton } = useEditorPorts();
  const { t } = useTranslation();
  const pullUp = kind === 'pullup';
  const contentLabel = t(pullUp ? 'compose.pullup.fields.content' : 'compose.cross.fields.content');
  const content = Form.useWatch<string | undefined>('crossJson');
  return (
    <>
      {pullUp && (
        <Card title={t('compose.sections.pullup')} variant="borderless" id="compose-pullup">
          <Alert type="info" showIcon title={t('compose.pullup.help')} style={{ marginBottom: 16 }} />
          <Form.Item
            name="enlivePackage"
            label={t('compose.pullup.fields.package')}
            extra={t('compose.pullup.hints.package')}
            rules={[rule(['enlivePackage'])]}
            required
          >
            <AutoComplete
              options={
                appPackage
                  ? [{ value: appPackage, label: `${appPackage} (${t('compose.pullup.ownPackage')})` }]
                  : []
              }
              style={{ maxWidth: 420 }}
            />
          </Form.Item>
          <Form.Item
            name="enliveActivity"
            label={t('compose.pullup.fields.activity')}
            extra={t('compose.pullup.hints.activity')}
            rules={[rule(['enliveActivity'])]}
            required
          >
            <Input
              maxLength={CROSS_LIMITS.activityMax}
              placeholder={t('compose.pullup.placeholders.activity')}
              style={{ maxWidth: 420 }}
            />
          </Form.Item>
          <Form.Item
            name="enliveJson"
            label={t('compose.pullup.fields.data')}
            extra={t('compose.pullup.hints.data')}
            rules={[rule(['enliveJson'])]}
          >
            <FormJsonEditor
              label={t('compose.pullup.fields.data')}
              placeholder={t('compose.pullup.placeholders.data')}
              minHeight={72}
            />
          </Form.Item>
        </Card>
      )}
      <Card
        title={title ?? t('compose.sections.details')}
        variant="borderless"
        id={cardId ?? 'compose-details'}
        extra={<AssistantButton appId={appId} msgType={2} from={aiFrom} onUsed={onAiUsed} />}
      >
        <Form.Item
          name="crossJson"
          label={contentLabel}
          extra={
            <Flex vertical gap={6}>
              <span>{t(pullUp ? 'compose.pullup.hints.content' : 'compose.cross.hints.content')}</span>
              {/* after the item's error line, which says the syntax error right under the editor */}
              <ReservedKeysNote text={content} />
            </Flex>
          }
          rules={[rule(['crossJson'])]}
          required={!pullUp}
        >
          <FormJsonEditor label={contentLabel} placeholder={t('compose.cross.placeholders.content')} />
        </Form.Item>
      </Card>
    </>
  );
}

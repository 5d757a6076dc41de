import { RobotOutlined } from '@ant-design/icons';
import { App, Button, Form, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type AiSource, type ReplyItem, MessageType } from '@beacon/shared';
import { trackAiAction } from '../api/assistant';
import { useAiStatus } from '../api/get-ai-status';
import { suggestionFields } from '../lib/fill-form';
import { AssistantOverlay } from './assistant-overlay';

export interface AssistantButtonProps {
  /** the app (its facts are the assistant's context); the route's app unless told */
  appId?: number | undefined;
  /** the message kind the copy is for: 1 notification, 2 cross message */
  msgType: 1 | 2;
  /** where the assistant was opened: the push composer or the material library (tracking) */
  from?: AiSource | undefined;
  /**
   * After a suggestion filled the form: for an editor that reads its form on each change (a journey step), since a
   * filled form does not fire onValuesChange.
   */
  onUsed?: (() => void) | undefined;
}

/**
 * "AI assistant" on a content editor (compose, A/B arms, journey steps, materials): opens the overlay chat, and fills
 * the editor's form with the suggestion used — marking the content as AI-made (`contentCreateType` 1) and recording
 * ai_use. It lives inside the editor's Form.
 */
export function AssistantButton({ appId, msgType, from = 'push', onUsed }: AssistantButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const params = useParams();
  // the language fields are named by path (langContent.<code>…), which a typed form does not list
  const form = Form.useFormInstance<Record<string, unknown>>();
  const multiLang = (Form.useWatch('multiLang', form) as boolean | undefined) ?? false;
  const chosen = (Form.useWatch('languages', form) as string[] | undefined) ?? [];
  const [open, setOpen] = useState(false);
  // the button says AI is off before it is opened (the overlay says how to turn it on)
  const status = useAiStatus();
  const off = status.isError || status.data?.configured === false;
  const app = appId ?? Number(params.appId);
  if (!Number.isInteger(app) || app <= 0) return null;

  const use = (item: ReplyItem, target: string) => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const fields = suggestionFields(
      item,
      msgType,
      {
        design: values.design,
        crossJson: values.crossJson,
        description: values.description,
        // getFieldsValue() without `true` holds only the fields on screen
        hasDescription: 'description' in form.getFieldsValue(),
      },
      target,
    );
    form.setFields(fields.map(({ name, value }) => ({ name, value, touched: true })));
    form.setFieldValue('contentCreateType', 1);
    onUsed?.();
    void form.validateFields(fields.map((f) => f.name)).catch(() => undefined);
    const title = typeof values.description === 'string' ? values.description : '';
    void trackAiAction(app, 'ai_use', from, title);
    void message.success(t('ai.assistant.used'));
    setOpen(false);
  };

  return (
    <>
      <Tooltip title={off ? t('ai.notConfigured') : undefined}>
        <Button
          icon={<RobotOutlined />}
          onClick={() => setOpen(true)}
          data-testid="ai-assistant-open"
          data-ai-off={off || undefined}
        >
          {t(off ? 'ai.assistant.openOff' : 'ai.assistant.open')}
        </Button>
      </Tooltip>
      {open && (
        <AssistantOverlay
          open
          onClose={() => setOpen(false)}
          appId={app}
          msgType={msgType}
          from={from}
          onUse={use}
          languages={msgType === MessageType.NOTIFICATION && multiLang ? chosen : []}
        />
      )}
    </>
  );
}

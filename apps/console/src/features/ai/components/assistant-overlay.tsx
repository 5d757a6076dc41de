import {
  ClearOutlined,
  CloseOutlined,
  DownloadOutlined,
  PlusOutlined,
  RobotOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { type TextAreaRef } from 'antd/es/input/TextArea';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_LIMITS, type ReplyItem, MessageType } from '@beacon/shared';
import { downloadAssistantChat } from '../api/assistant';
import { useAiStatus } from '../api/get-ai-status';
import { currentDialog, downloadContents } from '../lib/chat-items';
import { MAIN_CONTENT } from '../lib/fill-form';
import { ChatList } from './chat-list';
import { useAssistantChat, type AssistantTarget } from './use-assistant-chat';

export interface AssistantOverlayProps extends AssistantTarget {
  open: boolean;
  onClose: () => void;
  /** Fills the form with a suggestion, into the main content or a language (`target`); without it, no "Use". */
  onUse?: ((item: ReplyItem, target: string) => void) | undefined;
  /** The languages of the multi-language editor a suggestion may go to, besides the main content. */
  languages?: string[] | undefined;
}

const PROMPTS = ['sale', 'reminder', 'question'] as const;

/**
 * The AI assistant (part 2 §2 "full-screen overlay chat", §4 AI dialog): ask for copy, watch the answer arrive, use a
 * suggestion. The conversation is the app's, kept in local storage; the input waits while an answer is in flight.
 */
export function AssistantOverlay({ open, onClose, ...props }: AssistantOverlayProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      destroyOnHidden
      width="100%"
      style={{ top: 0, margin: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{
        container: {
          height: '100vh',
          borderRadius: 0,
          display: 'flex',
          flexDirection: 'column',
          padding: 0,
        },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
      aria-label={t('ai.assistant.title')}
      data-testid="ai-assistant"
    >
      {open && <AssistantChat {...props} onClose={onClose} />}
    </Modal>
  );
}

function AssistantChat({
  appId,
  msgType,
  from,
  onUse,
  languages = [],
  onClose,
}: Omit<AssistantOverlayProps, 'open'>) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const status = useAiStatus();
  const chat = useAssistantChat({ appId, msgType, from });
  const [text, setText] = useState('');
  const [target, setTarget] = useState(MAIN_CONTENT);
  const [downloading, setDownloading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const input = useRef<TextAreaRef>(null);
  const configured = status.data?.configured === true;
  const notConfigured = status.isError || status.data?.configured === false;
  const hasMessages = chat.items.some((i) => i.type === 'user');
  const empty = !currentDialog(chat.items).some((i) => i.type !== 'new');

  // the latest message in view
  const scrollDown = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  };
  useEffect(scrollDown, [chat.items, chat.streaming]);
  // typing again once the answer is there
  useEffect(() => {
    if (!chat.busy && configured) input.current?.focus();
  }, [chat.busy, configured]);

  const locale = i18n.language.startsWith('zh') ? 'zh-CN' : i18n.language.startsWith('fr') ? 'fr' : 'en';
  const dateOf = (at: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
  const timeOf = (at: number) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at);

  const send = () => {
    if (chat.send(text)) setText('');
  };
  const download = async () => {
    setDownloading(true);
    try {
      const contents = downloadContents(chat.items, (at) => dayjs(at).format('YYYY-MM-DD HH:mm'));
      await downloadAssistantChat(appId, contents);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };
  const use =
    onUse &&
    ((item: ReplyItem) => {
      onUse(item, languages.includes(target) ? target : MAIN_CONTENT);
    });

  return (
    <>
      <Flex
        justify="space-between"
        align="center"
        wrap
        gap={12}
        style={{ padding: '12px 24px', borderBottom: '1px solid #f0f0f0' }}
      >
        <Space size={12}>
          <RobotOutlined style={{ fontSize: 22, color: '#1677ff' }} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('ai.assistant.title')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(
              msgType === MessageType.NOTIFICATION
                ? 'ai.assistant.kind.notification'
                : 'ai.assistant.kind.cross',
            )}
          </Typography.Text>
        </Space>
        <Space wrap>
          {onUse && languages.length > 0 && (
            <Space size={6}>
              <Typography.Text type="secondary">{t('ai.assistant.fillInto')}</Typography.Text>
              <Select
                size="middle"
                style={{ minWidth: 160 }}
                aria-label={t('ai.assistant.fillInto')}
                value={languages.includes(target) ? target : MAIN_CONTENT}
                onChange={setTarget}
                options={[
                  { value: MAIN_CONTENT, label: t('ai.assistant.mainContent') },
                  ...languages.map((l) => ({ value: l, label: l })),
                ]}
              />
            </Space>
          )}
          <Button icon={<PlusOutlined />} disabled={chat.busy || empty} onClick={chat.newDialog}>
            {t('ai.assistant.newDialog')}
          </Button>
          <Popconfirm
            title={t('ai.assistant.clearConfirm')}
            okText={t('ai.assistant.clear')}
            cancelText={t('ai.assistant.cancel')}
            onConfirm={chat.clear}
            disabled={chat.items.length === 0}
          >
            <Button icon={<ClearOutlined />} disabled={chat.items.length === 0}>
              {t('ai.assistant.clear')}
            </Button>
          </Popconfirm>
          <Button
            icon={<DownloadOutlined />}
            disabled={!hasMessages || chat.busy}
            loading={downloading}
            onClick={() => void download()}
          >
            {t('ai.assistant.download')}
          </Button>
          <Button icon={<CloseOutlined />} onClick={onClose} aria-label={t('ai.assistant.close')}>
            {t('ai.assistant.close')}
          </Button>
        </Space>
      </Flex>
      <div ref={scroller} style={{ flex: 1, overflowY: 'auto', padding: '16px 24px' }}>
        <div style={{ maxWidth: 960, margin: '0 auto' }}>
          {notConfigured && (
            <Alert
              type="warning"
              showIcon
              data-testid="ai-assistant-not-configured"
              title={t('ai.notConfigured')}
              style={{ marginBottom: 16 }}
            />
          )}
          <ChatList
            items={chat.items}
            streaming={chat.streaming}
            busy={chat.busy}
            onUse={use}
            onResend={chat.resend}
            dateOf={dateOf}
            timeOf={timeOf}
            onReveal={scrollDown}
          />
          {empty && chat.streaming === null && (
            <Flex vertical gap={12} style={{ marginTop: 16 }} data-testid="ai-intro">
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t(
                  msgType === MessageType.NOTIFICATION
                    ? 'ai.assistant.intro.notification'
                    : 'ai.assistant.intro.cross',
                )}
              </Typography.Paragraph>
              <Flex gap={8} wrap>
                {PROMPTS.map((p) => (
                  <Button
                    key={p}
                    size="small"
                    disabled={!configured}
                    onClick={() => {
                      setText(t(`ai.assistant.prompts.${p}`));
                      input.current?.focus();
                    }}
                  >
                    {t(`ai.assistant.prompts.${p}`)}
                  </Button>
                ))}
              </Flex>
            </Flex>
          )}
        </div>
      </div>
      <div style={{ padding: '12px 24px 16px', borderTop: '1px solid #f0f0f0' }}>
        <Flex gap={8} align="end" style={{ maxWidth: 960, margin: '0 auto' }}>
          <Input.TextArea
            ref={input}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
            disabled={chat.busy || !configured}
            maxLength={AI_LIMITS.chatContentMax}
            autoSize={{ minRows: 1, maxRows: 8 }}
            style={{ maxHeight: 200 }}
            placeholder={t('ai.assistant.placeholder')}
            aria-label={t('ai.assistant.inputLabel')}
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={chat.busy}
            disabled={!configured || text.trim() === ''}
            onClick={send}
          >
            {t('ai.assistant.send')}
          </Button>
        </Flex>
      </div>
    </>
  );
}

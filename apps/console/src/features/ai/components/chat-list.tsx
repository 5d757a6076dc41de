import { ReloadOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Divider, Flex, Tag, Typography } from 'antd';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowType, type ReplyItem } from '@beacon/shared';
import { type ChatItem } from '../lib/chat-items';
import { partialAnswer } from '../lib/partial-answer';
import { useReplyQueue } from './use-reply-queue';

/** One suggestion of copy: its title, text and button, the sensitive words found, and "Use". */
function SuggestionCard({
  n,
  item,
  onUse,
}: {
  n: number;
  item: Pick<ReplyItem, 'title' | 'content' | 'button' | 'problems'>;
  onUse?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid="ai-suggestion"
      title={<span style={{ whiteSpace: 'normal' }}>{item.title}</span>}
      extra={
        onUse && (
          <Button type="primary" size="small" onClick={onUse} aria-label={t('ai.assistant.useLabel', { n })}>
            {t('ai.assistant.use')}
          </Button>
        )
      }
      style={{ width: '100%' }}
    >
      <Typography.Paragraph style={{ marginBottom: item.button ? 8 : 0, whiteSpace: 'pre-wrap' }}>
        {item.content}
      </Typography.Paragraph>
      {item.button && (
        <Flex gap={6} align="center">
          <Typography.Text type="secondary">{t('ai.assistant.button')}</Typography.Text>
          <Tag>{item.button}</Tag>
        </Flex>
      )}
      {item.problems?.map((p, i) => (
        <Alert
          key={i}
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={t('ai.assistant.problem', { words: p.words.join(', ') })}
        />
      ))}
    </Card>
  );
}

/**
 * A reply: the plain answer (showType 1) as text, suggestions (showType 0) as cards to use; `shown` of its items when
 * it is the answer coming in (useReplyQueue), all of them otherwise.
 */
function Reply({
  list,
  shown = list.length,
  onUse,
}: {
  list: ReplyItem[];
  shown?: number;
  onUse?: ((item: ReplyItem) => void) | undefined;
}) {
  let n = 0;
  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      {list.slice(0, shown).map((item, i) =>
        item.showType === ShowType.TEXT ? (
          <Typography.Paragraph key={i} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {item.originContent}
          </Typography.Paragraph>
        ) : (
          <SuggestionCard key={i} n={++n} item={item} onUse={onUse && (() => onUse(item))} />
        ),
      )}
    </Flex>
  );
}

/** What of an answer being written can be read: its plain answer, and the suggestions with a title or a text. */
function streamedParts(text: string) {
  const partial = partialAnswer(text);
  const answer = partial?.answer ?? '';
  const suggestions = partial?.suggestions.filter((s) => s.title || s.content) ?? [];
  return { answer, suggestions, count: (answer ? 1 : 0) + suggestions.length };
}

/** The answer being written: `shown` of the items arrived so far, or a "writing" line before anything readable. */
function StreamingReply({ text, shown }: { text: string; shown: number }) {
  const { t } = useTranslation();
  const { answer, suggestions } = streamedParts(text);
  return (
    <Flex vertical gap={8} style={{ width: '100%' }} data-testid="ai-streaming" aria-busy>
      {answer && shown > 0 && (
        <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
          {answer}
        </Typography.Paragraph>
      )}
      {suggestions.slice(0, Math.max(0, shown - (answer ? 1 : 0))).map((s, i) => (
        <SuggestionCard key={i} n={i + 1} item={s} />
      ))}
      <Typography.Text type="secondary">{t('ai.assistant.writing')}</Typography.Text>
    </Flex>
  );
}

function Bubble({ who, time, children }: { who: 'user' | 'assistant'; time?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const mine = who === 'user';
  return (
    <Flex gap={10} align="start" justify={mine ? 'end' : 'start'} data-testid={`ai-item-${who}`}>
      {!mine && <Avatar icon={<RobotOutlined />} style={{ flexShrink: 0, background: '#1677ff' }} />}
      <Flex
        vertical
        gap={2}
        style={mine ? { maxWidth: '70%', minWidth: 0 } : { flex: 1, maxWidth: 720, minWidth: 0 }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: mine ? 'right' : 'left' }}>
          {t(mine ? 'ai.assistant.you' : 'ai.assistant.assistant')}
          {time ? ` · ${time}` : ''}
        </Typography.Text>
        <div
          style={{
            padding: mine ? '8px 12px' : 0,
            borderRadius: 12,
            background: mine ? '#e6f4ff' : 'transparent',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {children}
        </div>
      </Flex>
      {mine && <Avatar icon={<UserOutlined />} style={{ flexShrink: 0 }} />}
    </Flex>
  );
}

export interface ChatListProps {
  items: ChatItem[];
  /** the answer in flight, as much of it as has arrived; null when none is */
  streaming: string | null;
  busy: boolean;
  onUse?: ((item: ReplyItem) => void) | undefined;
  onResend: (errorId: string) => void;
  dateOf: (at: number) => string;
  timeOf: (at: number) => string;
  /** another reply item of the answer coming in is on screen (the overlay keeps it in view) */
  onReveal?: (() => void) | undefined;
}

/** The conversation: a date line when the day changes, the "new dialog" marks, each message, the answer in flight. */
export function ChatList({
  items,
  streaming,
  busy,
  onUse,
  onResend,
  dateOf,
  timeOf,
  onReveal,
}: ChatListProps) {
  const { t } = useTranslation();
  // the conversation as it was opened shows whole; the answer coming in shows its items one by one (useReplyQueue)
  const [stored] = useState(() => new Set(items.map((i) => i.id)));
  const last = items.at(-1);
  const live = streaming === null && last?.type === 'assistant' && !stored.has(last.id) ? last : undefined;
  const total = streaming !== null ? streamedParts(streaming).count : (live?.list.length ?? 0);
  const shown = useReplyQueue(total, items.findLast((i) => i.type === 'user')?.id ?? '');
  useEffect(() => {
    if (total > 0) onReveal?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per item revealed, not per render of the parent
  }, [shown]);
  let day = '';
  return (
    <Flex vertical gap={16}>
      {items.map((item) => {
        const date = dateOf(item.at);
        const dateLine =
          date !== day && item.type !== 'new' ? (
            <Divider plain style={{ margin: '4px 0' }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {date}
              </Typography.Text>
            </Divider>
          ) : null;
        if (item.type !== 'new') day = date;
        return (
          <Fragment key={item.id}>
            {dateLine}
            {item.type === 'new' && (
              <Divider plain data-testid="ai-new-dialog-mark">
                {t('ai.assistant.newDialogMark')}
              </Divider>
            )}
            {item.type === 'user' && (
              <Bubble who="user" time={timeOf(item.at)}>
                {item.content}
              </Bubble>
            )}
            {item.type === 'assistant' && (
              <Bubble who="assistant" time={timeOf(item.at)}>
                <Reply list={item.list} shown={item === live ? shown : undefined} onUse={onUse} />
              </Bubble>
            )}
            {item.type === 'error' && (
              <Bubble who="assistant" time={timeOf(item.at)}>
                <Alert
                  type="error"
                  showIcon
                  data-testid="ai-error"
                  title={item.message}
                  action={
                    <Button
                      size="small"
                      icon={<ReloadOutlined />}
                      disabled={busy}
                      onClick={() => onResend(item.id)}
                    >
                      {t('ai.assistant.resend')}
                    </Button>
                  }
                />
              </Bubble>
            )}
          </Fragment>
        );
      })}
      {streaming !== null && (
        <Bubble who="assistant">
          <StreamingReply text={streaming} shown={shown} />
        </Bubble>
      )}
    </Flex>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type AiSource } from '@beacon/shared';
import { isApiError } from '../../../lib/api-error';
import { streamAssistantChat } from '../api/assistant';
import { loadChat, messagesToSend, newId, saveChat, type ChatItem } from '../lib/chat-items';

export interface AssistantTarget {
  appId: number;
  /** the message kind the copy is for: 1 notification, 2 cross message */
  msgType: 1 | 2;
  from: AiSource;
}

/**
 * The assistant's conversation of an app: kept in local storage, one question in flight at a time (its answer's text
 * in `streaming` as it arrives), "new dialog" and "clear", resend after an error.
 */
export function useAssistantChat({ appId, msgType, from }: AssistantTarget) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ChatItem[]>(() => loadChat(appId));
  const [streaming, setStreaming] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => saveChat(appId, items), [appId, items]);
  // closing the assistant drops the answer in flight
  useEffect(() => () => inFlight.current?.abort(), []);

  const errorText = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.code === ErrorCodes.AI_NOT_CONFIGURED) return t('ai.notConfigured');
      if (isApiError(error) && error.kind === 'network') return t('ai.assistant.errors.network');
      // 1062 and the rest: the server's message, in the console's language (Accept-Language)
      return error instanceof Error ? error.message : String(error);
    },
    [t],
  );

  const ask = useCallback(
    async (history: ChatItem[]) => {
      const controller = new AbortController();
      inFlight.current = controller;
      setStreaming('');
      let next: ChatItem;
      try {
        const result = await streamAssistantChat({
          appId,
          body: { messages: messagesToSend(history), msgType, from },
          signal: controller.signal,
          onToken: (text) => setStreaming((s) => (s === null ? s : s + text)),
        });
        next =
          result.list.length > 0
            ? { id: newId(), at: Date.now(), type: 'assistant', list: result.list }
            : { id: newId(), at: Date.now(), type: 'error', message: t('ai.assistant.errors.empty') };
      } catch (error) {
        next = { id: newId(), at: Date.now(), type: 'error', message: errorText(error) };
      }
      if (controller.signal.aborted) return;
      inFlight.current = null;
      setItems((current) => [...current, next]);
      setStreaming(null);
    },
    [appId, msgType, from, t, errorText],
  );

  const busy = streaming !== null;

  /** Sends a question with the current dialog's last messages. */
  const send = (text: string) => {
    const content = text.trim();
    if (busy || content === '') return false;
    const next: ChatItem[] = [...items, { id: newId(), at: Date.now(), type: 'user', content }];
    setItems(next);
    void ask(next);
    return true;
  };

  /** Asks again after a failed answer: the error goes, the same dialog is sent. */
  const resend = (errorId: string) => {
    if (busy) return;
    const next = items.filter((i) => i.id !== errorId);
    setItems(next);
    void ask(next);
  };

  /** Starts a fresh context: the earlier messages stay on screen but are no longer sent. */
  const newDialog = () => {
    const last = items.at(-1);
    if (busy || !last || last.type === 'new') return;
    setItems([...items, { id: newId(), at: Date.now(), type: 'new' }]);
  };

  const clear = () => {
    inFlight.current?.abort();
    inFlight.current = null;
    setStreaming(null);
    setItems([]);
  };

  return { items, streaming, busy, send, resend, newDialog, clear };
}

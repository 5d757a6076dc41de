import { z } from 'zod';
import { AI_LIMITS, ReplyItem, ShowType, type AiChatMessage, type AiDownloadRequest } from '@beacon/shared';
import { safeStorage } from '../../../lib/storage';

/**
 * The assistant's conversation (part 2 §3 AI chat items): what the user asked, what the assistant answered (reply
 * items), an error with its resend, and the "new dialog" marks that start a fresh context. The date lines, the intro
 * and the loading item are drawn, not stored. One conversation per app, kept in local storage, at most 100 items.
 */
const Stamp = { id: z.string(), at: z.number() };
export const ChatItem = z.discriminatedUnion('type', [
  z.object({ ...Stamp, type: z.literal('user'), content: z.string() }),
  z.object({ ...Stamp, type: z.literal('assistant'), list: z.array(ReplyItem) }),
  z.object({ ...Stamp, type: z.literal('error'), message: z.string() }),
  z.object({ ...Stamp, type: z.literal('new') }),
]);
export type ChatItem = z.infer<typeof ChatItem>;
export type UserItem = Extract<ChatItem, { type: 'user' }>;
export type AssistantItem = Extract<ChatItem, { type: 'assistant' }>;

const Stored = z.object({ items: z.array(ChatItem) });

export const storageKey = (appId: number) => `beacon.ai.chat.${appId}`;

/** The stored conversation of an app; empty when there is none or it cannot be read. */
export function loadChat(appId: number): ChatItem[] {
  const raw = safeStorage.get(storageKey(appId));
  if (!raw) return [];
  try {
    const parsed = Stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.items : [];
  } catch {
    return [];
  }
}

/** Keeps the last 100 items (part 2 §9); a conversation without any message is removed. */
export function saveChat(appId: number, items: ChatItem[]): void {
  const kept = items.slice(-AI_LIMITS.downloadContentsMax);
  if (!kept.some((i) => i.type === 'user')) safeStorage.remove(storageKey(appId));
  else safeStorage.set(storageKey(appId), JSON.stringify({ items: kept }));
}

let seq = 0;
export const newId = () => `${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** The items of the current dialog: those after the last "new dialog" mark. */
export function currentDialog(items: ChatItem[]): ChatItem[] {
  const start = items.findLastIndex((i) => i.type === 'new');
  return items.slice(start + 1);
}

const clip = (text: string) => text.slice(0, AI_LIMITS.chatContentMax);

/** An answer as the model's own structured text, so that the dialog it is sent back in reads as it wrote it. */
export function answerText(list: ReplyItem[]): string {
  const suggestions = list.filter((r) => r.showType === ShowType.SUGGESTION);
  if (suggestions.length === 0)
    return JSON.stringify({
      kind: 'answer',
      answer: list.map((r) => r.originContent ?? '').join('\n'),
      suggestions: [],
    });
  return JSON.stringify({
    kind: 'suggestions',
    answer: '',
    suggestions: suggestions.map((s) => ({
      title: s.title ?? '',
      content: s.content ?? '',
      button: s.button ?? '',
    })),
  });
}

/** The messages sent with a question: the current dialog's last 10 (postAssistantChat, part 2 §9). */
export function messagesToSend(items: ChatItem[]): AiChatMessage[] {
  const messages: AiChatMessage[] = [];
  for (const item of currentDialog(items)) {
    if (item.type === 'user') messages.push({ role: 'user', content: clip(item.content) });
    else if (item.type === 'assistant' && item.list.length > 0)
      messages.push({ role: 'assistant', content: clip(answerText(item.list)) });
  }
  return messages.slice(-AI_LIMITS.chatMessagesMax);
}

/** An answer as a person reads it (the download): the plain text, or the numbered suggestions. */
export function readableAnswer(list: ReplyItem[]): string {
  return list
    .map((r, i) =>
      r.showType === ShowType.TEXT
        ? (r.originContent ?? '')
        : [`${i + 1}. ${r.title ?? ''}`, r.content ?? '', r.button ? `[${r.button}]` : '']
            .filter((line) => line !== '')
            .join('\n'),
    )
    .join('\n\n');
}

/** The conversation's messages for downloadAssistantChat, with the time each was said. */
export function downloadContents(
  items: ChatItem[],
  format: (at: number) => string,
): AiDownloadRequest['contents'] {
  const contents: AiDownloadRequest['contents'] = [];
  for (const item of items) {
    if (item.type === 'user')
      contents.push({ role: 'user', content: clip(item.content), date: format(item.at) });
    else if (item.type === 'assistant')
      contents.push({ role: 'assistant', content: clip(readableAnswer(item.list)), date: format(item.at) });
  }
  return contents;
}

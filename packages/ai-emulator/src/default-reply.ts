import { schemaInstance } from './schema-instance';
import { type ChatMessage, type ChatRequest } from './types';

/** The text of the last `user` message: its string content, or its text parts joined by newlines. */
export function lastUserText(body: ChatRequest): string {
  const last = body.messages.findLast((m: ChatMessage) => m.role === 'user');
  return last === undefined ? '' : messageText(last);
}

export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (content === undefined || content === null) return '';
  return content
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * What the emulator answers when nothing is scripted: for a json_schema response format an instance of the schema
 * derived from the last user message, for json_object `{"echo": <that message>}`, otherwise `Echo: <that message>`.
 */
export function defaultContent(body: ChatRequest): string {
  const text = lastUserText(body);
  const format = body.response_format;
  if (format?.type === 'json_schema')
    return JSON.stringify(schemaInstance(format.json_schema.schema ?? {}, text));
  if (format?.type === 'json_object') return JSON.stringify({ echo: text });
  return `Echo: ${text}`;
}

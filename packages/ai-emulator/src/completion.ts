import { randomBytes } from 'node:crypto';
import { messageText } from './default-reply';
import { type ChatRequest, type FinishReason } from './types';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

/** What every body and chunk of one completion shares. */
export interface CompletionHead {
  id: string;
  created: number;
  model: string;
}

export function completionHead(model: string): CompletionHead {
  return {
    id: `chatcmpl-${randomBytes(12).toString('base64url')}`,
    created: Math.floor(Date.now() / 1000),
    model,
  };
}

/** Word-sized pieces whose concatenation is exactly `content`: each word with the whitespace before it. */
export function splitIntoChunks(content: string): string[] {
  return content.match(/\s*\S+|\s+$/g) ?? [];
}

/**
 * Token counts in the shape OpenAI reports them. Prompt tokens follow OpenAI's rule of thumb (4 characters a
 * token, plus 3 per message and 3 to prime the reply); completion tokens are the streamed chunks.
 */
export function usageFor(body: ChatRequest, chunkCount: number): Usage {
  const prompt = body.messages.reduce((sum, m) => sum + Math.ceil(messageText(m).length / 4) + 3, 3);
  return {
    prompt_tokens: prompt,
    completion_tokens: chunkCount,
    total_tokens: prompt + chunkCount,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** The body of a non-streamed answer (`object: 'chat.completion'`). */
export function completionBody(
  head: CompletionHead,
  content: string,
  finishReason: FinishReason,
  usage: Usage,
): object {
  return {
    ...head,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage,
    service_tier: 'default',
    system_fingerprint: null,
  };
}

/**
 * One server-sent event of a streamed answer. With `stream_options.include_usage` every chunk carries
 * `usage: null` and a last chunk with no choices carries the usage.
 */
export function chunkEvent(
  head: CompletionHead,
  delta: Record<string, unknown> | null,
  finishReason: FinishReason | null,
  usage?: Usage | null,
): string {
  const chunk = {
    ...head,
    object: 'chat.completion.chunk',
    choices: delta === null ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    service_tier: 'default',
    system_fingerprint: null,
    ...(usage === undefined ? {} : { usage }),
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

export const DONE_EVENT = 'data: [DONE]\n\n';

import { type ApiError, invalidRequest } from './api-error';
import { isPlainObject, jsonType } from './json-schema';
import { strictSchemaProblem } from './strict-schema';
import { type ChatRequest } from './types';

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];
const FORMAT_TYPES = ['text', 'json_object', 'json_schema'];
const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Checks a chat-completions body the way OpenAI does before generating anything, with its messages, params and
 * codes. Parameters it does not know are accepted as sent.
 */
export function validateChatRequest(body: Record<string, unknown>): ApiError | undefined {
  if (typeof body.model !== 'string' || body.model === '')
    return invalidRequest('you must provide a model parameter');
  return (
    validateMessages(body.messages) ??
    validateRange(body, 'temperature', 0, 2) ??
    validateRange(body, 'top_p', 0, 1) ??
    validatePositiveInteger(body, 'max_tokens') ??
    validatePositiveInteger(body, 'max_completion_tokens') ??
    validateStreamOptions(body) ??
    validateResponseFormat(body as ChatRequest)
  );
}

function invalidType(param: string, expected: string, value: unknown): ApiError {
  return invalidRequest(
    `Invalid type for '${param}': expected ${expected}, but got ${jsonType(value)} instead.`,
    param,
    'invalid_type',
  );
}

function missing(param: string): ApiError {
  return invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
}

function validateMessages(messages: unknown): ApiError | undefined {
  if (messages === undefined) return missing('messages');
  if (!Array.isArray(messages)) return invalidType('messages', 'an array', messages);
  if (messages.length === 0)
    return invalidRequest(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'messages',
      'empty_array',
    );
  for (const [i, message] of messages.entries()) {
    const at = `messages[${i}]`;
    if (!isPlainObject(message)) return invalidType(at, 'an object', message);
    if (message.role === undefined) return missing(`${at}.role`);
    if (typeof message.role !== 'string' || !ROLES.includes(message.role))
      return invalidRequest(
        `Invalid value: '${typeof message.role === 'string' ? message.role : JSON.stringify(message.role)}'. Supported values are: ${ROLES.map((r) => `'${r}'`).join(', ')}.`,
        `${at}.role`,
        'invalid_value',
      );
    const { content } = message;
    if (content === undefined && message.role !== 'assistant') return missing(`${at}.content`);
    if (content !== undefined && content !== null && typeof content !== 'string' && !Array.isArray(content))
      return invalidType(`${at}.content`, 'one of a string or array of objects', content);
  }
  return undefined;
}

function validateRange(
  body: Record<string, unknown>,
  param: string,
  min: number,
  max: number,
): ApiError | undefined {
  const value = body[param];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') return invalidType(param, 'a decimal', value);
  if (value < min)
    return invalidRequest(
      `Invalid '${param}': decimal below minimum value. Expected a value >= ${min}, but got ${value} instead.`,
      param,
      'decimal_below_min_value',
    );
  if (value > max)
    return invalidRequest(
      `Invalid '${param}': decimal above maximum value. Expected a value <= ${max}, but got ${value} instead.`,
      param,
      'decimal_above_max_value',
    );
  return undefined;
}

function validatePositiveInteger(body: Record<string, unknown>, param: string): ApiError | undefined {
  const value = body[param];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) return invalidType(param, 'an integer', value);
  if (value < 1)
    return invalidRequest(
      `Invalid '${param}': integer below minimum value. Expected a value >= 1, but got ${value} instead.`,
      param,
      'integer_below_min_value',
    );
  return undefined;
}

function validateStreamOptions(body: Record<string, unknown>): ApiError | undefined {
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean')
    return invalidType('stream', 'a boolean', body.stream);
  if (body.stream_options !== undefined && body.stream_options !== null && body.stream !== true)
    return invalidRequest(
      "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      'stream_options',
    );
  return undefined;
}

function validateResponseFormat(body: ChatRequest): ApiError | undefined {
  const format: unknown = body.response_format;
  if (format === undefined || format === null) return undefined;
  if (!isPlainObject(format)) return invalidType('response_format', 'an object', format);
  if (typeof format.type !== 'string' || !FORMAT_TYPES.includes(format.type))
    return invalidRequest(
      `Invalid value: '${String(format.type)}'. Supported values are: 'json_object', 'json_schema', and 'text'.`,
      'response_format.type',
      'invalid_value',
    );
  if (format.type === 'json_object' && !JSON.stringify(body.messages).toLowerCase().includes('json'))
    return invalidRequest(
      "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      'messages',
    );
  if (format.type !== 'json_schema') return undefined;
  const spec = format.json_schema;
  if (spec === undefined) return missing('response_format.json_schema');
  if (!isPlainObject(spec)) return invalidType('response_format.json_schema', 'an object', spec);
  if (spec.name === undefined) return missing('response_format.json_schema.name');
  if (typeof spec.name !== 'string' || !SCHEMA_NAME.test(spec.name))
    return invalidRequest(
      "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
      'response_format.json_schema.name',
      'invalid_value',
    );
  if (spec.schema !== undefined && !isPlainObject(spec.schema))
    return invalidType('response_format.json_schema.schema', 'an object', spec.schema);
  const problem = spec.strict === true ? strictSchemaProblem(spec.schema ?? {}) : undefined;
  return problem === undefined
    ? undefined
    : invalidRequest(`Invalid schema for response_format '${spec.name}': ${problem}`, 'response_format');
}

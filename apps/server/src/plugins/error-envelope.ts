import fp from 'fastify-plugin';
import {
  type ErrorCode,
  ErrorCodes,
  errorMessage,
  errorWithDetail,
  httpStatusFor,
  type IssueLike,
  LIMITS,
  localizeIssueMessage,
  type MessageLang,
} from '@beacon/shared';
import { ApiError } from '../lib/api-error';
import { isConsolePath } from './static-console';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  /** the zod issue's code (fastify-type-provider-zod), or `custom` for the validator's own */
  keyword?: string;
  /** the zod issue's other fields (minimum, origin, format…) */
  params?: IssueLike & { issue?: { path?: PropertyKey[] } };
}

/**
 * One name per invalid field, from Fastify's validation errors (zod issues carry their path), with what is wrong in
 * the reader's language (the rules' English messages and zod's, translated by @beacon/shared localizeIssueMessage).
 */
function fieldsOf(validation: ValidationIssue[], context: string | undefined, lang: MessageLang) {
  return validation.map((v) => {
    const fromPath = v.params?.issue?.path?.map(String).join('.');
    const fromPointer = v.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const field = fromPath || fromPointer || context || 'body';
    const message = v.message ?? 'is invalid';
    return { field, message: localizeIssueMessage(message, { ...v.params, code: v.keyword, message }, lang) };
  });
}

/** A refusal's data with its `fields` (a service's fieldError: English predicates) in the reader's language. */
function localizedFields(data: unknown, lang: MessageLang): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const fields = (data as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return data;
  return {
    ...data,
    fields: fields.map((f: unknown) =>
      typeof f === 'object' && f !== null && typeof (f as { message?: unknown }).message === 'string'
        ? { ...f, message: localizeIssueMessage((f as { message: string }).message, undefined, lang) }
        : f,
    ),
  };
}

function envelope(code: ErrorCode, lang: MessageLang, msg?: string, data?: unknown) {
  return { status: code, msg: msg ?? errorMessage(code, lang), ...(data === undefined ? {} : { data }) };
}

/** A status 400 envelope: the catalogue text, then what is wrong. */
function illegal(lang: MessageLang, detail: string, data?: unknown) {
  const code = ErrorCodes.PARAMETER_ILLEGAL;
  return envelope(code, lang, errorWithDetail(code, lang, detail), data);
}

/** Between two invalid fields of one 400, as each language punctuates a list of clauses. */
const FIELD_JOINER: Record<MessageLang, string> = { en: '; ', fr: '\u00a0; ', zh: '；' };

/** What is wrong with a body Fastify refused before validation, in the reader's language. */
const BODY_PROBLEMS: Record<'json' | 'tooDeep' | 'tooLarge' | 'mediaType', Record<MessageLang, string>> = {
  json: {
    en: 'body is not valid JSON',
    zh: '请求体不是有效的 JSON',
    fr: 'le corps n’est pas du JSON valide',
  },
  tooDeep: {
    en: `body nests deeper than ${LIMITS.jsonDepthMax} levels`,
    zh: `请求体嵌套超过 ${LIMITS.jsonDepthMax} 层`,
    fr: `le corps s’imbrique sur plus de ${LIMITS.jsonDepthMax} niveaux`,
  },
  tooLarge: { en: 'body too large', zh: '请求体过大', fr: 'corps trop volumineux' },
  mediaType: {
    en: 'unsupported content type',
    zh: '不支持的内容类型',
    fr: 'type de contenu non pris en charge',
  },
};

/** What a full disk means for the request, in the reader's language. */
const STORAGE_FULL: Record<MessageLang, string> = {
  en: 'storage full, nothing saved',
  zh: '存储空间已满，未保存任何内容',
  fr: 'stockage plein, rien n’a été enregistré',
};

/** An error's answer: its HTTP status and envelope. */
export interface ErrorAnswer {
  statusCode: number;
  body: { status: number; msg: string; data?: unknown };
}

/**
 * The one error mapping: ApiError → its code; validation → 400 naming the field; a full disk (PostgreSQL 53100,
 * ENOSPC) → HTTP 507 saying so; anything else → status 500 with no internals, logged with the request id. Fastify's
 * error handler answers with it, and so does the device API's front door (lib/front-door.ts).
 */
export function errorAnswer(
  err: unknown,
  lang: MessageLang,
  log: { error(obj: object, msg: string): void },
  reqId: string,
): ErrorAnswer {
  const answer = (statusCode: number, body: ErrorAnswer['body']) => ({ statusCode, body });
  if (err instanceof ApiError) {
    return answer(
      httpStatusFor(err.code),
      envelope(err.code, lang, err.messageFor(lang), localizedFields(err.data, lang)),
    );
  }
  const e = err as Error & {
    validation?: ValidationIssue[];
    validationContext?: string;
    statusCode?: number;
    code?: string;
  };
  if (e.validation) {
    const fields = fieldsOf(e.validation, e.validationContext, lang);
    const named = fields.map((f) => `${f.field} ${f.message}`).join(FIELD_JOINER[lang]);
    return answer(400, illegal(lang, named, { fields }));
  }
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return answer(400, illegal(lang, BODY_PROBLEMS.json[lang]));
  }
  if (e.code === 'BEACON_JSON_TOO_DEEP') {
    const message = BODY_PROBLEMS.tooDeep[lang];
    return answer(400, illegal(lang, message, { fields: [{ field: 'body', message }] }));
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
    return answer(413, illegal(lang, BODY_PROBLEMS.tooLarge[lang]));
  }
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) {
    return answer(415, illegal(lang, BODY_PROBLEMS.mediaType[lang]));
  }
  const cause = (e as { cause?: { code?: unknown } }).cause?.code; // drizzle wraps the driver's error
  if ([e.code, cause].some((c) => c === '53100' || c === 'ENOSPC')) {
    // PostgreSQL's disk_full (the file store and GAID lists are in the database) or a full disk here: nothing was
    // stored (the statement failed whole); say so, for the user to retry later and the operator to act
    log.error({ err, reqId }, 'storage full');
    const code = ErrorCodes.INTERNAL;
    return answer(507, envelope(code, lang, errorWithDetail(code, lang, STORAGE_FULL[lang])));
  }
  log.error({ err, reqId }, 'unhandled error');
  return answer(500, envelope(ErrorCodes.INTERNAL, lang));
}

/** Fastify's error handler: errorAnswer. */
export const errorEnvelopePlugin = fp(async (app) => {
  app.setErrorHandler((err, req, reply) => {
    const { statusCode, body } = errorAnswer(err, req.lang ?? 'en', req.log, req.id);
    return reply.code(statusCode).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    if (app.consoleIndex && isConsolePath(req.method, req.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(envelope(ErrorCodes.NOT_FOUND, req.lang ?? 'en'));
  });
});

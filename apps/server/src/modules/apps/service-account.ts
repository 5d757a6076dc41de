import { createPrivateKey } from 'node:crypto';
import { ErrorCodes, Email, type MessageLang } from '@beacon/shared';
import { isAllowedTokenUri, type TokenEndpoints } from '../../delivery';
import { ApiError } from '../../lib/api-error';

/** What the FCM client needs from a Google service-account key file. */
export interface ParsedServiceAccount {
  projectId: string;
  clientEmail: string;
}

type Problem = 'json' | 'type' | 'projectId' | 'clientEmail' | 'privateKey' | 'tokenUri' | 'tokenEndpoint';

const TEXT: Record<Problem, Record<MessageLang, string>> = {
  json: {
    en: 'is not a JSON object: upload the key file downloaded from the Firebase console',
    zh: '不是 JSON 对象：请上传从 Firebase 控制台下载的密钥文件',
    fr: 'n’est pas un objet JSON : importez le fichier de clé téléchargé depuis la console Firebase',
  },
  type: {
    en: 'must have "type": "service_account"',
    zh: '必须包含 "type": "service_account"',
    fr: 'doit contenir "type": "service_account"',
  },
  projectId: { en: 'has no "project_id"', zh: '缺少 "project_id"', fr: 'n’a pas de "project_id"' },
  clientEmail: {
    en: 'has no valid "client_email"',
    zh: '缺少有效的 "client_email"',
    fr: 'n’a pas de "client_email" valide',
  },
  privateKey: {
    en: 'has no "private_key" that can be read as a PEM private key',
    zh: '"private_key" 缺失或不是可读取的 PEM 私钥',
    fr: 'n’a pas de "private_key" lisible comme clé privée PEM',
  },
  tokenUri: {
    en: 'has no "token_uri" http(s) URL',
    zh: '缺少 http(s) 格式的 "token_uri"',
    fr: 'n’a pas d’URL http(s) "token_uri"',
  },
  tokenEndpoint: {
    en: 'has a "token_uri" this server does not send keys to: use Google\'s https://oauth2.googleapis.com/token',
    zh: '的 "token_uri" 不是本服务器允许的令牌地址：请使用 Google 的 https://oauth2.googleapis.com/token',
    fr: 'a un "token_uri" auquel ce serveur n’envoie pas de clés : utilisez celui de Google, https://oauth2.googleapis.com/token',
  },
};

const FIELD: Record<MessageLang, string> = {
  en: 'The service-account JSON',
  zh: '服务账号 JSON',
  fr: 'Le JSON du compte de service',
};

function refuse(problem: Problem): ApiError {
  return new ApiError(ErrorCodes.PARAMETER_ILLEGAL, (lang) => `${FIELD[lang]} ${TEXT[problem][lang]}`, {
    fields: [{ field: 'file', message: TEXT[problem].en }],
  });
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Checks a service-account key file: a JSON object with `type` service_account, `project_id`, a valid
 * `client_email`, a `private_key` that parses, and a `token_uri` among the `allowed` endpoints (Google's, the
 * configured FCM_BASE_URL origin or the sandbox's; delivery/token-endpoints.ts), since the server posts the key's
 * signed assertion there. Throws status 400 naming what is wrong.
 */
export function parseServiceAccount(json: string, allowed: TokenEndpoints): ParsedServiceAccount {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    throw refuse('json');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw refuse('json');
  const fields = doc as Record<string, unknown>;
  if (fields.type !== 'service_account') throw refuse('type');
  const projectId = text(fields.project_id);
  if (!projectId) throw refuse('projectId');
  const clientEmail = text(fields.client_email);
  if (!Email.safeParse(clientEmail).success) throw refuse('clientEmail');
  const key = text(fields.private_key);
  try {
    if (!key) throw new Error('empty');
    createPrivateKey(key);
  } catch {
    throw refuse('privateKey');
  }
  if (!isHttpUrl(fields.token_uri)) throw refuse('tokenUri');
  if (!isAllowedTokenUri(allowed, fields.token_uri)) throw refuse('tokenEndpoint');
  return { projectId, clientEmail };
}

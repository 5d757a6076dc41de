import { isValidCondition, TOPIC_PATTERN } from './condition';
import { badRequest, invalidArgument, invalidField, type Reply } from './errors';
import { SEND_REQUEST, TARGETS, type TargetKind } from './message-schema';
import { walkObject, type WalkResult } from './walk-fields';

const MAX_TTL_SECONDS = 2_419_200;
const MAX_DATA_BYTES = 4096;
const MAX_TOPIC_DATA_BYTES = 2048;
const ANALYTICS_LABEL = /^[a-zA-Z0-9\-_.~%]{1,50}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** What the send handler needs from a request that passed §6.3 steps 3–7. */
export interface ValidMessage {
  validateOnly: boolean;
  target: TargetKind;
  targetValue: string;
  message: Record<string, unknown>;
  collapseKey?: string;
  tag?: string;
  hasNotification: boolean;
  restrictedPackageName?: string;
  ttlSeconds?: number;
}

export type Validation = { ok: true; value: ValidMessage } | { ok: false; reply: Reply };

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a field under its proto name or its lowerCamelCase JSON name. */
function pick(o: Obj | undefined, snake: string, camel: string): unknown {
  if (o === undefined) return undefined;
  const v = o[snake];
  return v === undefined || v === null ? (o[camel] ?? undefined) : v;
}

function pickObj(o: Obj | undefined, snake: string, camel = snake): Obj | undefined {
  const v = pick(o, snake, camel);
  return isObj(v) ? v : undefined;
}

function pickStr(o: Obj | undefined, snake: string, camel = snake): string | undefined {
  const v = pick(o, snake, camel);
  return typeof v === 'string' ? v : undefined;
}

const fail = (reply: Reply): Validation => ({ ok: false, reply });

function checkTarget(message: Obj): Validation | { target: TargetKind; value: unknown } {
  let target: TargetKind | undefined;
  for (const t of TARGETS) {
    const v = message[t];
    if (v === undefined || v === null || v === '') continue;
    if (target !== undefined) {
      return fail(
        invalidArgument(
          `Invalid value at 'message' (oneof), oneof field 'target' is already set. Cannot set '${t}'`,
        ),
      );
    }
    target = t;
  }
  if (target === undefined) return fail(invalidArgument('Recipient of the message is not set.'));
  const value = message[target];
  if (target === 'topic' && typeof value === 'string' && !TOPIC_PATTERN.test(value)) {
    return fail(invalidArgument(`Invalid topic name: "${value}". Topics must match [a-zA-Z0-9-_.~%]+.`));
  }
  if (target === 'condition' && typeof value === 'string' && !isValidCondition(value)) {
    return fail(invalidArgument('Invalid condition expression provided.'));
  }
  return { target, value };
}

function checkValues(message: Obj, android: Obj | undefined): Reply | undefined {
  const ttl = pickStr(android, 'ttl');
  if (ttl !== undefined) {
    const seconds = Number.parseFloat(ttl);
    if (seconds < 0 || seconds > MAX_TTL_SECONDS) {
      return invalidField(
        'message.android.ttl',
        `Invalid TTL: ${ttl}. The TTL must be between 0s and ${MAX_TTL_SECONDS}s.`,
      );
    }
  }
  const color = pickStr(pickObj(android, 'notification'), 'color');
  if (color !== undefined && !COLOR.test(color)) {
    return invalidField(
      'message.android.notification.color',
      `Invalid color: "${color}". Expected the format #rrggbb.`,
    );
  }
  return (
    checkLabel('message.fcm_options.analytics_label', pickObj(message, 'fcm_options', 'fcmOptions')) ??
    checkLabel('message.android.fcm_options.analytics_label', pickObj(android, 'fcm_options', 'fcmOptions'))
  );
}

function checkLabel(path: string, opts: Obj | undefined): Reply | undefined {
  const label = pickStr(opts, 'analytics_label', 'analyticsLabel');
  if (label !== undefined && !ANALYTICS_LABEL.test(label)) {
    return invalidField(path, `Invalid analytics_label: "${label}". It must match ^[a-zA-Z0-9-_.~%]{1,50}$.`);
  }
  return undefined;
}

function isReservedKey(key: string): boolean {
  return key === 'from' || key === 'message_type' || key.startsWith('google') || key.startsWith('gcm');
}

/** UTF-16 length of keys and values: at most 3 UTF-8 bytes each, so `3 × chars ≤ limit` needs no exact count. */
function dataChars(map: Obj | undefined): number {
  let chars = 0;
  for (const key in map) chars += key.length + (map[key] as string).length;
  return chars;
}

function dataBytes(data: Obj | undefined, androidData: Obj | undefined): number {
  const merged = androidData === undefined ? data : { ...data, ...androidData };
  let bytes = 0;
  for (const key in merged) bytes += Buffer.byteLength(key) + Buffer.byteLength(merged[key] as string);
  return bytes;
}

function reservedKeyError(path: string, map: Obj | undefined): Reply | undefined {
  for (const key in map) {
    if (isReservedKey(key)) {
      return invalidField(
        path,
        `Invalid data payload key: "${key}". "from", "message_type" and keys starting with "google" or "gcm" are reserved.`,
      );
    }
  }
  return undefined;
}

function parse(body: string): { root: Obj } | { reply: Reply } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { reply: badRequest('', 'Invalid JSON payload received. Unexpected token.') };
  }
  if (!isObj(parsed))
    return {
      reply: badRequest(
        '',
        'Invalid JSON payload received. Unknown name "": Root element must be a message.',
      ),
    };
  return { root: parsed };
}

/**
 * Validates a send request body in the order of reference §6.3 steps 3–7 (JSON, target, types,
 * reserved keys, size); the first failure wins and carries its exact error body.
 */
export function validateSendRequest(body: string): Validation {
  const parsed = parse(body);
  if ('reply' in parsed) return fail(parsed.reply);
  const root = parsed.root;
  const walk: WalkResult = {};
  walkObject(root, SEND_REQUEST, '', walk);
  if (walk.unknown !== undefined) return fail(walk.unknown);
  const message = isObj(root.message) ? root.message : {};
  const target = checkTarget(message);
  if ('ok' in target) return target;
  if (walk.typeError !== undefined) return fail(walk.typeError);
  const android = pickObj(message, 'android');
  const invalid = checkValues(message, android);
  if (invalid !== undefined) return fail(invalid);

  const data = pickObj(message, 'data');
  const androidData = pickObj(android, 'data');
  const reserved =
    reservedKeyError('message.data', data) ?? reservedKeyError('message.android.data', androidData);
  if (reserved !== undefined) return fail(reserved);
  const limit = target.target === 'topic' ? MAX_TOPIC_DATA_BYTES : MAX_DATA_BYTES;
  if (3 * (dataChars(data) + dataChars(androidData)) > limit) {
    const bytes = dataBytes(data, androidData);
    if (bytes > limit) {
      return fail(
        invalidArgument(`Message too big: the data payload is ${bytes} bytes, the limit is ${limit} bytes.`),
      );
    }
  }

  const androidNotification = pickObj(android, 'notification');
  const ttl = pickStr(android, 'ttl');
  return {
    ok: true,
    value: {
      validateOnly: pick(root, 'validate_only', 'validateOnly') === true,
      target: target.target,
      targetValue: target.value as string,
      message,
      collapseKey: pickStr(android, 'collapse_key', 'collapseKey'),
      tag: pickStr(androidNotification, 'tag'),
      hasNotification: androidNotification !== undefined || pickObj(message, 'notification') !== undefined,
      restrictedPackageName: pickStr(android, 'restricted_package_name', 'restrictedPackageName'),
      ttlSeconds: ttl === undefined ? undefined : Number.parseFloat(ttl),
    },
  };
}

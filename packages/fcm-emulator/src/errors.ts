/** A ready-to-send answer: HTTP status, JSON body and the key it is counted under in stats. */
export interface Reply {
  status: number;
  body: string;
  /** FcmError code, or the canonical status when the body carries no FcmError */
  statKey?: string;
  retryAfter?: number;
}

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const QUOTA_FAILURE = 'type.googleapis.com/google.rpc.QuotaFailure';
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

const CANONICAL: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The canonical google.rpc status name of an HTTP status. */
export function canonicalStatus(code: number): string {
  return CANONICAL[code] ?? 'UNKNOWN';
}

/** A google.rpc.Status error reply with the given details. */
export function rpcError(code: number, message: string, details: object[], statKey?: string): Reply {
  const status = canonicalStatus(code);
  const error = details.length > 0 ? { code, message, status, details } : { code, message, status };
  return { status: code, body: JSON.stringify({ error }), statKey: statKey ?? status };
}

/** An error carrying an FcmError detail (plus optional extra details). */
export function fcmError(code: number, message: string, errorCode: string, extra: object[] = []): Reply {
  return rpcError(code, message, [{ '@type': FCM_ERROR, errorCode }, ...extra], errorCode);
}

/** A 400 with a BadRequest detail whose only violation repeats the message. */
export function badRequest(field: string, description: string): Reply {
  return rpcError(400, description, [{ '@type': BAD_REQUEST, fieldViolations: [{ field, description }] }]);
}

/** A 400 INVALID_ARGUMENT with an FcmError and a BadRequest naming the field. */
export function invalidField(field: string, description: string): Reply {
  return fcmError(400, description, 'INVALID_ARGUMENT', [
    { '@type': BAD_REQUEST, fieldViolations: [{ field, description }] },
  ]);
}

/** A 400 INVALID_ARGUMENT with only an FcmError. */
export function invalidArgument(message: string): Reply {
  return fcmError(400, message, 'INVALID_ARGUMENT');
}

/** A 429 QUOTA_EXCEEDED with a QuotaFailure for the given subject. */
export function quotaExceeded(subject: 'project' | 'device', message: string, retryAfter: number): Reply {
  const reply = fcmError(429, message, 'QUOTA_EXCEEDED', [
    { '@type': QUOTA_FAILURE, violations: [{ subject, description: message }] },
  ]);
  reply.retryAfter = retryAfter;
  return reply;
}

const AUTH_HINT =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. ' +
  'See https://developers.google.com/identity/sign-in/web/devconsole-project.';

export const MISSING_CREDENTIALS = rpcError(
  401,
  `Request is missing required authentication credential. ${AUTH_HINT}`,
  [],
);
export const INVALID_CREDENTIALS = rpcError(
  401,
  `Request had invalid authentication credentials. ${AUTH_HINT}`,
  [],
);
export const EXPIRED_CREDENTIALS = rpcError(
  401,
  `Request had invalid authentication credentials. ${AUTH_HINT}`,
  [
    {
      '@type': ERROR_INFO,
      reason: 'ACCESS_TOKEN_EXPIRED',
      domain: 'googleapis.com',
      metadata: { method: 'google.firebase.fcm.v1.FcmService.SendMessage', service: 'fcm.googleapis.com' },
    },
  ],
);
export const UNREGISTERED = fcmError(404, 'Requested entity was not found.', 'UNREGISTERED');
export const SENDER_ID_MISMATCH = fcmError(403, 'SenderId mismatch', 'SENDER_ID_MISMATCH');
export const INVALID_TOKEN = invalidArgument('The registration token is not a valid FCM registration token');

/** 403 without FcmError: the access token's project is not the one in the URL. */
export function projectDenied(project: string): Reply {
  const message =
    `Permission 'cloudmessaging.messages.create' denied on resource ` +
    `'//cloudresourcemanager.googleapis.com/projects/${project}' (or it may not exist).`;
  return rpcError(403, message, [
    {
      '@type': ERROR_INFO,
      reason: 'IAM_PERMISSION_DENIED',
      domain: 'cloudresourcemanager.googleapis.com',
      metadata: { permission: 'cloudmessaging.messages.create', resource: `projects/${project}` },
    },
  ]);
}

const FCM_MESSAGES: Record<string, string> = {
  INVALID_ARGUMENT: 'Request contains an invalid argument.',
  UNREGISTERED: 'Requested entity was not found.',
  SENDER_ID_MISMATCH: 'SenderId mismatch',
  QUOTA_EXCEEDED: 'Quota exceeded (injected fault).',
  UNAVAILABLE: 'The service is currently unavailable.',
  INTERNAL: 'Internal error encountered.',
  THIRD_PARTY_AUTH_ERROR: 'Auth error from APNS or Web Push Service',
};

const DEFAULT_CODE_BY_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  404: 'UNREGISTERED',
  429: 'QUOTA_EXCEEDED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/**
 * The reply of an injected fault: an FcmError body for FCM error codes (defaulted from the status for
 * 400/404/429/500/503), a plain google.rpc.Status for other statuses such as 401 and 403.
 */
export function faultReply(status: number, errorCode?: string, retryAfter?: number): Reply {
  const code = errorCode ?? DEFAULT_CODE_BY_STATUS[status];
  let reply: Reply;
  if (code !== undefined) {
    const message = FCM_MESSAGES[code] ?? 'Injected fault.';
    const extra =
      code === 'QUOTA_EXCEEDED'
        ? [{ '@type': QUOTA_FAILURE, violations: [{ subject: 'project', description: message }] }]
        : [];
    reply = fcmError(status, message, code, extra);
  } else if (status === 401) {
    reply = INVALID_CREDENTIALS;
  } else {
    reply = rpcError(status, 'Injected fault.', []);
  }
  return retryAfter === undefined ? reply : { ...reply, retryAfter };
}

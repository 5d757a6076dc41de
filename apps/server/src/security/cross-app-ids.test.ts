import { ErrorCodes } from '@beacon/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { gaid, registerSdkDevice, sdkAuthOf, sdkDevice } from '../test/devices';
import { clientFor, PASSWORD, seedTeam, signedIn, TEAM } from '../test/fixtures/team';
import { multipartFile, postMultipart } from '../test/fixtures/multipart';
import { serviceAccountJson } from '../test/fixtures/service-accounts';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Objects of another app reached by id (Hardening, item 6a). Every /tcm route of the OpenAPI document whose path,
 * query or body names an object by id (a key ending in `Id`/`id`/`ids`, or a file `origin`) is called by the owner
 * (200) of app B, with B's appId in the path and the id of an object of app A — and the other way round. Each call
 * must be refused (1002 or a not-found code, never 200 with A's object) and must not read or change A: A's rows in
 * every table with an app_id, and the app groups, are the same before and after.
 *
 * Every such key must be classified below: a new route (or a new id field) that is neither covered by a case nor
 * written down as not naming an object of an app fails the first test.
 */

/** `METHOD /route` → reason its id keys name no object of an app (platform administration, the app itself …). */
const NOT_APP_OBJECTS: Record<string, string> = {
  'POST /tcm/v1/user/save': 'a user (platform administration, level 100 only)',
  'POST /tcm/app/delete': 'the app itself: the access guard reads body appId (appIn: body)',
  'POST /tcm/v1/dashboard/report/msg/country/app': 'platform dashboard (level 100)',
  'GET /tcm/v1/dashboard/report/msg/country/app': 'platform dashboard (level 100)',
  'POST /tcm/global/plat/dashboard': 'platform statistics (level 100/150)',
  'POST /tcm/global/msg/stat': 'platform statistics (level 100/150)',
  'POST /tcm/global/msg/list': 'platform statistics (level 100/150)',
  'POST /tcm/global/plat/app/country/forbid/list': 'platform fine work (level 100/150)',
  'POST /tcm/global/plat/app/country/forbid/add': 'platform fine work (level 100/150)',
  'POST /tcm/global/plat/app/country/forbid/delete': 'platform fine work (level 100/150)',
  'POST /tcm/global/plat/app/time/forbid/list': 'platform fine work (level 100/150)',
  'POST /tcm/global/plat/app/time/forbid/add': 'platform fine work (level 100/150)',
  'POST /tcm/global/plat/app/time/forbid/delete': 'platform fine work (level 100/150)',
  'GET /tcm/uem/app/country/forbid': 'the app itself: the access guard reads query appId (appIn: query)',
  'GET /tcm/uem/app/time/forbid': 'the app itself: the access guard reads query appId (appIn: query)',
  'POST /tcm/global/uem/config/edit': 'platform model control (level 100/150)',
  'POST /tcm/global/uem/config/delete': 'platform model control (level 100/150)',
  'POST /tcm/global/uem/config/upload/confirm': 'platform model control (level 100/150)',
  'POST /tcm/global/uem/app/control/config/edit': 'platform model control (level 100/150)',
  'POST /tcm/global/uem/app/white/config/edit': 'platform model control (level 100/150)',
  'POST /tcm/global/sensitive/delete': 'platform sensitive words (level 100/150)',
  'POST /tcm/v1/dashboard/alarm/:id/resolve': 'platform alerts (level 100/150)',
};

/** Keys that hold no object id: advertising ids (values of a device, not objects of the app) and the app itself. */
const NOT_OBJECT_KEYS = new Set(['path:appId', 'body:userIds', 'body:gaid']);

/** The objects of one app the cases name. */
interface Objects {
  appId: number;
  message: number;
  groupSend: number;
  abTest: number;
  abArm: number;
  journey: number;
  material: number;
  materialBin: number;
  tag: number;
  userGroup: number;
  testDevice: number;
  member: number;
  memberUser: number;
  sensitiveWord: number;
  gaidList: string;
  instance: string;
  appGroup: number;
  /** The other app of the app group (same owner). */
  sibling: number;
  firebaseUpload: string;
  /** A custom event name the app's first device reported. */
  eventName: number;
  /** The external id of the app user its first device is signed in as. */
  appUser: string;
  /** An API key of the app (issue 33 §6). */
  apiKey: number;
}

interface Req {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
  /** A multipart upload of one file instead of a JSON body. */
  file?: { name: string; content: string };
  /** A list filter: answers 200, but never with the other app's object. */
  list?: true;
  /** The refusal this case gets when it is not a not-found one (why in a comment at the case). */
  refusal?: number;
  /** Why the route never reads this id (it may answer 200; it must still neither show nor change the object). */
  ignored?: string;
}

/** Not found, in the codebase's codes: 404, 1002 (not yours), a domain's own not-found. */
const NOT_FOUND_CODES: number[] = [
  ErrorCodes.NOT_FOUND,
  ErrorCodes.PERMISSION_DENIED,
  ErrorCodes.MATERIAL_NOT_FOUND,
];

/**
 * Whether an answer refuses the id of `key` for what it is: a not-found code, or a 400 naming that field (its last
 * segment, or the list it is in: `childMsgs.0.id`, `groupCounts`).
 */
function refusesId(
  body: { status?: number; data?: { fields?: Array<{ field: string }> } },
  key: string,
  req: Req,
) {
  if (req.refusal !== undefined) return body.status === req.refusal;
  if (body.status !== undefined && NOT_FOUND_CODES.includes(body.status)) return true;
  if (body.status !== 400) return false;
  const path = key.slice(key.indexOf(':') + 1).split('.');
  const last = path[path.length - 1]!;
  return (body.data?.fields ?? []).some(
    (f) => f.field === last || f.field.split('.').pop() === last || f.field.split('.')[0] === path[0],
  );
}

type Case = (me: number, other: Objects, mine: Objects) => Req;

const utcIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
const message = (title: string, over: Record<string, unknown> = {}) => ({
  msgType: 1,
  data: { ...NOTIFICATION, noti_title: title },
  title,
  targetingType: 0,
  pushCount: 1,
  scheduleType: 2,
  scheduleDate: utcIn(3 * 3600_000),
  ...over,
});
const arm = (groupTag: 'A' | 'B', title: string, over: Record<string, unknown> = {}) => ({
  msgType: 1,
  groupTag,
  groupPercent: 40, // of an audience of 3: an arm of at least one device (3002 below)
  scheduleType: 2,
  scheduleDate: utcIn(3 * 3600_000),
  data: { ...NOTIFICATION, noti_title: title },
  ...over,
});
const abTest = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  targetingType: 0,
  childMsgs: [arm('A', `${title} A`), arm('B', `${title} B`)],
  ...over,
});
const journey = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  targetingType: 0,
  scheduleType: 2,
  scheduleDate: utcIn(3 * 3600_000),
  childMsgs: [
    { groupTag: 'Start', msgType: 1, data: { ...NOTIFICATION, noti_title: `${title} start` } },
    {
      groupTag: 'Clicked',
      msgType: 1,
      data: { ...NOTIFICATION, noti_title: `${title} clicked` },
      displayConditions: { from: 'Start', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
    },
  ],
  ...over,
});
const material = (title: string, over: Record<string, unknown> = {}) => ({
  materialType: 1,
  title,
  data: { ...NOTIFICATION, noti_title: title },
  ...over,
});
const userGroup = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  conditions: [{ label: 'country', op: 'in', values: ['NG'] }],
  ...over,
});
const tag = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  code: 'probe_tag',
  flag: 'LABEL',
  ...over,
});
const msgUrl = (me: number, rest: string) => `/tcm/v1/app/${me}/${rest}`;

/** A test preview sends now to the listed advertising ids: the message it edits, user groups, files, app groups … */
const PREVIEW_IGNORES =
  'a preview targets the listed advertising ids only; its id and group fields are not read';

/**
 * The cases: for each route, each id key it takes and how to call it with the other app's object there. A route
 * may have several cases per key (e.g. a message and an A/B test by the same `msgId`).
 */
const CASES: Record<string, Record<string, Case[]>> = {
  'POST /tcm/v1/app/:appId/report/time': {
    'body:appId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'report/time'),
        body: { appId: o.appId, wifiReportTime: 7, mobileReportTime: 9 },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/icon/edit': {
    'body:appId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'icon/edit'),
        body: { appId: o.appId, icon: `/files/${'a'.repeat(64)}.png`, color: '#112233' },
      }),
    ],
  },
  'POST /tcm/v1/app/save': {
    'body:appFireBaseJsonId': [
      (_me, o) => ({
        method: 'POST',
        url: '/tcm/v1/app/save',
        body: { title: 'Taken', pkg: 'com.example.taken', appFireBaseJsonId: o.firebaseUpload },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/firebase': {
    'body:appFireBaseJsonId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'firebase'),
        body: { appFireBaseJsonId: o.firebaseUpload },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/target/max': {
    'body:groupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/target/max'),
        body: { targetingType: 3, groupId: o.userGroup },
      }),
    ],
    'body:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/target/max'),
        body: { targetingType: 0, forecast: true, materialId: o.material },
      }),
    ],
    'body:fileOrigin': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/target/max'),
        body: { targetingType: 6, fileOrigin: o.gaidList },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/save': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/save'),
        body: message('Hijack', { id: o.message }),
      }),
    ],
    'body:groupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/save'),
        body: message('Hijack', { targetingType: 3, groupId: o.userGroup }),
      }),
    ],
    'body:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/save'),
        body: message('Hijack', { materialId: o.material }),
      }),
    ],
    'body:fileOrigin': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/save'),
        body: message('Hijack', { targetingType: 6, fileOrigin: o.gaidList }),
      }),
    ],
    'body:appGroupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/save'),
        body: message('Hijack', {
          appGroupId: o.appGroup,
          groupCounts: [{ appId: o.sibling, pushCount: 1 }],
        }),
      }),
    ],
    'body:groupCounts.[].appId': [
      (me, o, m) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/save'),
        body: message('Hijack', { appGroupId: m.appGroup, groupCounts: [{ appId: o.appId, pushCount: 1 }] }),
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/limit/check': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'limit/check'),
        body: { msgRestrictType: 1, id: o.message },
        ignored:
          'the check reads only whether an id is given (an edit is not refused); the save checks the id itself',
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/group/count': {
    'body:groupId': [
      (me, o, m) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/group/count'),
        body: { targetingType: 3, groupId: o.userGroup, appGroupId: m.appGroup },
        // an app-group send never targets a user group or a file: refused (400 targetingType) before the id is read
        refusal: 400,
      }),
    ],
    'body:appGroupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/group/count'),
        body: { targetingType: 0, appGroupId: o.appGroup },
      }),
    ],
    'body:fileOrigin': [
      (me, o, m) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/group/count'),
        body: { targetingType: 6, fileOrigin: o.gaidList, appGroupId: m.appGroup },
        refusal: 400,
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/test/preview': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/test/preview'),
        ignored: PREVIEW_IGNORES,
        body: message('Preview', { id: o.message, targetingType: 2, userIds: [gaid(9001)] }),
      }),
    ],
    'body:groupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/test/preview'),
        ignored: PREVIEW_IGNORES,
        body: message('Preview', { targetingType: 2, userIds: [gaid(9001)], groupId: o.userGroup }),
      }),
    ],
    'body:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/test/preview'),
        body: message('Preview', { targetingType: 2, userIds: [gaid(9001)], materialId: o.material }),
      }),
    ],
    'body:fileOrigin': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/test/preview'),
        ignored: PREVIEW_IGNORES,
        body: message('Preview', { targetingType: 2, userIds: [gaid(9001)], fileOrigin: o.gaidList }),
      }),
    ],
    'body:appGroupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/test/preview'),
        ignored: PREVIEW_IGNORES,
        body: message('Preview', {
          targetingType: 2,
          userIds: [gaid(9001)],
          appGroupId: o.appGroup,
          groupCounts: [{ appId: o.sibling, pushCount: 1 }],
        }),
      }),
    ],
    'body:groupCounts.[].appId': [
      (me, o, m) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/test/preview'),
        ignored: PREVIEW_IGNORES,
        body: message('Preview', {
          targetingType: 2,
          userIds: [gaid(9001)],
          appGroupId: m.appGroup,
          groupCounts: [{ appId: o.appId, pushCount: 1 }],
        }),
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/list': {
    'body:msgId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/list'),
        body: { msgId: String(o.message) },
        list: true,
      }),
    ],
    'body:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/list'),
        body: { materialId: String(o.material) },
        list: true,
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/detail': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'msg/detail'), body: { id: o.message } }),
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'msg/detail'), body: { id: o.abArm } }),
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'msg/detail'), body: { id: o.groupSend } }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/abtest/create': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/abtest/create'),
        body: abTest('Hijack', { id: o.abTest }),
      }),
    ],
    'body:childMsgs.[].id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/abtest/create'),
        // the arms' check (the save's dry run) looks the edited arm up in this app first: not found
        body: abTest('Hijack', { childMsgs: [arm('A', 'x', { id: o.abArm }), arm('B', 'y')] }),
      }),
    ],
    'body:groupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/abtest/create'),
        body: abTest('Hijack', { targetingType: 3, groupId: o.userGroup }),
      }),
    ],
    'body:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/abtest/create'),
        body: abTest('Hijack', { materialId: o.material }),
      }),
    ],
    'body:fileOrigin': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/abtest/create'),
        body: abTest('Hijack', { targetingType: 6, fileOrigin: o.gaidList }),
      }),
    ],
    'body:appGroupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/abtest/create'),
        body: abTest('Hijack', { appGroupId: o.appGroup, groupCounts: [{ appId: o.sibling, pushCount: 1 }] }),
      }),
    ],
    'body:groupCounts.[].appId': [
      (me, o, m) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/abtest/create'),
        body: abTest('Hijack', { appGroupId: m.appGroup, groupCounts: [{ appId: o.appId, pushCount: 1 }] }),
      }),
    ],
  },
  'GET /tcm/v1/app/:appId/msg/abtest/:msgId/detail': {
    'path:msgId': [(me, o) => ({ method: 'GET', url: msgUrl(me, `msg/abtest/${o.abTest}/detail`) })],
  },
  'POST /tcm/v1/app/:appId/msg/abtest/:msgId/fulfill/:groupMsgId': {
    'path:msgId': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, `msg/abtest/${o.abTest}/fulfill/${o.abArm}`) }),
    ],
    'path:groupMsgId': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, `msg/abtest/${o.abTest}/fulfill/${o.abArm}`) }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/abtest/:msgId/delete': {
    'path:msgId': [(me, o) => ({ method: 'POST', url: msgUrl(me, `msg/abtest/${o.abTest}/delete`) })],
  },
  'POST /tcm/v1/app/:appId/msg/flow/canvas/save': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/flow/canvas/save'),
        body: journey('Hijack', { id: o.journey }),
      }),
    ],
    'body:childMsgs.[].id': [
      (me, o) => {
        const j = journey('Hijack');
        return {
          method: 'POST',
          url: msgUrl(me, 'msg/flow/canvas/save'),
          body: { ...j, childMsgs: [{ ...j.childMsgs[0], id: o.message }, j.childMsgs[1]] },
          ignored:
            'a journey step gets its message id when the journey is confirmed: a step id sent is not read',
        };
      },
    ],
    'body:groupId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/flow/canvas/save'),
        body: journey('Hijack', { targetingType: 3, groupId: o.userGroup }),
      }),
    ],
    'body:fileOrigin': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/flow/canvas/save'),
        body: journey('Hijack', { targetingType: 6, fileOrigin: o.gaidList }),
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/reviews': {
    'body:msgId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/reviews'),
        body: { msgId: String(o.message) },
        list: true,
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/approve': {
    'body:msgId': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'msg/approve'), body: { msgId: o.message } }),
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'msg/approve'), body: { msgId: o.abTest, isAB: true } }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/reject': {
    'body:msgId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/reject'),
        body: { msgId: o.message, reason: 'no' },
      }),
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/reject'),
        body: { msgId: o.abTest, isAB: true, reason: 'no' },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/material/list': {
    'body:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'material/list'),
        body: { materialId: String(o.material) },
        list: true,
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/material/review/list': {
    'body:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'material/review/list'),
        body: { materialId: String(o.material) },
        list: true,
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/material/create': {
    'body:msgId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'material/create'),
        body: material('Hijack', { msgId: o.message }),
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/material/api/create': {
    'body:msgId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'material/api/create'),
        body: material('Hijack', { msgId: o.message }),
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/material/:materialId/edit': {
    'path:materialId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, `material/${o.material}/edit`),
        body: material('Hijack'),
      }),
    ],
    'body:msgId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, `material/${o.material}/edit`),
        body: material('Hijack', { msgId: o.message }),
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/instance/info/query': {
    'body:instanceId': [
      // troubleshooting answers a device it does not know with 200 and status 3 (not found), as for any unknown id
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'instance/info/query'),
        body: { instanceId: o.instance },
        list: true,
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/msg/template/values': {
    // the compose preview's device values: another app's device is unknown here (400 naming instanceId)
    'body:instanceId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'msg/template/values'),
        body: { instanceId: o.instance },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/instance/message/query': {
    'body:instanceId': [
      (me, o, m) => ({
        method: 'POST',
        url: msgUrl(me, 'instance/message/query'),
        body: { instanceId: o.instance, msgId: m.message },
        // the trace of a device the app does not know: 200, the device not found in its data
        list: true,
      }),
    ],
    'body:msgId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'instance/message/query'),
        body: { instanceId: o.instance, msgId: o.message },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/operator/edit': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'operator/edit'), body: { id: o.member, ulevel: 300 } }),
    ],
  },
  'POST /tcm/v1/app/:appId/operator/invite/cancel': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'operator/invite/cancel'), body: { id: o.member } }),
    ],
  },
  'POST /tcm/v1/app/:appId/operator/delete': {
    'body:id': [(me, o) => ({ method: 'POST', url: msgUrl(me, 'operator/delete'), body: { id: o.member } })],
  },
  'POST /tcm/v1/app/:appId/operator/update/owner': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'operator/update/owner'),
        body: { id: o.member, targetEmail: 'nobody@example.com' },
        // the new owner is named by targetEmail: id and targetUid (the spec's) are not read, the e-mail is refused
        refusal: ErrorCodes.OWNER_NOT_MEMBER,
      }),
    ],
    'body:targetUid': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'operator/update/owner'),
        body: { targetUid: o.memberUser, targetEmail: 'nobody@example.com' },
        refusal: ErrorCodes.OWNER_NOT_MEMBER,
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/device/detail': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'device/detail'), body: { id: o.testDevice } }),
    ],
  },
  'POST /tcm/v1/app/:appId/device/edit': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'device/edit'),
        body: { id: o.testDevice, name: 'Hijack', gaid: gaid(9002) },
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/device/delete': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'device/delete'), body: { id: o.testDevice } }),
    ],
  },
  'POST /tcm/v1/app/:appId/tag/verify': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'tag/verify'), body: { id: o.tag, code: 'other_code' } }),
    ],
  },
  'POST /tcm/v1/app/:appId/tag/list': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'tag/list'), body: { id: o.tag }, list: true }),
    ],
  },
  'POST /tcm/v1/app/:appId/tag/edit': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'tag/edit'), body: tag('Hijack', { id: o.tag }) }),
    ],
  },
  'POST /tcm/v1/app/:appId/tag/delete': {
    'body:id': [(me, o) => ({ method: 'POST', url: msgUrl(me, 'tag/delete'), body: { id: o.tag } })],
  },
  'POST /tcm/v1/app/:appId/tag/:tagId/import': {
    'path:tagId': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, `tag/${o.tag}/import`),
        file: { name: 'tag.txt', content: `${gaid(9003)}\n` },
      }),
    ],
  },
  'DELETE /tcm/v1/app/:appId/custom-events/names/:nameId': {
    'path:nameId': [(me, o) => ({ method: 'DELETE', url: msgUrl(me, `custom-events/names/${o.eventName}`) })],
  },
  'POST /tcm/v1/app/:appId/group/list': {
    'body:id': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'group/list'), body: { id: o.userGroup }, list: true }),
    ],
  },
  'POST /tcm/v1/app/:appId/group/edit': {
    'body:id': [
      (me, o) => ({
        method: 'POST',
        url: msgUrl(me, 'group/edit'),
        body: userGroup('Hijack', { id: o.userGroup }),
      }),
    ],
  },
  'POST /tcm/v1/app/:appId/group/delete': {
    'body:id': [(me, o) => ({ method: 'POST', url: msgUrl(me, 'group/delete'), body: { id: o.userGroup } })],
  },
  'POST /tcm/v1/app/:appId/sensitive/delete': {
    'body:ids': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'sensitive/delete'), body: { ids: [o.sensitiveWord] } }),
    ],
  },
  'POST /tcm/v1/app/:appId/upload/info': {
    'body:origin': [
      (me, o) => ({ method: 'POST', url: msgUrl(me, 'upload/info'), body: { origin: o.gaidList } }),
    ],
  },
  'POST /tcm/v1/group/save': {
    'body:groupId': [
      (me, o) => ({
        method: 'POST',
        url: '/tcm/v1/group/save',
        body: { groupId: o.appGroup, groupName: 'Hijack', apps: [me, o.sibling] },
      }),
    ],
    'body:apps': [
      (me, o) => ({
        method: 'POST',
        url: '/tcm/v1/group/save',
        body: { groupName: 'Hijack', apps: [me, o.appId] },
      }),
    ],
  },
  'POST /tcm/v1/group/:groupId/delete': {
    'path:groupId': [(_me, o) => ({ method: 'POST', url: `/tcm/v1/group/${o.appGroup}/delete` })],
  },
};

CASES['POST /tcm/v1/app/:appId/transactional/send'] = {
  'body:msgId': [
    (me, o) => ({
      method: 'POST',
      url: msgUrl(me, 'transactional/send'),
      body: { msgId: o.message, to: { gaids: [gaid(9001)] } },
    }),
  ],
  // the other app's user, named with this app's own message: no user of this app (400 naming it), nothing sent
  'body:to.userId': [
    (me, o, mine) => ({
      method: 'POST',
      url: msgUrl(me, 'transactional/send'),
      body: { msgId: mine.message, to: { userId: o.appUser } },
    }),
  ],
};
CASES['POST /tcm/v1/app/:appId/api-keys/:keyId/revoke'] = {
  'path:keyId': [(me, o) => ({ method: 'POST', url: msgUrl(me, `api-keys/${o.apiKey}/revoke`) })],
};

/** msg/check is the save's dry run (messages.service mode 'check'): the save's cases, at its own path. */
CASES['POST /tcm/v1/app/:appId/msg/check'] = Object.fromEntries(
  Object.entries(CASES['POST /tcm/v1/app/:appId/msg/save']!).map(([key, cases]) => [
    key,
    cases.map((c): Case => (me, o, m) => ({ ...c(me, o, m), url: msgUrl(me, 'msg/check') })),
  ]),
);

/** A message-scoped route by `:msgId`: every kind of message that route may act on. */
const MESSAGE_PATH_ROUTES: Record<string, Array<keyof Objects>> = {
  'POST /tcm/v1/app/:appId/msg/:msgId/stop': ['message', 'groupSend', 'abArm'],
  'POST /tcm/v1/app/:appId/msg/:msgId/cancel': ['message', 'groupSend', 'abArm'],
  'POST /tcm/v1/app/:appId/msg/:msgId/retreat': ['message', 'groupSend'],
  'POST /tcm/v1/app/:appId/msg/:msgId/delete': ['message', 'groupSend', 'abArm'],
  'POST /tcm/v1/app/:appId/msg/flow/canvas/:msgId/approve': ['journey'],
  'POST /tcm/v1/app/:appId/msg/flow/canvas/:msgId/reCalc': ['journey'],
  'GET /tcm/v1/app/:appId/msg/flow/canvas/:msgId/detail': ['journey'],
  'POST /tcm/v1/app/:appId/msg/flow/canvas/:msgId/stop': ['journey'],
  'POST /tcm/v1/app/:appId/msg/flow/canvas/:msgId/delete': ['journey'],
  'GET /tcm/v1/app/:appId/msg/:msgId/funnel': ['message', 'abArm'],
  'GET /tcm/v1/app/:appId/msg/:msgId/distribution/:dimension': ['message'],
  'GET /tcm/v1/app/:appId/msg/:msgId/lose': ['message'],
  'GET /tcm/v1/app/:appId/msg/:msgId/showCount': ['message'],
  'GET /tcm/v1/app/:appId/msg/:msgId/reach': ['message'],
  'GET /tcm/v1/app/:appId/msg/:msgId/recovered': ['message'],
  'GET /tcm/v1/app/:appId/msg/:msgId/lift': ['message'],
  'GET /tcm/v1/app/:appId/msg/:msgId/distribution/:dimension/export': ['message'],
};
for (const [key, kinds] of Object.entries(MESSAGE_PATH_ROUTES)) {
  const [method, route] = key.split(' ') as ['GET' | 'POST', string];
  const cases: Case[] = kinds.flatMap((kind) => {
    const url = (me: number, o: Objects) =>
      route.replace(':appId', String(me)).replace(':msgId', String(o[kind])).replace(':dimension', 'country');
    const plain: Case = (me, o) => ({ method, url: url(me, o) });
    // the group scope of an action (group-sends): the other app's group send, named from this app
    const group: Case = (me, o) => ({ method, url: `${url(me, o)}?group=1` });
    return kind === 'groupSend' && method === 'POST' && !route.includes('canvas') ? [plain, group] : [plain];
  });
  CASES[key] = { 'path:msgId': cases };
}

/** The material routes by `:materialId`, with the body each needs. */
const MATERIAL_PATH_ROUTES: Record<string, (o: Objects) => { id: number; body?: unknown }> = {
  'GET /tcm/v1/app/:appId/material/:materialId/child/list': (o) => ({ id: o.material }),
  'GET /tcm/v1/app/:appId/material/:materialId/detail': (o) => ({ id: o.material }),
  'POST /tcm/v1/app/:appId/material/:materialId/report': (o) => ({ id: o.material, body: {} }),
  'POST /tcm/v1/app/:appId/material/:materialId/delete': (o) => ({ id: o.material }),
  'POST /tcm/v1/app/:appId/material/:materialId/recovery': (o) => ({ id: o.materialBin }),
  'POST /tcm/v1/app/:appId/material/:materialId/clean': (o) => ({ id: o.materialBin }),
  'POST /tcm/v1/app/:appId/material/review/:materialId/clean': (o) => ({ id: o.material }),
  'POST /tcm/v1/app/:appId/material/:materialId/audit': (o) => ({ id: o.material, body: { action: 1 } }),
};
for (const [key, pick] of Object.entries(MATERIAL_PATH_ROUTES)) {
  const [method, route] = key.split(' ') as ['GET' | 'POST', string];
  CASES[key] = {
    'path:materialId': [
      (me, o) => {
        const { id, body } = pick(o);
        return {
          method,
          url: route.replace(':appId', String(me)).replace(':materialId', String(id)),
          ...(body === undefined ? {} : { body }),
        };
      },
    ],
  };
}

/** The id keys of an OpenAPI body schema (nested: `childMsgs.[].id`). */
function bodyKeys(schema: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as {
    properties?: Record<string, unknown>;
    items?: unknown;
    anyOf?: unknown[];
    oneOf?: unknown[];
    allOf?: unknown[];
  };
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    out.add(prefix + k);
    bodyKeys(v, `${prefix + k}.`, out);
  }
  if (s.items) bodyKeys(s.items, `${prefix}[].`, out);
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) bodyKeys(alt, prefix, out);
  return out;
}

/** A key that names an object: ends in Id / id / ids, or a file's `origin`; and `apps` (app ids of an app group). */
const isIdKey = (key: string) =>
  /^(id|ids|origin)$|(Id|Ids|ID|Uid|Origin)$/.test(key.split(/[.:]/).pop() ?? '') || key === 'body:apps';

describe.each(backends('one'))('objects of another app reached by id [$name]', (backend) => {
  let t: TestApp;
  /** `METHOD /route` → the id keys it takes (path, query, body). */
  const idRoutes = new Map<string, string[]>();
  const objects: Record<'A' | 'B', Objects> = {} as Record<'A' | 'B', Objects>;
  const owners: Record<'A' | 'B', TestClient> = {} as Record<'A' | 'B', TestClient>;

  /** Every row of `appId` in each table with an app_id column, the app groups and the firebase uploads, as text. */
  async function snapshot(appIds: number[]): Promise<string[]> {
    const tables = await t.database.query<{ table_name: string }>(
      `SELECT c.table_name FROM information_schema.columns c
         JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
       WHERE c.column_name = 'app_id' AND c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'
       ORDER BY 1`,
    );
    const rows: string[] = [];
    for (const { table_name: table } of tables) {
      const got = await t.database.query<{ r: string }>(
        `SELECT x::text AS r FROM ${table} x WHERE app_id = ANY($1::bigint[])`,
        [appIds],
      );
      rows.push(...got.map((g) => `${table}: ${g.r}`));
    }
    const apps = await t.database.query<{ r: string }>(
      `SELECT x::text AS r FROM apps x WHERE id = ANY($1::bigint[])`,
      [appIds],
    );
    rows.push(...apps.map((g) => `apps: ${g.r}`));
    for (const table of ['app_groups', 'app_group_apps', 'firebase_uploads']) {
      const exists = await t.database.query(`SELECT 1 FROM information_schema.tables WHERE table_name = $1`, [
        table,
      ]);
      if (exists.length === 0) continue;
      const got = await t.database.query<{ r: string }>(`SELECT x::text AS r FROM ${table} x`);
      rows.push(...got.map((g) => `${table}: ${g.r}`));
    }
    return rows.sort();
  }

  async function ok(res: LightMyRequestResponse, what: string) {
    const body = res.json<{ status: number; data: unknown }>();
    expect(body.status, `${what}: ${res.body}`).toBe(200);
    return body.data as Record<string, unknown>;
  }

  /** Creates the objects of one app (marked `<mark>-secret` wherever a title is free) through the normal calls. */
  async function createObjects(
    mark: string,
    owner: TestClient,
    ownerUser: { id: number; email: string },
    app: { id: number; appKey: string },
    appSecret: string,
    pkg: string,
  ): Promise<Objects> {
    const me = app.id;
    const secret = `${mark}-secret`;
    const siblingApp = await t.services.apps.create({
      title: `${mark} sibling`,
      pkg: `${pkg}.sibling`,
      owner: { userId: ownerUser.id, email: ownerUser.email },
    });
    const sibling = siblingApp.app.id;
    // devices of both apps, so that messages have an audience; the first is the one troubleshooting looks up
    const base = mark === 'Alpha' ? 100 : 200;
    for (let i = 1; i <= 3; i++) {
      await registerSdkDevice(t, sdkAuthOf(app, appSecret), sdkDevice(base + i));
      await registerSdkDevice(t, sdkAuthOf(siblingApp.app, siblingApp.appSecret), sdkDevice(base + 50 + i));
    }
    const instance = gaid(base + 1);
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/track',
      headers: { authorization: sdkAuthOf(app, appSecret) },
      payload: { gaid: instance, events: [{ name: `viewed_${mark.toLowerCase()}` }] },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const appUser = `${mark.toLowerCase()}-customer`;
    const named = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/user',
      headers: { authorization: sdkAuthOf(app, appSecret) },
      payload: { gaid: instance, externalId: appUser },
    });
    expect(named.statusCode, named.body).toBe(200);
    const [eventName] = await t.database.query<{ id: number }>(
      'SELECT id FROM app_event_names WHERE app_id = $1',
      [me],
    );
    const appGroup = (await ok(
      await owner.post('/tcm/v1/group/save', { groupName: `${secret} group`, apps: [me, sibling] }),
      'app group',
    )) as { groupId: number };
    const msg = await ok(await owner.post(msgUrl(me, 'msg/save'), message(`${secret} message`)), 'message');
    const groupSend = await ok(
      await owner.post(
        msgUrl(me, 'msg/save'),
        message(`${secret} group send`, {
          appGroupId: appGroup.groupId,
          groupCounts: [{ appId: sibling, pushCount: 1 }],
        }),
      ),
      'group send',
    );
    const ab = await ok(
      await owner.post(msgUrl(me, 'msg/abtest/create'), abTest(`${secret} ab`)),
      'A/B test',
    );
    const abDetail = await ok(
      await owner.call('GET', msgUrl(me, `msg/abtest/${ab.id as number}/detail`)),
      'ab',
    );
    const j = await ok(
      await owner.post(msgUrl(me, 'msg/flow/canvas/save'), journey(`${secret} journey`)),
      'j',
    );
    const mat = {
      id: (
        await ok(await owner.post(msgUrl(me, 'material/create'), material(`${secret} material`)), 'material')
      ).materialId,
    };
    const bin = {
      id: (
        await ok(await owner.post(msgUrl(me, 'material/create'), material(`${secret} binned`)), 'material')
      ).materialId as number,
    };
    await ok(await owner.post(msgUrl(me, `material/${bin.id}/delete`)), 'material to the bin');
    await ok(await owner.post(msgUrl(me, 'tag/create'), tag(`${secret} tag`)), 'tag');
    const tags = await ok(await owner.post(msgUrl(me, 'tag/list'), {}), 'tags');
    await ok(await owner.post(msgUrl(me, 'group/create'), userGroup(`${mark} group`)), 'user group');
    const groups = await ok(await owner.post(msgUrl(me, 'group/list'), {}), 'user groups');
    await ok(
      await owner.post(msgUrl(me, 'device/create'), {
        name: `${mark} phone`,
        gaid: gaid(mark === 'Alpha' ? 1 : 2),
      }),
      'test device',
    );
    const devices = await ok(await owner.post(msgUrl(me, 'device/list'), {}), 'test devices');
    // A's members are the team's (seedTeam); B gets an invitation, a pending member
    if (mark !== 'Alpha')
      await ok(
        await owner.post(msgUrl(me, 'operator/create'), { email: 'bravo-invitee@example.com', ulevel: 400 }),
        'member',
      );
    const members = await ok(await owner.post(msgUrl(me, 'operator/list'), {}), 'members');
    await ok(await owner.post(msgUrl(me, 'sensitive/add'), { word: `${mark.toLowerCase()}word` }), 'word');
    const words = await ok(await owner.post(msgUrl(me, 'sensitive/list'), {}), 'words');
    const list = await ok(
      await postMultipart(
        t,
        owner,
        msgUrl(me, 'upload'),
        multipartFile('ids.txt', `${gaid(7)}\n${gaid(8)}\n`),
      ),
      'GAID list',
    );
    const fb = await ok(
      await postMultipart(
        t,
        owner,
        '/tcm/v1/app/upload/firebase',
        multipartFile('sa.json', serviceAccountJson({ project_id: `${mark.toLowerCase()}-push` })),
      ),
      'firebase upload',
    );
    const firstId = (rows: unknown, pick: (r: Record<string, unknown>) => boolean = () => true) => {
      const list =
        (rows as { results?: unknown[]; list?: unknown[]; records?: unknown[] }).results ??
        (rows as { list?: unknown[] }).list ??
        (rows as { records?: unknown[] }).records ??
        (rows as unknown[]);
      const found = (list as Array<Record<string, unknown>>).find(pick);
      if (!found) throw new Error(`nothing in ${JSON.stringify(rows).slice(0, 400)}`);
      return found.id as number;
    };
    const member =
      (members as { results?: Array<Record<string, unknown>> }).results?.find((m) => m.ulevel === 400) ??
      (members as unknown as Array<Record<string, unknown>>).find?.((m) => m.ulevel === 400);
    const memberUser = mark === 'Alpha' ? await t.repos.users.findByEmail(TEAM.manager) : ownerUser;
    const apiKey = await ok(
      await owner.post(msgUrl(me, 'api-keys/create'), { name: secret, scopes: ['send'] }),
      'api key',
    );
    return {
      appId: me,
      message: msg.id as number,
      groupSend: groupSend.id as number,
      abTest: ab.id as number,
      abArm:
        (abDetail.childMsgs as Array<{ msgId?: number; id?: number }>)[0]!.msgId ??
        (abDetail.childMsgs as Array<{ id: number }>)[0]!.id,
      journey: j.id as number,
      material: mat.id as number,
      materialBin: bin.id,
      tag: firstId(tags),
      userGroup: firstId(groups),
      testDevice: firstId(devices),
      member: member!.id as number,
      memberUser: memberUser!.id,
      sensitiveWord: firstId(words),
      gaidList: list.origin as string,
      instance,
      appGroup: appGroup.groupId,
      sibling,
      firebaseUpload: fb.origin as string,
      eventName: eventName!.id,
      appUser,
      apiKey: (apiKey.key as { id: number }).id,
    };
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    const a = await seedTeam(t);
    const ownerA = (await t.repos.users.findByEmail(TEAM.owner))!;
    const ownerB = (await t.repos.users.findByEmail(TEAM.stranger))!;
    const b = await t.services.apps.create({
      title: 'Elsewhere',
      pkg: 'com.example.elsewhere',
      owner: { userId: ownerB.id, email: ownerB.email },
    });
    owners.A = await clientFor(t, 'owner');
    owners.B = await signedIn(t, TEAM.stranger, PASSWORD);
    const appA = (await t.repos.apps.findById(a.appId))!;
    objects.A = await createObjects('Alpha', owners.A, ownerA, appA, a.appSecret, 'com.example.shop');
    objects.B = await createObjects('Bravo', owners.B, ownerB, b.app, b.appSecret, 'com.example.elsewhere');

    const doc = (await t.app.inject({ method: 'GET', url: '/tcm/docs/json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in: string; name: string }>;
            requestBody?: { content?: Record<string, { schema?: unknown }> };
          }
        >
      >;
    }>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/tcm/')) continue;
      for (const [method, op] of Object.entries(operations)) {
        const keys = [
          ...(op.parameters ?? []).map((p) => `${p.in}:${p.name}`),
          ...[...bodyKeys(op.requestBody?.content?.['application/json']?.schema)].map((k) => `body:${k}`),
        ].filter((k) => isIdKey(k) && !NOT_OBJECT_KEYS.has(k));
        if (keys.length > 0)
          idRoutes.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, keys);
      }
    }
  }, 240_000);
  afterAll(async () => t?.close());

  it('classifies every id a route takes: a case per key, or why it names no object of an app', () => {
    const unclassified: string[] = [];
    for (const [route, keys] of idRoutes) {
      if (route in NOT_APP_OBJECTS) continue;
      for (const key of keys) if (!CASES[route]?.[key]?.length) unclassified.push(`${route} ${key}`);
    }
    expect(unclassified, 'id-taking routes without a cross-app case').toEqual([]);
    // no stale entries: every case names a route and key the document has
    const stale = Object.entries(CASES).flatMap(([route, keys]) =>
      Object.keys(keys)
        .filter((k) => !(idRoutes.get(route) ?? []).includes(k))
        .map((k) => `${route} ${k}`),
    );
    expect(stale).toEqual([]);
    expect(idRoutes.size).toBeGreaterThan(60);
  });

  it.each([
    ['B', 'A'],
    ['A', 'B'],
  ] as const)(
    "an owner of app %s, naming app %s's objects from its own app, is refused and changes nothing",
    async (caller, victim) => {
      const me = objects[caller].appId;
      const other = objects[victim];
      const marker = victim === 'A' ? 'Alpha-secret' : 'Bravo-secret';
      const leaked: string[] = [];
      const accepted: string[] = [];
      const changed: string[] = [];
      const before = await snapshot([other.appId, other.sibling]);
      for (const [route, keys] of Object.entries(CASES)) {
        for (const [key, cases] of Object.entries(keys)) {
          for (const [n, make] of cases.entries()) {
            const req = make(me, other, objects[caller]);
            const what = `${route} ${key} #${n}: ${req.method} ${req.url}`;
            const res = req.file
              ? await postMultipart(
                  t,
                  owners[caller],
                  req.url,
                  multipartFile(req.file.name, req.file.content),
                )
              : await owners[caller].call(req.method, req.url, req.body);
            if (res.body.includes(marker)) leaked.push(`${what} → ${res.body.slice(0, 300)}`);
            let body: Parameters<typeof refusesId>[0] = {};
            try {
              body = res.json();
            } catch {
              body = {}; // a download: never a refusal
            }
            if (
              req.ignored === undefined &&
              (req.list ? body.status !== ErrorCodes.SUCCESS : !refusesId(body, key, req))
            )
              accepted.push(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
            const after = await snapshot([other.appId, other.sibling]);
            if (JSON.stringify(after) !== JSON.stringify(before)) {
              const gone = before.filter((r) => !after.includes(r));
              const added = after.filter((r) => !before.includes(r));
              changed.push(`${what}: -${gone.join('\n-')} +${added.join('\n+')}`.slice(0, 1500));
              before.splice(0, before.length, ...after);
            }
          }
        }
      }
      // notRefused: a call not refused as not found (or as its id field); leaked: an answer that shows it; changed: the
      // other app's rows differ after the call
      expect({ notRefused: accepted, leaked, changed }).toEqual({ notRefused: [], leaked: [], changed: [] });
    },
    300_000,
  );
});

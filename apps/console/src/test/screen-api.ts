// Tests only: the fake server and the fixtures of the screen tests (render them with renderAt from ../test-utils).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/** A JSON response. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A successful call's envelope around `data`. */
export const ok = (data: unknown): Response => json(200, { status: 200, msg: 'success', data });

/** The wait of a screen that loads several calls before it shows. */
export const slow = { timeout: 15_000 };

/** Replaces fetch with `route` (call it in beforeEach): what it answers, or a 404 for every other call. */
export function stubApi(route: (url: string, init?: RequestInit) => Response | undefined): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string, init?: RequestInit) =>
        route(url, init) ?? json(404, { status: 404, msg: 'not found' }),
    ),
  );
}

/** After each test of the file: unmount, and put fetch and every spy back. */
export function restoreAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** App 1's info (/app/1/info): Acme Shop, project level 200, a service account, UTC+8; `fields` change it. */
export const appInfo = (fields: Record<string, unknown> = {}) => ({
  appId: 1,
  title: 'Acme Shop',
  pkg: 'com.acme.shop',
  logo: '',
  ownerEmail: 'o@example.com',
  projectLevel: 200,
  reviewEnable: false,
  materialReviewEnable: false,
  advanceTarget: false,
  multiLangEnable: false,
  localTimeEnable: true,
  displayPriorityEnable: false,
  linksEnable: true,
  limitEnable: false,
  limitCount: 0,
  uploadFileLimit: 30,
  destroy: 0,
  serverUTC: '+0800',
  hasServiceAccount: true,
  commercialEnable: false,
  ...fields,
});

/** App 1's dictionaries (/dict/1/all): empty but for the UTC offset +0000. */
export const DICTS = {
  countries: [],
  languages: [],
  subLanguages: [],
  androidVersions: [],
  utcOffsets: ['+0000'],
  dailyMessageKinds: [],
  statisticsModes: [],
  brands: [],
  operators: [],
  appVersions: [],
  interestTags: [],
  audiencePackages: [],
  advancedTargeting: false,
};

/** A message's list row (msg/list): 100 sends of 1,234 targets, nothing dispatched yet; `fields` name the message. */
export const messageRow = (fields: Record<string, unknown>) => ({
  ownerEmail: 'o@example.com',
  createTime: '2030-01-01T00:00:00Z',
  materialId: null,
  multiLangEnable: false,
  targetingType: 0,
  audiencePackage: false,
  pushCount: 100,
  targetCount: 1234,
  dispatchCount: 0,
  lostCount: 0,
  arriveAll: 0,
  reachRate: 0,
  show: 0,
  showRate: 0,
  click: 0,
  clickRate: 0,
  conversion: 0,
  speedLimit: 0,
  parentMsgId: null,
  pullUp: false,
  appGroupId: null,
  appGroupParentMsgId: null,
  ...fields,
});

/** The send settings of a message's or an A/B test's detail: everyone, 2 h to live, restrict type 2, no priority. */
export const SEND_SETTINGS = {
  conditions: [],
  groupId: null,
  userIds: [],
  fileOrigin: '',
  fileLink: '',
  timeToLive: 7200,
  msgRestrictType: 2,
  msgDisplayPrior: null,
};

/** A message's detail (msg/detail): its row with SEND_SETTINGS, no languages, no forecast, no waves. */
export const messageDetail = (fields: Record<string, unknown>) =>
  messageRow({
    ...SEND_SETTINGS,
    multiLangContent: [],
    rejectReason: '',
    contentCreateType: 0,
    forecast: null,
    waves: [],
    ...fields,
  });

/** A form field by its id (antd form items take the field's name). */
export const field = (id: string) => document.getElementById(id) as HTMLInputElement;

/** The error shown under a form field, '' when none. */
export const errorOf = (id: string) =>
  field(id)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

/** An arm of A/B test 5 as its detail lists it (abtest/5/detail): waiting, nothing counted; `fields` change it. */
export const abArm = (groupTag: string, msgId: number, fields: Record<string, unknown> = {}) => ({
  msgId,
  groupTag,
  groupPercent: 10,
  msgType: 1,
  status: 2,
  scheduleType: 1,
  scheduleDate: null,
  data: {},
  multiLangEnable: false,
  multiLangContent: [],
  contentCreateType: 0,
  pushCount: 0,
  targetCount: 0,
  dispatchCount: 0,
  arriveAll: 0,
  show: 0,
  click: 0,
  rest: false,
  round: 0,
  ...fields,
});

/** An A/B test's winner settings with nothing decided: manual, 24 h and early looks as defaults; `fields` change it. */
export const abWinner = (fields: Record<string, unknown> = {}) => ({
  auto: false,
  afterHours: 24,
  early: true,
  bandit: false,
  rounds: 1,
  msgId: null,
  reason: null,
  decidedAt: null,
  decidesAt: null,
  ...fields,
});

/** A/B test 5's detail with arms A (51) and B (52), a manual winner and SEND_SETTINGS; `fields` change it. */
export const abTestDetail = (fields: Record<string, unknown> = {}) => ({
  id: 5,
  msgId: 5,
  title: 'Sale copy',
  ownerEmail: 'o@example.com',
  status: 2,
  createTime: '2030-01-01T00:00:00Z',
  targetingType: 0,
  audiencePackage: false,
  abAllSent: false,
  appGroupId: null,
  appGroupParentMsgId: null,
  childMsgs: [abArm('A', 51), abArm('B', 52)],
  winner: abWinner(),
  ...SEND_SETTINGS,
  significance: null,
  ...fields,
});

/** An app group of apps 1–4 (app-group sends), and its getMsgSendCount answer seen from app 1. */
export const APP_GROUP = {
  groupId: 5,
  groupName: 'Acme family',
  groupDesc: '',
  apps: [1, 2, 3, 4],
  appList: [],
  editable: true,
  creatorEmail: 'o@example.com',
  updateTime: '2030-01-01T00:00:00Z',
};
export const GROUP_COUNTS = [
  {
    appId: 1,
    pkg: 'com.acme.shop',
    title: 'Acme Shop',
    current: true,
    blocked: null,
    targetCount: 1234,
    exact: true,
  },
  {
    appId: 2,
    pkg: 'com.acme.lite',
    title: 'Acme Lite',
    current: false,
    blocked: null,
    targetCount: 800,
    exact: true,
  },
  {
    appId: 3,
    pkg: 'com.acme.pro',
    title: 'Acme Pro',
    current: false,
    blocked: null,
    targetCount: 300,
    exact: true,
  },
  {
    appId: 4,
    pkg: 'com.acme.kids',
    title: 'Acme Kids',
    current: false,
    blocked: 'review',
    targetCount: 0,
    exact: true,
  },
];

/** A material's list row (material/list): a passed system-design material of o@example.com, counted; `fields` change it. */
export const materialRow = (fields: Record<string, unknown> = {}) => ({
  materialId: 21,
  materialType: 1,
  title: 'Spring template',
  ownerEmail: 'o@example.com',
  createType: 1,
  createDate: '2030-01-01T00:00:00Z',
  status: 1,
  attribute: 'spring',
  multiLangEnable: false,
  subCount: 0,
  nationalAttributes: { pushCountrySet: [], notPushCountrySet: [] },
  contentCreateType: 0,
  rejectReason: '',
  messages: 3,
  push: 12345,
  reach: 10000,
  show: 8000,
  showRate: 80,
  click: 400,
  clickRate: 5,
  ...fields,
});

/** A material's detail (material/21/detail): its row with a system-design notification and no language. */
export const materialDetail = (fields: Record<string, unknown> = {}) =>
  materialRow({
    data: {
      noti_type: 1,
      noti_title: 'Half price',
      noti_desc: 'Until midnight',
      noti_small_icon: '/files/icon.png',
      noti_small_icon_color: '',
      noti_ex_type: 1,
      noti_open_type: 1,
      noti_open_content: 'shop://sale',
    },
    multiLangContent: [],
    msgId: null,
    ...fields,
  });

import { type z } from 'zod';
import { MESSAGE_LIMITS, NotificationData } from '@beacon/shared';
import { type ComposeIssue, type ComposeValues, type FieldName } from '../../../message-editor';

/**
 * The sub-config of an A/B test of notifications (part 2 §2 editabtest): the test's channel id and name, group id and
 * group max count, written into every notification arm's data, and its layout number, written into the arms of the
 * custom design (noti_type 3) only. Slow push is the test's delivery setting.
 */
export interface SubConfigValues {
  /** `noti_layout_id`: the app's layout for the custom design (arms of noti_type 3). */
  notiLayoutId: number | null;
  notiChannelId: string;
  notiChannelName: string;
  notiGroupId: string;
  /** `noti_group_max`: at most this many notifications of the group shown at once (empty or 0: no limit). */
  notiGroupMax: number | null;
}

/** The form field of each data key of the sub-config. */
export const SUB_CONFIG_KEYS = {
  noti_layout_id: 'notiLayoutId',
  noti_channel_id: 'notiChannelId',
  noti_channel_name: 'notiChannelName',
  noti_group_id: 'notiGroupId',
  noti_group_max: 'notiGroupMax',
} as const satisfies Record<string, keyof SubConfigValues>;
/** A data key of the sub-config (`noti_group_max` …). */
export type SubConfigKey = keyof typeof SUB_CONFIG_KEYS;

const isSubConfigKey = (key: unknown): key is SubConfigKey =>
  typeof key === 'string' && Object.hasOwn(SUB_CONFIG_KEYS, key);

/** Whether a form field is one of the sub-config's. */
export const isSubConfigField = (name: FieldName): boolean =>
  (Object.values(SUB_CONFIG_KEYS) as string[]).includes(String(name[0]));

/** The form field of a data path (`noti_group_max`), when it is the sub-config's. */
export function subConfigFieldOf(path: ReadonlyArray<PropertyKey>): FieldName | undefined {
  const key = path[0];
  return path.length === 1 && isSubConfigKey(key) ? [SUB_CONFIG_KEYS[key]] : undefined;
}

/** No sub-config: nothing is added to the arms' data. */
export const EMPTY_SUB_CONFIG: SubConfigValues = {
  notiLayoutId: null,
  notiChannelId: '',
  notiChannelName: '',
  notiGroupId: '',
  notiGroupMax: null,
};

/**
 * What the sub-config adds to an arm's notification data: the channel and group fields that are set (the device
 * receives none of an empty one), the group max unless empty or 0 (no limit either way), and the layout number only
 * for an arm of the custom design.
 */
export function subConfigData(v: SubConfigValues, design: ComposeValues['design']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const text = (key: SubConfigKey, value: string) => {
    if (value.trim() !== '') out[key] = value.trim();
  };
  text('noti_channel_id', v.notiChannelId ?? '');
  text('noti_channel_name', v.notiChannelName ?? '');
  text('noti_group_id', v.notiGroupId ?? '');
  if (v.notiGroupMax !== null && v.notiGroupMax !== undefined && v.notiGroupMax !== 0)
    out.noti_group_max = v.notiGroupMax;
  if (design === 3 && v.notiLayoutId !== null && v.notiLayoutId !== undefined)
    out.noti_layout_id = v.notiLayoutId;
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const numberOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/**
 * The sub-config of a saved test, from its arms' data (A, then B): the first arm holding each value gives it — the
 * layout number the first arm of the custom design.
 */
export function subConfigFromArms(arms: ReadonlyArray<Record<string, unknown>>): SubConfigValues {
  const first = <T>(of: (d: Record<string, unknown>) => T, empty: T): T =>
    arms.map(of).find((x) => x !== empty) ?? empty;
  return {
    notiLayoutId: first((d) => (d.noti_type === 3 ? numberOf(d.noti_layout_id) : null), null),
    notiChannelId: first((d) => text(d.noti_channel_id), ''),
    notiChannelName: first((d) => text(d.noti_channel_name), ''),
    notiGroupId: first((d) => text(d.noti_group_id), ''),
    notiGroupMax: first((d) => numberOf(d.noti_group_max) || null, null),
  };
}

/**
 * The sub-config's problems in an arm's data, as NotificationData (the contract the server checks with) finds them,
 * each at its field of the test's form: the range or length the contract names, in the console's language.
 */
export function subConfigIssues(data: Record<string, unknown>): ComposeIssue[] {
  const parsed = NotificationData.safeParse(data);
  if (parsed.success) return [];
  const out: ComposeIssue[] = [];
  for (const issue of parsed.error.issues) {
    const name = subConfigFieldOf(issue.path);
    if (name && !out.some((o) => o.name[0] === name[0])) out.push(issueOf(issue, name));
  }
  return out;
}

function issueOf(issue: z.core.$ZodIssue, name: FieldName): ComposeIssue {
  const field = name[0];
  if (field === 'notiGroupMax')
    return { name, key: 'groupMaxRange', params: { max: MESSAGE_LIMITS.groupMaxMax } };
  if (field === 'notiLayoutId')
    return issue.code === 'custom'
      ? { name, key: 'layoutCustomOnly' }
      : { name, key: 'layoutRange', params: { max: MESSAGE_LIMITS.layoutIdMax } };
  if (issue.code === 'too_big') return { name, key: 'tooLong', params: { max: Number(issue.maximum) } };
  return { name, key: 'invalid', params: { message: issue.message } };
}

import { AB_LIMITS, AB_WINNER_LIMITS, abPercentMax } from '@beacon/shared';
import { fieldOfPath, validateCompose, type ComposeIssue, type FieldName } from '../../../message-editor';
import { armContext, buildArmMessage, kindOfTest, type AbContext } from './build-ab-payload';
import {
  armMessage,
  isArmField,
  type AbSharedValues,
  type ArmIndex,
  type ArmValues,
  type WinnerValues,
} from './ab-values';
import { subConfigFieldOf, subConfigIssues } from './sub-config';

/** The problems of an A/B test's forms: the test's fields, and each arm's. */
export interface AbIssues {
  shared: ComposeIssue[];
  /** each arm's, A, B, C… */
  arms: ComposeIssue[][];
}

/** The issue keys of the A/B test's own fields (`abTests.errors.*`; the others are `compose.errors.*`). */
export const AB_ISSUE_KEYS: readonly string[] = [
  'percentRequired',
  'percentRange',
  'percentDecimals',
  'hoursRange',
  'groupMaxRange',
  'layoutRange',
  'layoutCustomOnly',
];

const sameName = (a: FieldName, b: FieldName) => a.length === b.length && a.every((p, i) => p === b[i]);

/** Each variant's share: required, two decimals, from AB_LIMITS.percentMin to abPercentMax(k) (together ≤ 100 %). */
function percentIssues(share: number | null, arms: number): ComposeIssue[] {
  if (share === null || share === undefined || !Number.isFinite(share))
    return [{ name: ['abPercent'], key: 'percentRequired' }];
  const max = abPercentMax(arms);
  if (share < AB_LIMITS.percentMin || share > max + 1e-9)
    return [
      {
        name: ['abPercent'],
        key: 'percentRange',
        params: { min: AB_LIMITS.percentMin, max, count: arms },
      },
    ];
  if (Math.abs(share * 100 - Math.round(share * 100)) > 1e-6)
    return [{ name: ['abPercent'], key: 'percentDecimals' }];
  return [];
}

/** The hours (automatic winner, bandit rounds): whole, from AB_WINNER_LIMITS.hoursMin to hoursMax; unused (so unchecked) otherwise. */
function winnerIssues(v: WinnerValues): ComposeIssue[] {
  // the hours matter to an automatic winner and to the bandit's rounds
  if (!v.winnerAuto && !v.winnerBandit) return [];
  const h = v.winnerHours;
  if (
    typeof h === 'number' &&
    Number.isInteger(h) &&
    h >= AB_WINNER_LIMITS.hoursMin &&
    h <= AB_WINNER_LIMITS.hoursMax
  )
    return [];
  return [
    {
      name: ['winnerHours'],
      key: 'hoursRange',
      params: { min: AB_WINNER_LIMITS.hoursMin, max: AB_WINNER_LIMITS.hoursMax },
    },
  ];
}

/**
 * Every problem of the test: each arm checked as the message it is saved as (validateCompose over the arm's content
 * and schedule with the test's targeting and settings, the expected push count aside: the share sets it), its issues
 * at the arm's fields or, once, at the test's; the share; and, for notifications, the sub-config as NotificationData
 * finds it in each arm's data (buildArmMessage), once at the test's field.
 */
export function validateAb(shared: AbSharedValues, arms: readonly ArmValues[], ctx: AbContext): AbIssues {
  const out: AbIssues = {
    shared: [...percentIssues(shared.abPercent, arms.length), ...winnerIssues(shared)],
    arms: arms.map(() => []),
  };
  arms.forEach((arm, i) => {
    for (const issue of validateCompose(armMessage(shared, arm), armContext(shared, ctx))) {
      if (issue.name[0] === 'pushCount') continue;
      if (isArmField(issue.name)) out.arms[i]?.push(issue);
      else if (!out.shared.some((s) => sameName(s.name, issue.name))) out.shared.push(issue);
    }
    if (kindOfTest(shared) !== 'notification') return;
    for (const issue of subConfigIssues(buildArmMessage(shared, arm, ctx).data))
      if (!out.shared.some((s) => sameName(s.name, issue.name))) out.shared.push(issue);
  });
  return out;
}

const WINNER_FIELDS: Record<string, keyof WinnerValues> = {
  auto: 'winnerAuto',
  afterHours: 'winnerHours',
  early: 'winnerEarly',
};

/** Where a refusal's field (`childMsgs.1.data.trans_data`, `title` …) shows: the test's form or an arm's, and the field. */
export type AbFieldPlace = { form: 'shared' | ArmIndex; name: FieldName };

/**
 * The form field of a server (or AbTestSave) field: `childMsgs.<i>.…` at arm i's field (its share for
 * `groupPercent`), unless it names a field of the test (`childMsgs.0.timeToLive` → the test's time to live);
 * `childMsgs.<i>.msgType` at the content type, `childMsgs.<i>.data.noti_group_max` (the sub-config) at the test's
 * field; `winner.*` at the winner's fields; the rest at the test's fields. Undefined when no field matches.
 */
export function placeAbField(
  field: string,
  shared: AbSharedValues,
  arms: readonly ArmValues[],
): AbFieldPlace | undefined {
  const path = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (path[0] === 'winner') {
    const name = WINNER_FIELDS[String(path[1])];
    return { form: 'shared', name: [name ?? 'winnerAuto'] };
  }
  if (path[0] !== 'childMsgs') {
    const name = fieldOfPath(path, shared);
    return name ? { form: 'shared', name } : undefined;
  }
  const i = path[1];
  const arm = typeof i === 'number' ? arms[i] : undefined;
  if (typeof i !== 'number' || !arm) return undefined;
  const rest = path.slice(2);
  if (rest[0] === 'msgType') return { form: 'shared', name: ['abMsgType'] };
  if (rest.length === 0 || rest[0] === 'groupPercent' || rest[0] === 'groupTag')
    return { form: i, name: ['groupPercent'] };
  const sub = rest[0] === 'data' ? subConfigFieldOf(rest.slice(1)) : undefined;
  if (sub) return { form: 'shared', name: sub };
  const name = fieldOfPath(rest, armMessage(shared, arm));
  if (!name) return undefined;
  return { form: isArmField(name) ? i : 'shared', name };
}

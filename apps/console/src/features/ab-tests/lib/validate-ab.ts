import { AB_LIMITS } from '@beacon/shared';
import { fieldOfPath, validateCompose, type ComposeIssue, type FieldName } from '../../../message-editor';
import { armContext, buildArmMessage, kindOfTest, type AbContext } from './build-ab-payload';
import {
  armMessage,
  armPercent,
  isArmField,
  type AbSharedValues,
  type ArmIndex,
  type ArmValues,
} from './ab-values';
import { subConfigFieldOf, subConfigIssues } from './sub-config';

/** The problems of an A/B test's forms: the test's fields, and each arm's. */
export interface AbIssues {
  shared: ComposeIssue[];
  arms: [ComposeIssue[], ComposeIssue[]];
}

/** The issue keys of the A/B test's own fields (`abTests.errors.*`; the others are `compose.errors.*`). */
export const AB_ISSUE_KEYS: readonly string[] = [
  'percentRequired',
  'percentRange',
  'groupMaxRange',
  'layoutRange',
  'layoutCustomOnly',
];

const sameName = (a: FieldName, b: FieldName) => a.length === b.length && a.every((p, i) => p === b[i]);

/** The test's share: required, from 0.02 to 100 %, so that each arm has 0.01 to 50 % (AB_LIMITS). */
function percentIssues(total: number | null): ComposeIssue[] {
  if (total === null || !Number.isFinite(total)) return [{ name: ['abPercent'], key: 'percentRequired' }];
  const arm = armPercent(total);
  if (total < AB_LIMITS.percentMin * 2 || arm < AB_LIMITS.percentMin || arm > AB_LIMITS.percentMax)
    return [
      {
        name: ['abPercent'],
        key: 'percentRange',
        params: { min: AB_LIMITS.percentMin * 2, max: AB_LIMITS.percentMax * 2 },
      },
    ];
  return [];
}

/**
 * Every problem of the test: each arm checked as the message it is saved as (validateCompose over the arm's content
 * and schedule with the test's targeting and settings, the expected push count aside: the share sets it), its issues
 * at the arm's fields or, once, at the test's; the share; and, for notifications, the sub-config as NotificationData
 * finds it in each arm's data (buildArmMessage), once at the test's field.
 */
export function validateAb(
  shared: AbSharedValues,
  arms: readonly [ArmValues, ArmValues],
  ctx: AbContext,
): AbIssues {
  const out: AbIssues = { shared: percentIssues(shared.abPercent), arms: [[], []] };
  arms.forEach((arm, i) => {
    for (const issue of validateCompose(armMessage(shared, arm), armContext(shared, ctx))) {
      if (issue.name[0] === 'pushCount') continue;
      if (isArmField(issue.name)) out.arms[i as ArmIndex].push(issue);
      else if (!out.shared.some((s) => sameName(s.name, issue.name))) out.shared.push(issue);
    }
    if (kindOfTest(shared) !== 'notification') return;
    for (const issue of subConfigIssues(buildArmMessage(shared, arm, ctx).data))
      if (!out.shared.some((s) => sameName(s.name, issue.name))) out.shared.push(issue);
  });
  return out;
}

/** Where a refusal's field (`childMsgs.1.data.trans_data`, `title` …) shows: the test's form or an arm's, and the field. */
export type AbFieldPlace = { form: 'shared' | ArmIndex; name: FieldName };

/**
 * The form field of a server (or AbTestSave) field: `childMsgs.<i>.…` at arm i's field (its share for
 * `groupPercent`), unless it names a field of the test (`childMsgs.0.timeToLive` → the test's time to live);
 * `childMsgs.<i>.msgType` at the content type, `childMsgs.<i>.data.noti_group_max` (the sub-config) at the test's
 * field; the rest at the test's fields. Undefined when no field matches.
 */
export function placeAbField(
  field: string,
  shared: AbSharedValues,
  arms: readonly [ArmValues, ArmValues],
): AbFieldPlace | undefined {
  const path = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (path[0] !== 'childMsgs') {
    const name = fieldOfPath(path, shared);
    return name ? { form: 'shared', name } : undefined;
  }
  const i = path[1];
  if (i !== 0 && i !== 1) return undefined;
  const rest = path.slice(2);
  if (rest[0] === 'msgType') return { form: 'shared', name: ['abMsgType'] };
  if (rest.length === 0 || rest[0] === 'groupPercent' || rest[0] === 'groupTag')
    return { form: i, name: ['groupPercent'] };
  const sub = rest[0] === 'data' ? subConfigFieldOf(rest.slice(1)) : undefined;
  if (sub) return { form: 'shared', name: sub };
  const name = fieldOfPath(rest, armMessage(shared, arms[i]));
  if (!name) return undefined;
  return { form: isArmField(name) ? i : 'shared', name };
}

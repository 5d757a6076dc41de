import { ACTIVITY_PATTERN, ANDROID_PACKAGE_PATTERN, CROSS_LIMITS } from '@beacon/shared';
import { type ComposeValues } from './compose-values';
import { contentTextOf, crossData, jsonProblem } from './cross-values';
import { type MessageKind } from './message-kind';
import type { ComposeIssue, FieldName } from './compose-issue';

/** Android's limit on a package name. */
const PACKAGE_MAX = 255;

/** A JSON field's problem: its syntax (line and column), not an object, or too long once encoded. */
function jsonIssues(name: FieldName, text: string, encoded: unknown, max: number): ComposeIssue[] {
  const problem = jsonProblem(text);
  if (problem?.kind === 'syntax')
    return [
      {
        name,
        key: 'jsonSyntax',
        params: {
          line: problem.line,
          column: problem.column,
          problem: problem.problem,
          ...(problem.expected ? { expected: problem.expected } : {}),
        },
      },
    ];
  if (problem) return [{ name, key: 'jsonObject' }];
  if (typeof encoded === 'string' && encoded.length > max)
    return [{ name, key: 'encodedTooLong', params: { size: encoded.length, max } }];
  return [];
}

/**
 * The cross and pull-up fields' problems (part 2 §3): the content a JSON object (required for a cross message; a
 * pull-up's may be empty, sent as {}) within the `trans_data` limit once encoded; a pull-up's package and activity
 * required and well formed, its optional data a JSON object within the `enlive_data` limit.
 */
export function crossIssues(v: ComposeValues, kind: MessageKind): ComposeIssue[] {
  if (kind === 'notification') return [];
  const out: ComposeIssue[] = [];
  const data = crossData(v, kind);
  const content = contentTextOf(v, kind);
  if (content.trim() === '') out.push({ name: ['crossJson'], key: 'required' });
  else out.push(...jsonIssues(['crossJson'], content, data.trans_data, CROSS_LIMITS.transDataMax));
  if (kind !== 'pullup') return out;
  const pkg = v.enlivePackage.trim();
  if (!pkg) out.push({ name: ['enlivePackage'], key: 'required' });
  else if (pkg.length > PACKAGE_MAX)
    out.push({ name: ['enlivePackage'], key: 'tooLong', params: { max: PACKAGE_MAX } });
  else if (!ANDROID_PACKAGE_PATTERN.test(pkg)) out.push({ name: ['enlivePackage'], key: 'package' });
  const activity = v.enliveActivity.trim();
  if (!activity) out.push({ name: ['enliveActivity'], key: 'required' });
  else if (activity.length > CROSS_LIMITS.activityMax)
    out.push({ name: ['enliveActivity'], key: 'tooLong', params: { max: CROSS_LIMITS.activityMax } });
  else if (!ACTIVITY_PATTERN.test(activity)) out.push({ name: ['enliveActivity'], key: 'activity' });
  if (v.enliveJson.trim() !== '')
    out.push(...jsonIssues(['enliveJson'], v.enliveJson, data.enlive_data, CROSS_LIMITS.enliveDataMax));
  return out;
}

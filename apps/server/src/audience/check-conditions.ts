import {
  ATTRIBUTE_TYPE_NAMES,
  conditionIssues,
  userConditionVocabularyIssues,
  type AttributeType,
  type Condition,
  type TargetingVocabulary,
} from '@beacon/shared';
import type { Database } from '../db/client';
import { fieldError } from '../lib/api-error';

/** An app's attributes (key → type) and event names, read when a condition names one. */
export type VocabularyOf = (appId: number) => Promise<TargetingVocabulary>;

/** The app's vocabulary from its definitions (app_attributes, app_event_names): two indexed reads. */
export function targetingVocabulary(database: Pick<Database, 'query'>): VocabularyOf {
  return async (appId) => {
    const attributes = await database.query<{ key: string; type: number }>(
      'SELECT key, type FROM app_attributes WHERE app_id = $1',
      [appId],
    );
    const events = await database.query<{ name: string }>(
      'SELECT name FROM app_event_names WHERE app_id = $1',
      [appId],
    );
    return {
      attributes: new Map(
        attributes.map((r) => [r.key, ATTRIBUTE_TYPE_NAMES[r.type as AttributeType] ?? 'string']),
      ),
      events: new Set(events.map((r) => r.name)),
    };
  };
}

const NOTHING: TargetingVocabulary = { attributes: new Map(), events: new Set() };

/**
 * The one server check of a condition list, for messages, A/B arms, journeys and user groups: the shared rule
 * (conditionIssues; advanced labels as the caller allows), then, when a row names a user attribute or an event, that
 * the app has it (the key with the row's type, the name). The first problem is a 400 naming the field
 * (`conditions.2.key`). Without `vocabularyOf` the app has no attributes nor events.
 */
export async function checkAppConditions(
  appId: number,
  conditions: readonly Condition[],
  vocabularyOf: VocabularyOf | undefined,
  advancedAllowed = true,
): Promise<void> {
  const [issue] = conditionIssues(conditions, advancedAllowed);
  if (issue) throw fieldError(issue.path ? `conditions.${issue.path}` : 'conditions', issue.message);
  if (!conditions.some((c) => c.label === 'attribute' || c.label === 'event')) return;
  const vocabulary = vocabularyOf ? await vocabularyOf(appId) : NOTHING;
  const [problem] = userConditionVocabularyIssues(conditions, vocabulary);
  if (problem) throw fieldError(`conditions.${problem.path}`, problem.message);
}

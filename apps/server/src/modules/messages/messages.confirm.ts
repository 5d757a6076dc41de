import {
  ErrorCodes,
  errorWithDetail,
  TAG_FLAG_OF,
  ScheduleType,
  TargetingType as T,
  type Condition,
} from '@beacon/shared';
import { wallClockUtc, type EngineRepository } from '../../delivery/engine';
import { ApiError } from '../../lib/api-error';
import type { OneMessage } from './messages-content';
import type {
  AudiencePackage,
  MessageTwin,
  MessagesConfirmRepository,
  TwinQuery,
} from './messages-confirm.repository';

export type { AudiencePackage, MessageTwin, TwinQuery };

/**
 * The audience packages a targeting sends to: the values of its package conditions (dmpCustomize,
 * dmpCustomizeGroup) that select devices ('all' with every package selected); a `nin` condition keeps them out.
 */
export function packageIdsOf(conditions: readonly Condition[] | undefined): number[] | 'all' {
  const ids = new Set<number>();
  for (const c of conditions ?? []) {
    if (TAG_FLAG_OF[c.label] !== 'GROUP' || c.op === 'nin') continue;
    if (c.allSelected === 1) return 'all';
    for (const v of c.values) if (Number.isSafeInteger(Number(v))) ids.add(Number(v));
  }
  return [...ids];
}

/**
 * 1071 (spec part 2 §2, §5: "a non-human-package warning asks to confirm once more"): a targeting that sends to
 * audience packages, which are not human users, is saved only with `confirmIsGroup`; the answer names the packages.
 */
export async function checkPackages(
  repo: MessagesConfirmRepository,
  appId: number,
  conditions: readonly Condition[] | undefined,
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const ids = packageIdsOf(conditions);
  if (ids !== 'all' && ids.length === 0) return;
  const packages = await repo.packages(appId, ids);
  if (packages.length === 0) return;
  const code = ErrorCodes.AUDIENCE_PACKAGE_NOT_HUMAN;
  throw new ApiError(code, (lang) => errorWithDetail(code, lang, packages.map((p) => p.name).join(', ')), {
    packages,
  });
}

/**
 * 21030 (spec part 2 §8, the lead's decision on issue 29 item 22): a message repeating the title, content and
 * targeting of one of the app's messages of its type sending within the 24 hours before it (not cancelled) is saved
 * only with `forceCreate` (a daily reminder is a legitimate repeat); the answer names the twin.
 */
export async function checkTwin(
  repo: MessagesConfirmRepository,
  q: TwinQuery,
  force: boolean,
): Promise<void> {
  if (force) return;
  const twin = await repo.twin(q);
  if (!twin) return;
  const code = ErrorCodes.SAME_AS_PREVIOUS_DAY;
  throw new ApiError(code, (lang) => errorWithDetail(code, lang, `${twin.title} (${twin.id})`), { twin });
}

/**
 * The warnings a save asks the operator to confirm once more, after its refusals and its 201/202: audience packages,
 * which are not human users (1071, past it with `confirmIsGroup`), and a twin of the previous 24 hours (21030, past
 * it with `forceCreate`; an A/B arm or a journey step is no twin: the test or the journey is the message).
 */
export async function saveConfirmations(
  repo: MessagesConfirmRepository,
  engineRepo: Pick<EngineRepository, 'groupConditions'>,
  appId: number,
  input: OneMessage,
  schedule: { type: number; local: string | null; at: Date | null },
  now: Date,
  isArm: boolean,
): Promise<void> {
  const conditions =
    input.targetingType === T.CONDITIONS
      ? input.conditions
      : input.targetingType === T.USER_GROUP && input.groupId
        ? await engineRepo.groupConditions(appId, input.groupId)
        : [];
  await checkPackages(repo, appId, conditions, input.confirmIsGroup === true);
  if (isArm) return;
  const at =
    schedule.at ??
    (schedule.type === ScheduleType.LOCAL_TIME && schedule.local
      ? new Date(wallClockUtc(schedule.local))
      : now);
  await checkTwin(
    repo,
    {
      appId,
      msgType: input.msgType,
      title: input.title,
      data: input.data,
      targetingType: input.targetingType,
      conditions: input.targetingType === T.CONDITIONS ? input.conditions : [],
      groupId: input.targetingType === T.USER_GROUP ? (input.groupId ?? null) : null,
      userIds: input.userIds.map((u) => u.toLowerCase()),
      fileLink: input.targetingType === T.FILE_LINK ? input.fileLink.trim() : '',
      id: input.id,
      at,
    },
    input.forceCreate === true,
  );
}

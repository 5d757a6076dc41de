import {
  ErrorCodes,
  AUDIENCE_LIMITS,
  advancedLabelsAllowed,
  TAG_FLAG_OF,
  type Condition,
  type UserGroup,
  type UserGroupCreateRequest,
  type UserGroupEditRequest,
  type UserGroupListRequest,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { isUniqueViolation } from '../../db/errors';
import { checkAppConditions, type VocabularyOf } from '../../audience/check-conditions';
import type { UserGroupRecord, UserGroupsRepository } from './user-groups.repository';

/** What the service needs besides its repository (kept narrow so tests can pass real or fake parts). */
export interface UserGroupsDeps {
  /** The platform's global tag switch (advanced labels need it on). */
  tagSwitchOn: () => Promise<boolean>;
  repo: UserGroupsRepository;
  /** The app's advanced-targeting flag, or undefined for an unknown app. */
  appAdvanceTarget(appId: number): Promise<boolean | undefined>;
  /** The ids among `ids` that are tags of the app with the flag. */
  existingTagIds(appId: number, ids: number[], flag: 'LABEL' | 'GROUP'): Promise<Set<number>>;
  /** Devices of the app matching the conditions: exact on small apps, sampled on large ones (`exact` false). */
  countAudience(appId: number, conditions: readonly Condition[]): Promise<{ count: number; exact: boolean }>;
  /** The app's user attributes and event names (attribute and event conditions); none without it. */
  vocabularyOf?: VocabularyOf;
}

export function toUserGroup(row: UserGroupRecord, size?: { count: number; exact: boolean }): UserGroup {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    description: row.description,
    conditions: row.conditions,
    open: row.open,
    ...(size === undefined ? {} : { size: size.count, sizeExact: size.exact }),
    createdBy: row.createdBy,
    updateTime: row.updatedAt.toISOString(),
  };
}

const NAME_USED = 'is already used by another group of this app';

/** User groups (saved audiences): the condition rules of part 2 §5, checked against the app's switches and tags. */
export class UserGroupsService {
  constructor(private readonly deps: UserGroupsDeps) {}

  async list(appId: number, q: UserGroupListRequest): Promise<{ results: UserGroup[]; total: number }> {
    const { rows, total } = await this.deps.repo.list(appId, q);
    if (!q.withSize || rows.length > AUDIENCE_LIMITS.sizedRowsMax)
      return { results: rows.map((r) => toUserGroup(r)), total };
    const results: UserGroup[] = [];
    for (const row of rows)
      results.push(toUserGroup(row, await this.deps.countAudience(appId, row.conditions)));
    return { results, total };
  }

  async create(appId: number, input: UserGroupCreateRequest, createdBy: string): Promise<UserGroup> {
    await this.checkConditions(appId, input.conditions);
    if (await this.deps.repo.nameTaken(appId, input.name)) throw fieldError('name', NAME_USED);
    try {
      const row = await this.deps.repo.insert({
        appId,
        name: input.name,
        description: input.description,
        conditions: input.conditions,
        open: input.open,
        createdBy,
      });
      return toUserGroup(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', NAME_USED);
      throw error;
    }
  }

  async edit(appId: number, input: UserGroupEditRequest): Promise<UserGroup> {
    await this.checkConditions(appId, input.conditions);
    if (await this.deps.repo.nameTaken(appId, input.name, input.id)) throw fieldError('name', NAME_USED);
    try {
      const row = await this.deps.repo.update(appId, input.id, {
        name: input.name,
        description: input.description,
        conditions: input.conditions,
        open: input.open,
      });
      if (!row) throw new ApiError(ErrorCodes.NOT_FOUND);
      return toUserGroup(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', NAME_USED);
      throw error;
    }
  }

  async remove(appId: number, id: number): Promise<void> {
    if (!(await this.deps.repo.remove(appId, id))) throw new ApiError(ErrorCodes.NOT_FOUND);
  }

  /** The live size of conditions being edited (validated like a save). */
  async estimate(appId: number, conditions: Condition[]): Promise<{ count: number; exact: boolean }> {
    await this.checkConditions(appId, conditions);
    return this.deps.countAudience(appId, conditions);
  }

  /**
   * Refuses conditions the app may not use: advanced labels without the switches, tag ids that are not its tags,
   * attributes and events it does not have.
   */
  async checkConditions(appId: number, conditions: readonly Condition[]): Promise<void> {
    const advanceTarget = await this.deps.appAdvanceTarget(appId);
    if (advanceTarget === undefined) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    await checkAppConditions(
      appId,
      conditions,
      this.deps.vocabularyOf,
      advancedLabelsAllowed(await this.deps.tagSwitchOn(), advanceTarget),
    );
    for (const [index, c] of conditions.entries()) {
      const flag = TAG_FLAG_OF[c.label];
      if (!flag || c.allSelected === 1) continue;
      const ids = c.values.map(Number);
      const found = await this.deps.existingTagIds(appId, ids, flag);
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined)
        throw fieldError(`conditions.${index}.values`, `tag ${missing} is not a ${flag} tag of this app`);
    }
  }
}

import {
  ErrorCodes,
  appGroupBlock,
  type AppGroup,
  type AppGroupCandidate,
  type AppGroupSaveRequest,
  UserLevel,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { canChangeGroup, canSeeGroup, type GroupViewer } from './app-groups.policy';
import type { AppGroupsRepository, GroupRow, UserAppRow } from './app-groups.repository';

function levelsOf(apps: UserAppRow[]): Map<number, number> {
  return new Map(apps.map((a) => [a.appId, a.projectLevel]));
}

function toGroup(row: GroupRow, levels: ReadonlyMap<number, number>): AppGroup {
  const ids = row.apps.map((a) => a.appId);
  return {
    groupId: row.id,
    groupName: row.name,
    groupDesc: row.description,
    apps: ids,
    appList: row.apps.map((a) => ({ ...a, projectLevel: levels.get(a.appId) ?? null })),
    editable: canChangeGroup(ids, levels),
    creatorEmail: row.creatorEmail,
    updateTime: row.updatedAt.toISOString(),
  };
}

/** App groups (part 1 §3–§5): a user's named sets of at least two apps they own or administer. */
export class AppGroupsService {
  constructor(private readonly repo: AppGroupsRepository) {}

  /** The apps of the group dialog, each saying whether it can be picked and why not. */
  async candidates(viewer: GroupViewer): Promise<AppGroupCandidate[]> {
    const apps = await this.repo.userApps(viewer);
    return apps.map((a) => ({ ...a, blocked: appGroupBlock(a.projectLevel, a.reviewEnable) }));
  }

  /** The groups the viewer sees: their own, or every group for level 100. */
  async list(viewer: GroupViewer): Promise<AppGroup[]> {
    const [groups, apps] = await Promise.all([
      this.repo.list(viewer.ulevel === UserLevel.SUPER_ADMIN ? undefined : viewer.id),
      this.repo.userApps(viewer),
    ]);
    const levels = levelsOf(apps);
    return groups.map((g) => toGroup(g, levels));
  }

  /** Creates a group, or replaces one the viewer may change; refuses apps that cannot be picked. */
  async save(viewer: GroupViewer, input: AppGroupSaveRequest): Promise<number> {
    const apps = await this.repo.userApps(viewer);
    const byId = new Map(apps.map((a) => [a.appId, a]));
    const existing =
      input.groupId === undefined ? undefined : await this.changeable(viewer, input.groupId, levelsOf(apps));
    for (const appId of input.apps) {
      const app = byId.get(appId);
      if (!app) throw fieldError('apps', `app ${appId} is not one of your apps`);
      const block = appGroupBlock(app.projectLevel, app.reviewEnable);
      if (block === 'level')
        throw fieldError(
          'apps',
          `your role on ${app.title} (app ${appId}) does not allow grouping it: owners only`,
        );
      if (block === 'review')
        throw fieldError('apps', `${app.title} (app ${appId}) has review enabled and cannot be grouped`);
    }
    const values = { name: input.groupName, description: input.groupDesc, appIds: input.apps };
    if (existing) {
      await this.repo.update(existing.id, values);
      return existing.id;
    }
    return this.repo.insert(viewer.id, values);
  }

  async remove(viewer: GroupViewer, groupId: number): Promise<void> {
    const group = await this.changeable(viewer, groupId, levelsOf(await this.repo.userApps(viewer)));
    await this.repo.delete(group.id);
  }

  /** The group, when the viewer sees it (else 404) and may change it (else 1002). */
  private async changeable(
    viewer: GroupViewer,
    groupId: number,
    levels: ReadonlyMap<number, number>,
  ): Promise<GroupRow> {
    const group = await this.repo.find(groupId);
    if (!group || !canSeeGroup(viewer, group.createdBy)) throw new ApiError(ErrorCodes.NOT_FOUND);
    if (
      !canChangeGroup(
        group.apps.map((a) => a.appId),
        levels,
      )
    )
      throw new ApiError(ErrorCodes.PERMISSION_DENIED);
    return group;
  }
}

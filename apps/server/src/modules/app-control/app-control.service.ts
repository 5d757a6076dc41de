import {
  ErrorCodes,
  type AppControlCandidate,
  type AppControlEditRequest,
  type AppControlEntry,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppControlRepository, AppControlRow } from './app-control.repository';
import type { AuditEntry } from '../../platform/audit-log';

const LIST_NAME = { 1: 'notification-control', 2: 'global whitelist' } as const;

const toEntry = ({ createdAt, ...row }: AppControlRow): AppControlEntry => ({
  ...row,
  createTime: createdAt.toISOString(),
});

/** The apps tab (issue 5 item 3): which apps the model shielding applies to, and which escape global shielding. */
export class AppControlService {
  constructor(private readonly repo: AppControlRepository) {}

  async list(type: 1 | 2): Promise<AppControlEntry[]> {
    return (await this.repo.list(type)).map(toEntry);
  }

  async candidates(): Promise<AppControlCandidate[]> {
    return this.repo.allApps();
  }

  /** operateType 1 adds `appId` (an existing app, not yet listed); 2 deletes the entry `id` (or the app's entry). */
  async edit(type: 1 | 2, input: AppControlEditRequest, actor: AuditEntry['actor']): Promise<void> {
    if (input.operateType === 1) {
      const appId = input.appId ?? 0;
      const app = await this.repo.app(appId);
      if (!app) throw fieldError('appId', `app ${appId} does not exist`);
      if (!(await this.repo.add(type, app, actor)))
        throw fieldError('appId', `${app.title} is already in the ${LIST_NAME[type]} list`);
      return;
    }
    const row = await this.repo.find(type, { id: input.id, appId: input.appId });
    if (!row) throw new ApiError(ErrorCodes.NOT_FOUND);
    await this.repo.remove(row, actor);
  }
}

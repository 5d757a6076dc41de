import { ErrorCodes, type AdminAlert, type AlertList, type MessageLang } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { renderAlert } from './alert-texts';
import type { AlertsRepository } from './alerts.repository';

/** Admin alerts as the header bell shows them, in the reader's language. */
export class AlertsService {
  constructor(private readonly repo: AlertsRepository) {}

  async open(lang: MessageLang): Promise<AlertList> {
    const { rows, total } = await this.repo.open();
    const results: AdminAlert[] = rows.map((r) => ({
      id: r.id,
      appId: r.appId,
      appTitle: r.appTitle ?? '',
      kind: r.kind,
      severity: r.severity,
      message: renderAlert(r.kind, r.params, r.appTitle, lang),
      params: r.params,
      firstAt: r.firstAt.toISOString(),
      lastAt: r.lastAt.toISOString(),
      count: r.count,
      resolvedAt: null,
    }));
    return { results, total };
  }

  async resolve(id: number, userId: number): Promise<void> {
    if (!(await this.repo.resolve(id, userId))) throw new ApiError(ErrorCodes.NOT_FOUND);
  }
}

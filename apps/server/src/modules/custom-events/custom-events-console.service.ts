import { CUSTOM_EVENT_LIMITS, ErrorCodes, statRange, utcDay, type EventNameRow } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { CustomEventsRepository } from './custom-events.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The console's side of custom events: the app's names (settings) and their daily counts (statistics). */
export class CustomEventsService {
  constructor(
    private readonly repo: CustomEventsRepository,
    /** told when a name is deleted, so this process stops accepting it at once (the others within 30 s) */
    private readonly onNamesChanged: (appId: number) => void = () => undefined,
    private readonly today: () => string = () => utcDay(),
  ) {}

  /** A page of the app's names with their property types and events counted, and the limits they live under. */
  async names(appId: number, q: { pageNo: number; pageSize: number }) {
    const { rows, total } = await this.repo.listNames(appId, (q.pageNo - 1) * q.pageSize, q.pageSize);
    const list: EventNameRow[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      properties: Object.entries(r.types)
        .map(([key, type]) => ({ key, type }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
      firstSeen: iso(r.firstSeen),
      lastSeen: iso(r.lastSeen),
      events: Number(r.events),
    }));
    return {
      list,
      total,
      limits: {
        namesPerApp: CUSTOM_EVENT_LIMITS.namesPerApp,
        propertiesPerEvent: CUSTOM_EVENT_LIMITS.propertiesPerEvent,
      },
    };
  }

  /** Deletes a name of the app (404 when it has none by that id): its counts go, its events are read no more. */
  async deleteName(appId: number, nameId: number): Promise<Record<string, never>> {
    if (!(await this.repo.deleteName(appId, nameId))) throw new ApiError(ErrorCodes.NOT_FOUND);
    this.onNamesChanged(appId);
    return {};
  }

  /** Events and devices per UTC day and name over the range (the project trend's range rule, ≤ 1 year). */
  async report(appId: number, q: { start?: string | undefined; end?: string | undefined }) {
    const r = statRange('project', q.start, q.end, this.today());
    const dated = await this.repo.days(appId, r.start, r.end);
    const names = [...new Set(dated.map((d) => d.name))].sort();
    return { dated, names, ...r };
  }
}

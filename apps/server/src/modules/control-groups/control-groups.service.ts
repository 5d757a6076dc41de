import {
  CONTROL_GROUP_BUCKETS,
  controlGroupBuckets,
  controlGroupOf,
  controlGroupSeed,
  controlLift,
  daysOf,
  ErrorCodes,
  statRange,
  utcDay,
  type ControlActivity,
  type ControlGroup,
  type MessageLift,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { AppsRepository } from '../apps';
import type { ControlGroupsRepository } from './control-groups.repository';

/** An app's global control group and a message's lift over it (issue 34 §1, docs/control-groups.md). */
export class ControlGroupsService {
  constructor(
    private readonly apps: Pick<AppsRepository, 'findById' | 'update'>,
    private readonly repo: ControlGroupsRepository,
  ) {}

  private async app(appId: number) {
    const app = await this.apps.findById(appId);
    if (!app) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    return app;
  }

  /** The setting, and about how many devices it holds out (the share of the app's devices). */
  async get(appId: number): Promise<ControlGroup & { members: number }> {
    const group = controlGroupOf((await this.app(appId)).controlGroup);
    const devices = group.share > 0 ? await this.repo.devices(appId) : 0;
    return { ...group, members: Math.round((devices * controlGroupBuckets(group)) / CONTROL_GROUP_BUCKETS) };
  }

  /** Sets it (checked by the route with the shared rule); batches sent from now on hold its members out. */
  async set(appId: number, group: ControlGroup): Promise<ControlGroup> {
    const app = await this.app(appId);
    if (app.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    await this.apps.update(appId, { controlGroup: group });
    return group;
  }

  /**
   * The control group's activity against everyone else (the app's statistics): each day's active devices of each side
   * over the side's devices today — an approximation for the days before devices joined or left, said in the docs.
   */
  async activity(
    appId: number,
    q: { start?: string | undefined; end?: string | undefined },
  ): Promise<ControlActivity> {
    const group = controlGroupOf((await this.app(appId)).controlGroup);
    const range = statRange('project', q.start, q.end, utcDay());
    const [sides, rows] = await Promise.all([
      this.repo.sides(appId, controlGroupSeed(appId), controlGroupBuckets(group)),
      this.repo.activeDays(appId, range.start, range.end),
    ]);
    const control = sides.control;
    const rest = sides.devices - sides.control;
    const rate = (active: number, devices: number) => (devices > 0 ? Math.min(active, devices) / devices : 0);
    const recorded = new Set(rows.map((r) => r.day));
    const days = daysOf(range.start, range.end).map((day) => {
      const of = (inControl: boolean) =>
        rows.find((r) => r.day === day && r.inControl === inControl)?.active ?? 0;
      return {
        day,
        control: { active: of(true), rate: rate(of(true), control) },
        rest: { active: of(false), rate: rate(of(false), rest) },
      };
    });
    const counted = days.filter((d) => recorded.has(d.day));
    const mean = (f: (d: (typeof days)[number]) => number) =>
      counted.reduce((n, d) => n + f(d), 0) / counted.length;
    const meanRate =
      counted.length > 0
        ? {
            control: mean((d) => d.control.rate),
            rest: mean((d) => d.rest.rate),
            lift: mean((d) => d.rest.rate) - mean((d) => d.control.rate),
          }
        : null;
    return {
      share: group.share,
      control: { devices: control },
      rest: { devices: rest },
      days,
      meanRate,
      ...range,
    };
  }

  /** The members' advertising ids, for the export. */
  async members(appId: number): Promise<string[]> {
    const group = controlGroupOf((await this.app(appId)).controlGroup);
    return this.repo.members(appId, controlGroupSeed(appId), controlGroupBuckets(group));
  }

  /** A message's lift: app opens since it started of its targeted devices not held out against its control members. */
  async lift(appId: number, msgId: number): Promise<MessageLift> {
    const m = await this.repo.message(appId, msgId);
    if (!m) throw new ApiError(ErrorCodes.NOT_FOUND);
    if (!m.startedAt)
      return {
        sent: { devices: 0, opened: 0, clicked: 0 },
        control: { devices: 0, opened: 0 },
        since: null,
        lift: controlLift({ devices: 0, opened: 0 }, { devices: 0, opened: 0 }),
      };
    const r = await this.repo.lift(m.id, m.startedAt);
    const sent = { devices: r.sent, opened: r.sentOpened };
    const control = { devices: r.control, opened: r.controlOpened };
    return {
      sent: { ...sent, clicked: r.clicked },
      control,
      since: m.startedAt.toISOString(),
      lift: controlLift(sent, control),
    };
  }
}

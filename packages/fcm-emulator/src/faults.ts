import { type FaultSpec } from './types';

export type FaultResponse = FaultSpec['respond'];

interface ActiveFault {
  match: NonNullable<FaultSpec['match']>;
  respond: FaultResponse;
  remaining: number;
}

/** Injected faults, matched in insertion order against each send that passed validation and quotas. */
export class Faults {
  private list: ActiveFault[] = [];

  add(f: FaultSpec): void {
    this.list.push({
      match: f.match ?? {},
      respond: f.respond,
      remaining: f.times ?? Number.POSITIVE_INFINITY,
    });
  }

  clear(): void {
    this.list = [];
  }

  /** The response of the first matching fault (using up one of its `times`), if any. */
  take(project: string, token: string | undefined): FaultResponse | undefined {
    if (this.list.length === 0) return undefined;
    for (let i = 0; i < this.list.length; i++) {
      const f = this.list[i];
      if (f === undefined) continue;
      const m = f.match;
      if (m.project !== undefined && m.project !== project) continue;
      if (m.token !== undefined && m.token !== token) continue;
      if (m.pct !== undefined && Math.random() * 100 >= m.pct) continue;
      f.remaining--;
      if (f.remaining <= 0) this.list.splice(i, 1);
      return f.respond;
    }
    return undefined;
  }
}

import { type EmulatorStats } from './types';

/** Send-endpoint counters; every update is O(1). */
export class Stats {
  requests = 0;
  inFlight = 0;
  delivered = 0;
  private byStatus: Record<string, number> = {};
  private byErrorCode: Record<string, number> = {};

  record(status: string, errorKey: string | undefined): void {
    this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
    if (errorKey !== undefined) this.byErrorCode[errorKey] = (this.byErrorCode[errorKey] ?? 0) + 1;
  }

  snapshot(): EmulatorStats {
    return {
      requests: this.requests,
      byStatus: { ...this.byStatus },
      byErrorCode: { ...this.byErrorCode },
      inFlight: this.inFlight,
      delivered: this.delivered,
    };
  }

  reset(): void {
    this.requests = 0;
    this.delivered = 0;
    this.byStatus = {};
    this.byErrorCode = {};
  }
}

import type { Database } from '../../db/client';
import { loadPolicySnapshot, type PolicySnapshot } from '../../policy';

/** What the forbidden-country answer of msg/save reads besides the save's forecast: the banned windows it names. */
export class MessagesForbiddenRepository {
  constructor(private readonly database: Database) {}

  /** Banned countries and time windows of the platform and the app (the model and daily-limit parts are not needed). */
  snapshot(appId: number): Promise<PolicySnapshot> {
    return loadPolicySnapshot(this.database, appId, { dailyLimits: null });
  }
}

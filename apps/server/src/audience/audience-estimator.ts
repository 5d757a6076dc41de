import type { Condition } from '@beacon/shared';
import type { Database } from '../db/client';
import { compileAudience, countQuery, keysetPageQuery, type CompileOptions } from './compile-conditions';

/** Counts and walks the devices of an app that match conditions, exactly (what the compiler's tests check it with). */
export class AudienceEstimator {
  constructor(private readonly database: Pick<Database, 'query'>) {}

  /** How many of the app's devices match the conditions now. */
  async count(appId: number, conditions: readonly Condition[], options?: CompileOptions): Promise<number> {
    const q = countQuery(compileAudience(appId, conditions, options));
    const [row] = await this.database.query<{ n: string }>(q.sql, q.params);
    return Number(row?.n ?? 0);
  }

  /** One page of matching device ids (as strings) after `afterId`, in id order. */
  async page(appId: number, conditions: readonly Condition[], afterId: string, limit = 1000, options?: CompileOptions): Promise<string[]> {
    const q = keysetPageQuery(compileAudience(appId, conditions, options), { afterId, limit });
    return (await this.database.query<{ id: string }>(q.sql, q.params)).map((r) => r.id);
  }
}

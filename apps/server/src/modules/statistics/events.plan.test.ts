import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/client';
import { backends } from '../../test/databases';
import { syntheticApp } from '../../test/fixtures/synthetic-devices';
import type { EventRow } from '../devices';
import { EventsRepository } from './events.repository';

const DEVICES = 20_000;
const EVENTS = 30;

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan's nodes read from send_records' partitions (each node's rows × its loops). */
function sendRecordRows(node: PlanNode): number {
  const own = node['Relation Name']?.startsWith('send_records')
    ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + sendRecordRows(p), 0);
}

/**
 * The events statement right after a broadcast: the message's send records are newer than their partition's
 * statistics (autovacuum has not analyzed them yet), which is when its devices' events arrive. A plan that scans
 * the message's records for each flush (it did, reached by "message_id = ANY (the batch's messages)") costs a second
 * a flush at 50,000 devices and grows with the broadcast; the statement must read only its events' records.
 */
describe.each(backends())(
  'device events against a broadcast newer than its statistics [$name]',
  (backend) => {
    let database: Database;
    let appId: number;
    let messageId: string;
    let gaids: string[];

    beforeAll(async () => {
      database = await backend.open();
      appId = await syntheticApp(database, 'Plan', DEVICES);
      const broadcast = async (title: string) => {
        const [message] = await database.query<{ id: string }>(
          `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                               schedule_type, ttl_seconds, started_at)
         VALUES ($1, 1, 1, $3, 'o@x.test', '{}', 0, $2, 1, 86400, now()) RETURNING id::text AS id`,
          [appId, DEVICES, title],
        );
        await database.query(
          `INSERT INTO send_records (message_id, device_id, outcome, attempts, sent_at)
         SELECT $1::bigint, id, 1, 1, now() FROM devices WHERE app_id = $2 ORDER BY id`,
          [message!.id, appId],
        );
        return message!.id;
      };
      // yesterday's broadcast, in the statistics; today's, not yet
      await broadcast('Yesterday');
      await database.exec('ANALYZE send_records');
      messageId = await broadcast('Today');
      gaids = (
        await database.query<{ gaid: string }>(
          `SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY hashint8(id) LIMIT ${EVENTS}`,
          [appId],
        )
      ).map((r) => r.gaid);
    }, 120_000);
    afterAll(async () => {
      await database?.close();
    });

    const rows = (): EventRow[] =>
      gaids.map((gaid) => ({
        appId,
        gaid,
        messageId,
        mask: 1,
        receivedAt: new Date(),
        shownAt: null,
        clickedAt: null,
        showFailedReason: null,
      }));

    it('reads only the send records of its events, not the message’s', async () => {
      const repo = new EventsRepository(database);
      let plan: PlanNode | undefined;
      // the product's statement, explained as it runs (several times: a prepared statement's later runs may take a
      // generic plan), in a transaction rolled back each time
      for (let run = 0; run < 7; run++)
        await database
          .transaction(async (tx) => {
            const explaining: Queryable = {
              ...tx,
              query: async <T>(sql: string, params?: unknown[]) => {
                const [out] = await tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
                  `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
                  params,
                );
                plan = out!['QUERY PLAN'][0]!.Plan;
                return [] as T[];
              },
            };
            await repo.apply(rows(), explaining);
            throw new Error('rollback');
          })
          .catch((err: unknown) => {
            if ((err as Error).message !== 'rollback') throw err;
          });
      // each event's record found and updated, read back by the receipts' marks: a few rows an event, not 20,000
      expect(sendRecordRows(plan!)).toBeLessThanOrEqual(EVENTS * 4);

      const recorded = await repo.apply(rows());
      expect(recorded).toEqual({ counted: EVENTS, stray: 0 });
    });
  },
);

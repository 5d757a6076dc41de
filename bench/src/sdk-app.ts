// A bench-only Fastify app serving only the device API (/sdk/v1): the same Fastify options and the same plugin
// layers buildApp (apps/server/src/app.ts) puts in front of every route, then registerSdkRoutes with Beacon's own
// DevicesRepository, SdkAuth and DevicesService — built with the DeviceStatistics the run asks for: the shipped
// StatisticsWriter, the same writer without the daily rollups (each message's own counters only), or counters that
// write nothing. Nothing else differs between them, so their throughput differs by the statistics' statements: the
// queue row in each flush's transaction, and the counting off the request path.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { VERSION } from '../../apps/server/src/app';
import type { Config } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { SecretBox } from '../../apps/server/src/lib/secret-box';
import { validatorCompiler } from '../../apps/server/src/lib/validator';
import { AppsRepository } from '../../apps/server/src/modules/apps';
import {
  DevicesRepository,
  DevicesService,
  registerSdkRoutes,
  SdkAuth,
} from '../../apps/server/src/modules/devices';
import { StatisticsWriter } from '../../apps/server/src/modules/statistics';
import {
  UserAttributesRepository,
  UserAttributesService,
} from '../../apps/server/src/modules/user-attributes';
import { authPlugin } from '../../apps/server/src/plugins/auth';
import { compressionPlugin } from '../../apps/server/src/plugins/compression';
import { errorEnvelopePlugin } from '../../apps/server/src/plugins/error-envelope';
import { openapiPlugin } from '../../apps/server/src/plugins/openapi';
import { requestContextPlugin } from '../../apps/server/src/plugins/request-context';
import { securityPlugin } from '../../apps/server/src/plugins/security';

/**
 * Counters that count nothing: the events' bits set on the send records (and the strays kept), without the queue row
 * for counting nor the counting.
 */
export const noCounters = (database: Database): StatisticsWriter =>
  new StatisticsWriter(database, { count: false });

/**
 * The statistics writer without the daily rollups: each message's own counters (reach, show, click…), its show losses
 * and its reach by minute, as before the rollups existed; not the per-day rows per message and app nor the unique
 * devices (the `md`, `ad`, `modes`, `uv`, `k`, `cell` and `ud` parts of the counting statement).
 */
export class MessageCountersOnly extends StatisticsWriter {
  protected override countingParts(): Array<[name: string, sql: string]> {
    return super.countingParts().filter(([name]) => ['e', 'c', 'mm', 'sl', 'rm'].includes(name));
  }
}

export interface StageTotals {
  calls: number;
  ms: number;
  /** items of the calls (events merged per flush for the transaction) */
  items: number;
}

export interface SdkBenchApp {
  app: FastifyInstance;
  port: number;
  /** wall time per flush stage: `recordEvents` (the events' one statement) and `countQueued` */
  stages: Map<string, StageTotals>;
  /** counts at once what the flushes queued (not after the counter's delay) */
  settle: () => Promise<void>;
  close(): Promise<void>;
}

/** Wraps `method` of this instance (no source edited) to add its calls' wall time to `stages[name]`. */
function timeMethod(
  stages: Map<string, StageTotals>,
  target: object,
  method: string,
  name: string,
  itemsOf: (args: unknown[]) => number = () => 0,
): void {
  const rec = target as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const orig = rec[method]!.bind(target);
  rec[method] = async (...args: unknown[]) => {
    const t0 = performance.now();
    try {
      return await orig(...args);
    } finally {
      const s = stages.get(name) ?? { calls: 0, ms: 0, items: 0 };
      s.calls++;
      s.ms += performance.now() - t0;
      s.items += itemsOf(args);
      stages.set(name, s);
    }
  };
}

/**
 * Builds and starts (127.0.0.1, a free port) the device API with `counters`: 'writer' the StatisticsWriter, 'messages'
 * MessageCountersOnly, 'none' noCounters.
 */
export async function startSdkApp(
  config: Config,
  database: Database,
  counters: 'writer' | 'messages' | 'none',
): Promise<SdkBenchApp> {
  const app = Fastify({
    logger: false,
    trustProxy: false,
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const box = new SecretBox(config.secretKey);
  const stages = new Map<string, StageTotals>();
  const repo = new DevicesRepository(database);
  const writer =
    counters === 'writer'
      ? new StatisticsWriter(database)
      : counters === 'messages'
        ? new MessageCountersOnly(database)
        : noCounters(database);
  const len = (a: unknown[]) => (Array.isArray(a[0]) ? a[0].length : 0);
  timeMethod(stages, writer, 'recordEvents', 'recordEvents', len);
  // the counting itself runs off the request path (EventCounter), in batches of what was queued meanwhile
  timeMethod(stages, writer, 'countQueued', 'countQueued');
  const devices = new DevicesService(repo, writer);
  await app.register(cookie, {
    secret: createHash('sha256').update(config.secretKey).update('cookie').digest('hex'),
  });
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(compressionPlugin);
  await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(requestContextPlugin);
  await app.register(openapiPlugin, { version: VERSION });
  await app.register(errorEnvelopePlugin);
  await app.register(authPlugin, { resolveSession: async () => undefined });
  const users = new UserAttributesService(new UserAttributesRepository(database));
  await registerSdkRoutes(app, { devices, users, auth: new SdkAuth(new AppsRepository(database.db), box) });
  app.addHook('onClose', async () => Promise.all([devices.drain(), users.drain()]).then(() => undefined));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    port: (app.server.address() as AddressInfo).port,
    stages,
    settle: () => writer.settle(),
    close: () => app.close(),
  };
}

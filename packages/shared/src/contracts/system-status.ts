import { z } from 'zod';
import { defineCall } from '../call';

/**
 * The deployment at a glance (issue 31: several hosts, a replica, the events' log, one FCM quota per project), for
 * platform admins (levels 100 and 150): which Beacon processes run where and whether they still answer, the database
 * and its replica's lag, the device events waiting to be applied, and each Firebase project's shared send rate.
 */

/** What a process runs: the HTTP API (console and device API), and the delivery workers and other jobs. */
export const PROCESS_ROLES = ['api', 'workers'] as const;
export const ProcessRole = z.enum(PROCESS_ROLES);
export type ProcessRole = z.infer<typeof ProcessRole>;

/** A process that has not written its heartbeat for this long is shown as not answering (3 missed heartbeats). */
export const SYSTEM_STATUS_LIMITS = {
  heartbeatSeconds: 15,
  silentAfterSeconds: 45,
  /** a silent process's row goes after this long: it stopped without saying so (killed, its host lost) */
  forgetAfterSeconds: 86_400,
  /** the console's refresh period */
  refreshMs: 10_000,
} as const;

export const SystemProcess = z.object({
  /** host:pid:start, unique per process start */
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  roles: z.array(ProcessRole),
  version: z.string(),
  startedAt: z.string(),
  seenAt: z.string(),
  /** its last heartbeat is within SYSTEM_STATUS_LIMITS.silentAfterSeconds */
  alive: z.boolean(),
  /** the process that answered this call */
  self: z.boolean(),
});
export type SystemProcess = z.infer<typeof SystemProcess>;

export const ReplicaStatus = z.object({
  /** it answered the status query */
  reachable: z.boolean(),
  /** WAL bytes the replica has not replayed yet (null: unknown) */
  bytesBehind: z.number().nullable(),
  /** seconds since the last transaction it replayed was committed on the primary (null: none yet, or unknown) */
  lastReplayAgoSeconds: z.number().nullable(),
});
export type ReplicaStatus = z.infer<typeof ReplicaStatus>;

export const DatabaseStatus = z.object({
  /** the embedded database (PGlite, one process) or a PostgreSQL server */
  engine: z.enum(['pglite', 'postgres']),
  /** the server's version, e.g. "15.8" */
  version: z.string(),
  /** the PostgreSQL timeline (a promotion or a point-in-time recovery starts a new one); null on PGlite */
  timeline: z.number().int().nullable(),
  /** DATABASE_READ_URL's replica; null when none is configured */
  replica: ReplicaStatus.nullable(),
});
export type DatabaseStatus = z.infer<typeof DatabaseStatus>;

/** Where the device API's events go: applied at once (`direct`), a log table (`postgres`) or JetStream (`nats`). */
export const EventsLogMode = z.enum(['direct', 'postgres', 'nats']);
export type EventsLogMode = z.infer<typeof EventsLogMode>;

export const StreamReplica = z.object({
  name: z.string(),
  leader: z.boolean(),
  /** caught up with the leader */
  current: z.boolean(),
  /** operations behind the leader */
  lag: z.number().int(),
});
export type StreamReplica = z.infer<typeof StreamReplica>;

export const EventsLogStatus = z.object({
  mode: EventsLogMode,
  /** calls (`postgres`: rows of calls; `nats`: messages) logged and not applied yet; null: direct, or unknown */
  waiting: z.number().int().nullable(),
  /** seconds the oldest waiting row has waited (`postgres` only) */
  oldestSeconds: z.number().nullable(),
  /** the JetStream stream's replicas (`nats` only; empty when NATS did not answer) */
  replicas: z.array(StreamReplica),
  /** what went wrong reading it (NATS unreachable …); null when read */
  error: z.string().nullable(),
});
export type EventsLogStatus = z.infer<typeof EventsLogStatus>;

export const FcmProjectStatus = z.object({
  project: z.string(),
  /** the apps sending through the project */
  apps: z.array(z.object({ id: z.number().int(), title: z.string(), quotaPerMinute: z.number().int() })),
  /** the share of the quota senders may use now: 1, lowered by half on each 429 from FCM, back by 2 % a second */
  rateShare: z.number(),
  /** when a 429 last lowered it (null: never) */
  loweredAt: z.string().nullable(),
  /** when a sender last reserved part of the quota */
  lastSendAt: z.string(),
});
export type FcmProjectStatus = z.infer<typeof FcmProjectStatus>;

export const JobQueueStatus = z.object({
  /** the job's name (delivery waves and batches, statistics, journeys, retention …) */
  queue: z.string(),
  /** jobs ready to run now, waiting for a worker */
  ready: z.number().int(),
  /** jobs set to run later (retries, batches waiting for a banned window or an FCM retry) */
  deferred: z.number().int(),
  /** jobs a worker is running */
  active: z.number().int(),
  /** seconds the oldest ready job has waited (0: none waits): the workers falling behind */
  oldestSeconds: z.number(),
});
export type JobQueueStatus = z.infer<typeof JobQueueStatus>;

export const SystemStatus = z.object({
  checkedAt: z.string(),
  processes: z.array(SystemProcess),
  database: DatabaseStatus,
  eventsLog: EventsLogStatus,
  /** the workers' job queues (pg-boss), in the catalogue's order */
  jobQueues: z.array(JobQueueStatus),
  /** the projects that have sent, most recent first */
  fcmProjects: z.array(FcmProjectStatus),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

export const systemStatusCalls = {
  status: defineCall({
    method: 'GET',
    path: '/tcm/v1/platform/system/status',
    summary:
      'The processes, database, replica, device events log, job queues and FCM project rates of the deployment',
    data: SystemStatus,
  }),
};

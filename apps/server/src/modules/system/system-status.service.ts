import type { EventsLogStatus, JobQueueStatus, ReplicaStatus, SystemStatus } from '@beacon/shared';
import type { SystemStatusRepository } from './system-status.repository';

export interface SystemStatusSources {
  repo: SystemStatusRepository;
  engine: 'pglite' | 'postgres';
  /** this process's row in beacon_processes */
  selfId: string;
  /** the replica's state (none: DATABASE_READ_URL is not set) */
  replica?: () => Promise<ReplicaStatus>;
  eventsLog: () => Promise<EventsLogStatus>;
  /** the workers' job queues */
  jobQueues: () => Promise<JobQueueStatus[]>;
}

/** The platform's System status: the parts read at once, each from where it lives. */
export class SystemStatusService {
  constructor(private readonly sources: SystemStatusSources) {}

  async status(): Promise<SystemStatus> {
    const { repo, replica } = this.sources;
    const [processes, server, fcmProjects, eventsLog, jobQueues, replicaState] = await Promise.all([
      repo.processes(this.sources.selfId),
      repo.server(),
      repo.fcmProjects(),
      this.sources.eventsLog(),
      this.sources.jobQueues(),
      replica ? replica() : Promise.resolve(null),
    ]);
    return {
      checkedAt: new Date().toISOString(),
      processes,
      database: {
        engine: this.sources.engine,
        version: server.version,
        timeline: server.timeline,
        replica: replicaState,
      },
      eventsLog,
      jobQueues,
      fcmProjects,
    };
  }
}

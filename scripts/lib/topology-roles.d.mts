// Types of topology-roles.mjs for the TypeScript tests.
import type { ChildProcess } from 'node:child_process';
import type { Topology } from './topology.mjs';

export declare const PG_PORT: number;
export declare const API_PORT: number;
export declare const FCM_H2C_PORT: number;
export declare const FCM_CONTROL_PORT: number;
export declare const NATS_PORT: number;
export declare const NATS_ROUTE_PORT: number;
export declare const NATS_HOSTS: string[];
export declare const TOPOLOGY_HOSTS: string[];

/** Debian's nats-server's path, installed when missing (root); throws when it cannot be had. */
export declare function natsServerBinary(): string;

export interface PgHost {
  host: string;
  dir: string;
  url(db?: string): string;
  socketUrl(db?: string): string;
  promote(): Promise<void>;
  restart(downMs?: number): Promise<void>;
  stop(): void;
}
export interface FcmHost {
  host: string;
  child: ChildProcess;
  url: string;
  controlPort: number;
}
export interface NatsHosts {
  hosts: string[];
  /** NATS_URL: every node's client address, comma-separated. */
  url: string;
  kill(host: string): void;
}
export interface BeaconHost {
  host: string;
  role: 'api' | 'worker';
  child: ChildProcess;
  out(): string;
}

export declare function waitForOutput(
  child: ChildProcess,
  re: RegExp,
  what: string,
  ms?: number,
): Promise<RegExpExecArray>;
export declare function startPostgres(
  topo: Topology,
  host: string,
  o?: { primary?: PgHost },
): Promise<PgHost>;
export declare function startNats(topo: Topology, hosts: string[]): Promise<NatsHosts>;
export declare function startFcmEmulator(
  topo: Topology,
  host: string,
  o?: { latencyMs?: number; quota?: number },
): Promise<FcmHost>;
export declare function startBeacon(
  topo: Topology,
  host: string,
  role: 'api' | 'worker',
  o: { cli: readonly string[]; cwd: string; env: Record<string, string> },
): Promise<BeaconHost>;

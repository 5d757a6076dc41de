// Types of topology.mjs for the TypeScript tests.
import type { ChildProcess, SpawnOptions } from 'node:child_process';

/** Deletes the namespaces of topologies whose creating process is gone. */
export declare function sweepStale(): void;

export declare class Topology {
  static create(hosts: readonly string[]): Promise<Topology>;
  readonly id: string;
  readonly hosts: readonly string[];
  /** a folder shared by every host (Unix sockets, data folders) */
  readonly dir: string;
  ns(host: string): string;
  address(host: string): string;
  spawn(host: string, command: string, args?: readonly string[], opts?: SpawnOptions): ChildProcess;
  run(host: string, command: string, args?: readonly string[], opts?: object): Promise<string>;
  kill(host: string, signal?: NodeJS.Signals): void;
  cut(host: string): Promise<void>;
  restore(host: string): Promise<void>;
  socket(name: string, hosts: string | readonly string[], port: number): Promise<string>;
  open(
    name: string,
    hosts: string | readonly string[],
    port: number,
  ): Promise<{ host: string; port: number; url(scheme?: string): string }>;
  destroy(): Promise<void>;
}

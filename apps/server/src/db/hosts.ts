import pg from 'pg';

/**
 * A primary that may fail over (docs/scaling.md, "High availability"): DATABASE_URL may name several servers, as
 * libpq's multi-host URLs do — `postgres://user@pg1:5432,pg2:5432/beacon` — and every connection Beacon opens (its
 * pool and pg-boss's) goes to the one that accepts writes (`pg_is_in_recovery()` false, libpq's
 * `target_session_attrs=read-write`). When the primary dies and a replica is promoted, the connections that break
 * are replaced by connections to the new primary: no restart, no configuration change. node-postgres takes one host
 * only, so the pool's clients choose theirs as they connect (`FailoverClient`).
 */
export interface PgHost {
  host: string;
  port: number;
}

export interface HostList {
  /** The servers in the order given. */
  hosts: PgHost[];
  /** The URL with the first host only: what node-postgres parses (user, password, database, options). */
  url: string;
  /** The URL of one of the servers. */
  urlOf(host: PgHost): string;
}

const MULTI_HOST = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/;

/** The servers of a multi-host URL; undefined for a URL of one server (the usual case: nothing changes). */
export function parseHostList(url: string): HostList | undefined {
  const m = MULTI_HOST.exec(url);
  if (!m || !m[3]?.includes(',')) return undefined;
  const hosts = m[3].split(',').map((part): PgHost => {
    const hp = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(part.trim());
    if (!hp) throw new Error(`DATABASE_URL: "${part}" is not host or host:port`);
    return { host: hp[1]!.replace(/^\[|\]$/g, ''), port: hp[2] ? Number(hp[2]) : 5432 };
  });
  const urlOf = (h: PgHost) =>
    `${m[1]}${m[2] ?? ''}${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}${m[4]}`;
  return { hosts, url: urlOf(hosts[0]!), urlOf };
}

/** How long a probe or a connection waits for a server that does not answer (a host cut off). */
const CONNECT_TIMEOUT_MS = 3_000;

/** An error the engine and the callers treat as the database being unavailable (class 08), as for a restart. */
function noPrimary(list: HostList, why: string): Error {
  const where = list.hosts.map((h) => `${h.host}:${h.port}`).join(', ');
  return Object.assign(new Error(`no PostgreSQL primary among ${where}: ${why}`), { code: '08001' });
}

/** Which server of a list is the primary: found by asking each in turn, remembered until a connection to it fails. */
class PrimaryFinder {
  private known: PgHost | undefined;
  private finding: Promise<PgHost> | undefined;

  constructor(private readonly list: HostList) {}

  primary(): Promise<PgHost> {
    if (this.known) return Promise.resolve(this.known);
    this.finding ??= this.find().finally(() => (this.finding = undefined));
    return this.finding;
  }

  /** A connection to `host` failed or found it read-only: ask the servers again next time. */
  forget(host: PgHost): void {
    if (this.known === host) this.known = undefined;
  }

  private async find(): Promise<PgHost> {
    const reasons: string[] = [];
    for (const host of this.list.hosts) {
      // (a connection string overrides host and port given beside it)
      const probe = new pg.Client({
        connectionString: this.list.urlOf(host),
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        const { rows } = await probe.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
        if (!rows[0]?.standby) return (this.known = host);
        reasons.push(`${host.host}:${host.port} is a standby`);
      } catch (err) {
        reasons.push(`${host.host}:${host.port}: ${(err as Error).message}`);
      } finally {
        await probe.end().catch(() => undefined);
      }
    }
    throw noPrimary(this.list, reasons.join('; '));
  }
}

/** One finder per host list in the process: the pool and pg-boss learn of a failover together. */
const finders = new Map<string, PrimaryFinder>();

type ClientClass = typeof pg.Client;

/**
 * A pg client class that connects to the list's current primary, and checks it is one (a standby that was chosen
 * before a failover finished is refused, and the finder asks again). For a pool's `Client` option.
 */
export function failoverClient(list: HostList, Base: ClientClass = pg.Client): ClientClass {
  const key = list.hosts.map((h) => `${h.host}:${h.port}`).join(',');
  const finder = finders.get(key) ?? new PrimaryFinder(list);
  finders.set(key, finder);
  class FailoverClient extends Base {
    // the pool calls connect(callback); others await connect()
    override connect(...args: unknown[]): never {
      const callback = args[0] as ((err: Error | null, client?: pg.Client) => void) | undefined;
      const connecting = this.connectToPrimary().then(() => this);
      if (!callback) return connecting as never;
      connecting.then(
        (client) => callback(null, client),
        (err: Error) => callback(err),
      );
      return undefined as never;
    }

    private async connectToPrimary(): Promise<void> {
      const target = await finder.primary();
      const self = this as unknown as { host: string; port: number };
      self.host = target.host;
      self.port = target.port;
      try {
        await (super.connect as unknown as () => Promise<unknown>).call(this);
        const { rows } = await super.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
        if (rows[0]?.standby) throw noPrimary(list, `${target.host}:${target.port} is a standby now`);
      } catch (err) {
        finder.forget(target);
        await this.end().catch(() => undefined);
        throw err;
      }
    }
  }
  return FailoverClient;
}

/**
 * What a pg pool (ours or pg-boss's) is given for DATABASE_URL: the URL itself for one server; for several, the first
 * one's URL and a client class that finds the primary among them. `Base`: the client class to extend.
 */
export function poolTarget(
  url: string,
  Base?: ClientClass,
): { connectionString: string; Client?: ClientClass } {
  const list = parseHostList(url);
  if (!list) return { connectionString: url, ...(Base ? { Client: Base } : {}) };
  return { connectionString: list.url, Client: failoverClient(list, Base) };
}

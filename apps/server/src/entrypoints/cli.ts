import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { buildApp } from '../app';
import { createLogger, openAndMigrate } from './runtime';
import { ProcessesError, resolveProcesses, runCluster } from './cluster';
import { serve } from './serve';
import { worker } from './worker';
import { createDemo } from '../sandbox/demo';
import { SandboxRepository } from '../sandbox/sandbox.repository';
import { checkSkippedIds, DEFAULT_SKIPPED_IDS, skipMessageIds } from '../db/message-ids';

const USAGE = `usage: beacon <command>
  migrate                                   apply the database migrations
  serve [--processes N]                     API, console and background work (npm start); N processes sharing
                                            the port (default: one per core on PostgreSQL with FCM_BASE_URL, else 1)
  api [--processes N]                       API and console only
  worker                                    delivery workers only (needs DATABASE_URL)
  admin create --email E --password P [--level 100|150]
                                            create an administrator, or update its password and level
  demo [--devices N]                        the app "Demo Shop" and its simulated fleet (default 20000 devices)
  restored [--skip-ids N]                   after putting back a copy of the database (a new PostgreSQL timeline
                                            does it by itself): new messages skip N ids (default 100000), none
                                            repeats a lost one's`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  switch (command) {
    case 'migrate': {
      const log = createLogger(config);
      const { database } = await openAndMigrate(config, log);
      await database.close();
      process.stdout.write('migrations applied\n');
      return 0;
    }
    case 'serve':
    case 'api': {
      // a worker of `--processes N` (cluster.ts): its primary migrated and prints the banner
      if (cluster.isWorker) {
        await serve(config, command, { clusterWorker: true });
        return -1;
      }
      let processes: number;
      try {
        const { values } = parseArgs({ args: rest, options: { processes: { type: 'string' } } });
        processes = resolveProcesses(values.processes, config);
      } catch (err) {
        if (!(err instanceof ProcessesError) && !(err instanceof TypeError)) throw err;
        process.stderr.write(`${command}: ${err.message}\n`);
        return 2;
      }
      if (processes > 1) await runCluster(config, command, processes);
      else await serve(config, command);
      return -1;
    }
    case 'worker':
      await worker(config);
      return -1;
    case 'admin': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          level: { type: 'string', default: '100' },
        },
      });
      const email = values.email?.trim().toLowerCase();
      const level = Number(values.level);
      if (positionals[0] !== 'create' || !email || !values.password || (level !== 100 && level !== 150)) {
        process.stderr.write(`${USAGE}\n`);
        return 2;
      }
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        process.stderr.write('admin create: --email must be an e-mail address\n');
        return 2;
      }
      if (values.password.length < 8) {
        process.stderr.write('admin create: --password must have at least 8 characters\n');
        return 2;
      }
      const log = createLogger({ ...config, logLevel: 'warn' });
      const { database } = await openAndMigrate(config, log);
      const { app, services } = await buildApp({ config, database, logger: false });
      const result = await services.users.upsertAdmin(email, values.password, level);
      await app.close();
      await database.close();
      process.stdout.write(`administrator ${email} ${result} (level ${level})\n`);
      return 0;
    }
    case 'demo': {
      const { values } = parseArgs({
        args: rest,
        options: { devices: { type: 'string', default: '20000' } },
      });
      const devices = Number(values.devices);
      if (!Number.isInteger(devices) || devices < 1 || devices > 1_000_000) {
        process.stderr.write('demo: --devices must be a whole number from 1 to 1000000\n');
        return 2;
      }
      const log = createLogger({ ...config, logLevel: 'warn' });
      const { database } = await openAndMigrate(config, log);
      const ctx = await buildApp({ config, database, logger: false });
      const admin = await ctx.services.users.ensureFirstAdmin(
        (config.admin.email ?? 'admin@beacon.local').toLowerCase(),
        config.admin.password,
      );
      if (admin.password)
        process.stdout.write(
          `first super admin created: ${config.admin.email ?? 'admin@beacon.local'} / ${admin.password}\n`,
        );
      const { appId, created } = await createDemo(ctx, new SandboxRepository(database), devices);
      await ctx.app.close();
      await database.close();
      process.stdout.write(
        `${created ? 'created' : 'updated'} the app "Demo Shop" (id ${appId}) with a fleet of ${devices} simulated devices;\n` +
          'they register through the device API and answer messages whenever `beacon serve` runs without FCM_BASE_URL\n',
      );
      return 0;
    }
    case 'restored': {
      const { values } = parseArgs({
        args: rest,
        options: { 'skip-ids': { type: 'string', default: String(DEFAULT_SKIPPED_IDS) } },
      });
      // digits only ('1e3' is no whole number here), then the range's one rule
      const n = /^\d+$/.test(values['skip-ids']) ? Number(values['skip-ids']) : NaN;
      try {
        checkSkippedIds(n);
      } catch (err) {
        process.stderr.write(`restored: --skip-ids ${(err as Error).message}\n`);
        return 2;
      }
      const log = createLogger({ ...config, logLevel: 'warn' });
      const { database } = await openAndMigrate(config, log);
      try {
        const { from, to } = await skipMessageIds(database, n);
        process.stdout.write(
          `new messages start at id ${to} (the restored database would have given ${from})\n`,
        );
      } finally {
        await database.close();
      }
      return 0;
    }
    default:
      process.stderr.write(`${USAGE}\n`);
      return command ? 2 : 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`beacon: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

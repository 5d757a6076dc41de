// npm run beacon -- <command>: the beacon CLI (migrate, serve, api, admin create, …) from the current sources.
import { spawn } from 'node:child_process';
import { buildIfStale, ensureDependencies, root } from './lib/ensure.mjs';

ensureDependencies();
buildIfStale();
const child = spawn(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/cli.mjs', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));

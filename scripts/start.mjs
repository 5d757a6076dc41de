// npm start: install what is missing, build what is stale, then `beacon serve` (which migrates, creates the first
// super admin, seeds the demo on first run and prints the URL and the login).
import { spawn } from 'node:child_process';
import { buildIfStale, ensureDependencies, root, serverNodeFlags } from './lib/ensure.mjs';

ensureDependencies();
buildIfStale();
const child = spawn(
  process.execPath,
  [...serverNodeFlags(), '--enable-source-maps', 'apps/server/dist/cli.mjs', 'serve'],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

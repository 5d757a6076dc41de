// npm run bench -- <name> [args]: runs bench/<name>.ts (each prints its figures and writes bench/results/<name>.json).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root, run, SERVER_NODE_FLAGS } from './lib/ensure.mjs';

ensureDependencies();
const [name, ...args] = process.argv.slice(2);
const available = readdirSync(path.join(root, 'bench'))
  .filter((f) => /^[a-z-]+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''));
if (!name || !existsSync(path.join(root, 'bench', `${name}.ts`))) {
  process.stderr.write(`usage: npm run bench -- <${available.join('|')}> [args]\n`);
  process.exit(2);
}
process.exit(
  run(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join('bench', `${name}.ts`), ...args]),
);

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The repository root, from the source tree (a folder of apps/server/src) or the bundle (apps/server/dist, where
 * esbuild puts every module).
 */
export const repoRoot = path.resolve(here, here.endsWith(`${path.sep}dist`) ? '../../..' : '../../../..');

import path from 'node:path';
import type { Config } from '../config';

/**
 * The warning `beacon serve` and `beacon api` log at start when a production server (NODE_ENV=production) on PGlite
 * (no DATABASE_URL) took its secret key from DATA_DIR/secret.key: the key that decrypts the apps' service-account keys
 * then sits in the same folder as the database holding them, so one copy of the folder gives both. Undefined
 * otherwise (BEACON_SECRET_KEY set, PostgreSQL, or not production).
 */
export function secretKeyWarning(
  config: Pick<Config, 'secretKeySource' | 'databaseUrl' | 'dataDir'>,
  nodeEnv: string | undefined,
): string | undefined {
  if (nodeEnv !== 'production' || config.secretKeySource !== 'file' || config.databaseUrl) return undefined;
  return (
    `BEACON_SECRET_KEY is not set: the secret key is ${path.join(config.dataDir, 'secret.key')}, beside the ` +
    'PGlite database whose service-account keys it encrypts; in production set BEACON_SECRET_KEY from a secret ' +
    'store (docs/operations.md, Security)'
  );
}

import { rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder as a tarball (writePgliteTemplate); absent = start from an empty database. */
    pgliteTemplate: string;
  }
}

/**
 * A migrated PGlite database as a tarball, written once per test run by the global setups: a new PGlite database
 * runs initdb inside WebAssembly (3–5 s of CPU on this machine) and the suites open hundreds; one started from the
 * template takes about 1 s. Returns the file and a function that removes it.
 */
export async function writePgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const database = await openDatabase({});
  await migrate(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const file = path.join(os.tmpdir(), `beacon-pglite-template-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => rmSync(file, { force: true }) };
}

/** The template read once per test file (its databases all start from the same 40 MB), not once per database. */
const read = new Map<string, Promise<Blob>>();

/** A new, empty, migrated PGlite database in memory: from the run's template when there is one. */
export async function openPglite(template: string | undefined): Promise<Database> {
  if (template && !read.has(template))
    read.set(
      template,
      readFile(template).then((b) => new Blob([b])),
    );
  const database = await openDatabase(template ? { loadDataDir: await read.get(template) } : {});
  await migrate(database); // nothing to apply from the template but the current period's partitions
  return database;
}

import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';

/**
 * One process at a time on a PGlite data folder. PGlite is PostgreSQL in single-user mode inside the process: two
 * processes on one folder each keep their own buffers and WAL position, and what one writes the other overwrites
 * (`beacon admin create` run beside `npm start` created an administrator that was gone once the server stopped). So
 * opening a folder takes `<folder>.lock`, holding the process's id and command line, and refuses while another live
 * process holds it. A lock left by a process that is gone (killed, the machine restarted) is taken over.
 */

/** The folders this process has open (a second open in the same process is refused too). */
const openHere = new Set<string>();

interface Holder {
  pid: number;
  cmdline: string;
}

/** The command line of process `pid` as Linux shows it (NUL-separated), or undefined where it cannot be read. */
function cmdlineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether the holder is still running: its process lives and, where Linux shows it, has the same command line. */
function holds(h: Holder): boolean {
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = cmdlineOf(h.pid);
  // the process id taken by another program since (a restarted machine or container reuses small ids)
  return now === undefined || now === h.cmdline;
}

function readHolder(file: string): Holder | undefined {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.cmdline === 'string'
      ? { pid: h.pid, cmdline: h.cmdline }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Locks `dataDir` for this process; returns what releases it. Throws naming the holder when it is in use. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  if (openHere.has(dataDir)) throw new Error(`the database in ${dataDir} is open already in this process`);
  const me: Holder = { pid: process.pid, cmdline: cmdlineOf(process.pid) ?? process.argv.join('\0') };
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      // the same id as this process, which has not opened it: a process before it that had the same id
      if (holder && holder.pid !== process.pid && holds(holder))
        throw new Error(
          `the database in ${dataDir} is in use by process ${holder.pid} (${holder.cmdline.split('\0').filter(Boolean).join(' ')}): ` +
            `stop it first (one process at a time on PGlite). If no Beacon runs on it, delete ${file}.`,
        );
      // moved aside, not deleted: of two processes taking the same stale lock over, one moves it and the other finds
      // it gone (ENOENT) and tries again, so only one of them creates the new one
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        unlinkSync(aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
  }
  openHere.add(dataDir);
  return () => {
    openHere.delete(dataDir);
    try {
      if (readHolder(file)?.pid === process.pid) unlinkSync(file);
    } catch {
      // gone already
    }
  };
}

// Huge pages for a benchmark's PostgreSQL server (openBenchDb in harness.ts): the kernel's reservation, sized from the
// server's shared_buffers, and given back afterwards.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const NR_HUGEPAGES = '/proc/sys/vm/nr_hugepages';

/** `2GB`, `512MB`, `131072kB` as bytes (PostgreSQL's memory units; a bare number is 8 kB pages). */
function pgBytes(setting: string): number {
  const m = /^(\d+)\s*(kB|MB|GB|TB)?$/.exec(setting.trim());
  if (!m) throw new Error(`shared_buffers: cannot read '${setting}'`);
  const unit = { kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }[m[2] as 'kB'] ?? 8192;
  return Number(m[1]) * unit;
}

/** A line of /proc/meminfo as a number (huge page counts; kB for sizes). */
function meminfo(key: string): number {
  const m = new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/meminfo', 'utf8'));
  return m ? Number(m[1]) : 0;
}

/**
 * Huge pages for a benchmark's PostgreSQL server with large shared buffers, as PostgreSQL's documentation advises for
 * such servers ("Linux huge pages"): without them every backend maps the shared buffers 4 kB at a time, and on this VM
 * a backend's first touch of a page costs a page fault of tens of µs — a fresh backend probing 3,000 random devices
 * of 1M took 223 µs a device, the same devices again 33 µs (session 27). Root reserves enough 2 MB pages for
 * `sharedBuffers` (plus 10 % and 64 MB for PostgreSQL's other shared memory: 256 MB of buffers did not start with 10 %
 * alone) and gets `huge_pages=on` (the server refuses to start rather than silently going without);
 * `BENCH_HUGE_PAGES=0`, a non-root run or a kernel without them gets `huge_pages=off`. Returns the settings to add
 * and a function restoring the kernel's reservation.
 */
export function hugePagesFor(sharedBuffers: string): {
  settings: Record<string, string>;
  hugePages: boolean;
  restore(): void;
} {
  const off = { settings: { huge_pages: 'off' }, hugePages: false, restore: () => undefined };
  if (process.env.BENCH_HUGE_PAGES === '0' || process.getuid?.() !== 0 || !existsSync(NR_HUGEPAGES))
    return off;
  const pageKb = meminfo('Hugepagesize') || 2048;
  const need = Math.ceil((pgBytes(sharedBuffers) * 1.1 + 64 * 1024 ** 2) / 1024 / pageKb);
  const before = Number(readFileSync(NR_HUGEPAGES, 'utf8').trim());
  const free = meminfo('HugePages_Free') - meminfo('HugePages_Rsvd');
  try {
    if (free < need) writeFileSync(NR_HUGEPAGES, String(before + need - free));
  } catch {
    return off;
  }
  if (meminfo('HugePages_Free') - meminfo('HugePages_Rsvd') < need) {
    writeFileSync(NR_HUGEPAGES, String(before)); // the kernel found too little contiguous memory
    return off;
  }
  return {
    settings: { huge_pages: 'on' },
    hugePages: true,
    restore: () => {
      try {
        writeFileSync(NR_HUGEPAGES, String(before));
      } catch {
        /* left as it is */
      }
    },
  };
}

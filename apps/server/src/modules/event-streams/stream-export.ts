import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { STREAM_EVENT_TYPES } from '@beacon/shared';
import type { EventStreamsRepository } from './event-streams.repository';

const PAGE = 5000;

/** Where an app's export of `day` is written, under the export folder. */
export const exportFile = (dir: string, appId: number, day: string) =>
  path.join(dir, String(appId), `${day}.ndjson.gz`);

/**
 * The daily export (docs/event-streams.md): for each app with enabled streams, each finished UTC day of the last two
 * not exported yet becomes one gzip NDJSON file (one event a line, the webhook's fields plus `appId`), written to a
 * temporary name and renamed, then listed in stream_exports. Two processes that export the same day write the same
 * file; the rename makes either whole.
 */
export class StreamExport {
  constructor(
    private readonly repo: EventStreamsRepository,
    private readonly dir: string,
  ) {}

  async run(): Promise<void> {
    for (const { appId, day } of await this.repo.exportsDue(2)) await this.exportDay(appId, day);
  }

  async exportDay(appId: number, day: string): Promise<{ events: number; bytes: number; file: string }> {
    const file = exportFile(this.dir, appId, day);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const gz = createGzip();
    const out = gz.pipe(createWriteStream(tmp));
    let events = 0;
    let after = 0;
    for (;;) {
      const page = await this.repo.dayPage(appId, day, after, PAGE);
      if (page.length === 0) break;
      const lines = page.map((e) =>
        JSON.stringify({
          id: e.id,
          appId,
          type: STREAM_EVENT_TYPES[e.type - 1] ?? 'unknown',
          messageId: e.messageId,
          gaid: e.gaid,
          at: e.at,
          ...(e.lossCode === null ? {} : { lossCode: e.lossCode }),
        }),
      );
      if (!gz.write(`${lines.join('\n')}\n`)) await once(gz, 'drain');
      events += page.length;
      after = page[page.length - 1]!.id;
      if (page.length < PAGE) break;
    }
    gz.end();
    await once(out, 'close');
    await rename(tmp, file);
    const bytes = (await stat(file)).size;
    await this.repo.exported(appId, day, events, bytes, file);
    return { events, bytes, file };
  }
}

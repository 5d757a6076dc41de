import { randomBytes } from 'node:crypto';
import {
  ErrorCodes,
  streamMaskOf,
  streamTypesOf,
  type EventStreamSettings,
  type EventStreamStatus,
} from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { SecretBox } from '../../lib/secret-box';
import type { EventStreamsRepository } from './event-streams.repository';

/** A signing secret: `whsec_` and 32 bytes base64url (shown once, stored sealed). */
export const newStreamSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** An app's event streams as the console sets and reads them (docs/event-streams.md). */
export class EventStreamsService {
  constructor(
    private readonly repo: EventStreamsRepository,
    private readonly box: SecretBox,
    private readonly jetstream: boolean,
    /** told when events may be due now (the delivery loop of this process, when it runs one) */
    private readonly kick: () => void = () => undefined,
  ) {}

  async status(appId: number): Promise<EventStreamStatus> {
    const [row, backlog, recentFailures, exports] = await Promise.all([
      this.repo.get(appId),
      this.repo.backlog(appId),
      this.repo.failures(appId),
      this.repo.exports(appId),
    ]);
    const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
    return {
      configured: row !== undefined,
      enabled: row?.enabled ?? false,
      url: row?.url ?? '',
      types: streamTypesOf(row?.types ?? 127),
      maxAgeHours: row?.maxAgeHours ?? 24,
      backlog: backlog.backlog,
      oldestPendingSeconds: backlog.oldest,
      delivered: row?.delivered ?? 0,
      failedPosts: row?.failedPosts ?? 0,
      dropped: row?.dropped ?? 0,
      failures: row?.failures ?? 0,
      nextAttemptAt: row && row.failures > 0 ? iso(row.nextAttemptAt) : null,
      lastSuccessAt: iso(row?.lastSuccessAt),
      recentFailures,
      jetstream: this.jetstream,
      exports: exports.map(({ day, events, bytes }) => ({ day, events, bytes })),
    };
  }

  /** Saves the settings; the first save makes the secret and answers it (this once). */
  async save(
    appId: number,
    s: EventStreamSettings,
  ): Promise<{ status: EventStreamStatus; secret: string | null }> {
    const secret = newStreamSecret();
    const inserted = await this.repo.save(
      appId,
      { enabled: s.enabled, url: s.url, types: streamMaskOf(s.types), maxAgeHours: s.maxAgeHours },
      this.box.seal(secret),
    );
    this.kick();
    return { status: await this.status(appId), secret: inserted ? secret : null };
  }

  async rotate(appId: number): Promise<{ secret: string }> {
    const secret = newStreamSecret();
    if (!(await this.repo.setSecret(appId, this.box.seal(secret)))) throw new ApiError(ErrorCodes.NOT_FOUND);
    return { secret };
  }

  async retry(appId: number): Promise<EventStreamStatus> {
    await this.repo.retryNow(appId);
    this.kick();
    return this.status(appId);
  }

  async replay(appId: number, hours: number): Promise<{ requeued: number }> {
    const requeued = await this.repo.replay(appId, hours);
    this.kick();
    return { requeued };
  }

  /** The file of the app's export of `day`, or a 404. */
  async exportFile(appId: number, day: string): Promise<string> {
    const hit = (await this.repo.exports(appId)).find((x) => x.day === day);
    if (!hit) throw new ApiError(ErrorCodes.NOT_FOUND);
    return hit.file;
  }
}

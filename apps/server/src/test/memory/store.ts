import { createHash } from 'node:crypto';
import type { AbWinnerSettings, Condition, NationalAttributes } from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { AB_BUCKETS, abBucketSql, type WaveStatus } from '../../delivery/engine';
import type { AuditEntry } from '../../platform/audit-log';
import type { AbDecision } from '../../modules/ab-tests';
import type { AppRecord } from '../../modules/apps';
import type { MessageRecord } from '../../modules/messages';

/**
 * A `messages` row as the in-memory repositories keep it: the MessageRecord the reads return, and the columns the
 * writes set that no MessageRecord carries (migrations 0020 A/B tests, journeys, review).
 */
export interface MemoryMessageRow extends Omit<MessageRecord, 'targetLabels'> {
  ownerId: number;
  deleted: boolean;
  groupPercent: number | null;
  splitSeed: number | null;
  splitFrom: number | null;
  splitTo: number | null;
  abAllSent: boolean;
  abWinner: AbWinnerSettings | null;
  abDecision: AbDecision | null;
  abRounds: number;
  abRound: number;
  journeyGated: boolean;
  displayConditions: unknown;
  position: unknown;
  enteredAt: Date | null;
  dueAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
  materialCountries: NationalAttributes | null;
}

export interface MemoryDevice {
  id: number;
  appId: number;
  gaid: string;
  utcOffsetMin: number;
}

export interface MemoryWave {
  id: number;
  messageId: number;
  utcOffsetMin: number | null;
  runAt: Date;
  status: WaveStatus;
}

/** A device's A/B bucket as abBucketSql computes it: the first 31 bits of md5("seed:deviceId") modulo 10,000. */
export function abBucket(seed: number, deviceId: number): number {
  const hex = createHash('md5').update(`${seed}:${deviceId}`).digest('hex').slice(0, 8);
  return (parseInt(hex, 16) & 0x7fffffff) % AB_BUCKETS;
}

/** What the store's rows are copied as: a read or a write never shares objects with the caller (jsonb does not). */
export const copy = <T>(value: T): T => structuredClone(value);

/**
 * The tables the in-memory repositories share (src/test/memory): one `messages` table, as in the database, read and
 * written by the messages, A/B test, journey and review repositories; the devices an audience counts; the waves
 * planned; user groups, tags, apps and the audit rows of review decisions. Ids are issued in order, as bigserial does.
 */
export class MemoryStore {
  readonly messages = new Map<number, MemoryMessageRow>();
  readonly devices: MemoryDevice[] = [];
  readonly waves: MemoryWave[] = [];
  readonly userGroups = new Map<number, { appId: number; conditions: Condition[] }>();
  readonly tags = new Map<number, { appId: number; flag: string }>();
  readonly apps = new Map<number, AppRecord>();
  readonly audit: AuditEntry[] = [];
  /** the app's last 30 days' sends (stat_app_day_totals), what a journey's later steps are projected from */
  readonly rates = new Map<number, { push: number; dispatch: number; show: number; click: number }>();
  private ids = { message: 0, device: 0, wave: 0, group: 0, tag: 0 };

  /** `now()` of the database: when a row is created or updated. */
  constructor(readonly now: () => Date = () => new Date()) {}

  nextMessageId(): number {
    return ++this.ids.message;
  }

  nextWaveId(): number {
    return ++this.ids.wave;
  }

  addApp(app: AppRecord): AppRecord {
    this.apps.set(app.id, app);
    return app;
  }

  /** Devices of the app with the given advertising ids (lower case, as the uuid column returns them). */
  addDevices(appId: number, gaids: readonly string[], utcOffsetMin = 60): MemoryDevice[] {
    const added = gaids.map((gaid) => ({
      id: ++this.ids.device,
      appId,
      gaid: gaid.toLowerCase(),
      utcOffsetMin,
    }));
    this.devices.push(...added);
    return added;
  }

  addUserGroup(appId: number, conditions: Condition[]): number {
    const id = ++this.ids.group;
    this.userGroups.set(id, { appId, conditions: copy(conditions) });
    return id;
  }

  addTag(appId: number, flag: string): number {
    const id = ++this.ids.tag;
    this.tags.set(id, { appId, flag });
    return id;
  }

  /** The row of `id` whatever its state (an UPDATE … WHERE id = $1 sees deleted rows too). */
  row(id: number): MemoryMessageRow | undefined {
    return this.messages.get(id);
  }

  /** Rows in id order, as ORDER BY m.id. */
  rows(where: (m: MemoryMessageRow) => boolean): MemoryMessageRow[] {
    return [...this.messages.values()].filter(where).sort((a, b) => a.id - b.id);
  }

  /** TARGET_LABELS_COLUMN: the labels of its own conditions (type 1) or of its user group's (type 3). */
  targetLabels(m: MemoryMessageRow): string[] {
    const conditions =
      m.targetingType === 1
        ? m.conditions
        : m.targetingType === 3 && m.groupId !== null
          ? this.userGroups.get(m.groupId)?.appId === m.appId
            ? this.userGroups.get(m.groupId)?.conditions
            : []
          : [];
    return (conditions ?? []).map((c) => c.label);
  }

  /** A row as MESSAGE_COLUMNS selects it. */
  record(m: MemoryMessageRow): MessageRecord {
    return copy({
      id: m.id,
      appId: m.appId,
      msgType: m.msgType,
      status: m.status,
      title: m.title,
      ownerEmail: m.ownerEmail,
      data: m.data,
      targetingType: m.targetingType,
      conditions: m.conditions,
      groupId: m.groupId,
      userIds: m.userIds,
      fileOrigin: m.fileOrigin,
      fileLink: m.fileLink,
      pushCount: m.pushCount,
      targetCount: m.targetCount,
      scheduleType: m.scheduleType,
      scheduleLocal: m.scheduleLocal,
      scheduleAt: m.scheduleAt,
      scheduleUtc: m.scheduleUtc,
      ttlSeconds: m.ttlSeconds,
      speedLimit: m.speedLimit,
      restrictType: m.restrictType,
      displayPrior: m.displayPrior,
      multiLangEnable: m.multiLangEnable,
      multiLangContent: m.multiLangContent,
      materialId: m.materialId,
      parentMsgId: m.parentMsgId,
      groupTag: m.groupTag,
      appGroupId: m.appGroupId,
      appGroupParentId: m.appGroupParentId,
      rejectReason: m.rejectReason,
      createdAt: m.createdAt,
      dispatchCount: m.dispatchCount,
      lostCount: m.lostCount,
      reachCount: m.reachCount,
      showCount: m.showCount,
      clickCount: m.clickCount,
      conversionCount: m.conversionCount,
      selectedCount: m.selectedCount,
      forecast: m.forecast,
      contentCreateType: m.contentCreateType,
      controlShare: m.controlShare,
      holdoutShare: m.holdoutShare,
      targetLabels: this.targetLabels(m),
    });
  }

  /** Moves a row to `status` only from one of `from` (MessageWriter.setStatus): false when it was elsewhere. */
  setStatus(id: number, status: number, from?: readonly number[]): boolean {
    const m = this.row(id);
    if (!m || (from && !from.includes(m.status))) return false;
    m.status = status;
    m.updatedAt = this.now();
    return true;
  }

  /**
   * The devices of a compiled audience (delivery/engine audienceOf), for the shapes audienceOf builds without
   * conditions: the app's devices (`d.app_id = $1`), the listed advertising ids, an A/B slice by bucket and one UTC
   * offset. Conditions, file lists and journey members are SQL this store does not evaluate: such an audience throws,
   * and its test belongs with the database tests.
   */
  audienceDevices(audience: CompiledAudience): MemoryDevice[] {
    const { params } = audience;
    let rest = audience.sql;
    const base = `${audience.alias}.app_id = $1`;
    if (!rest.startsWith(base)) throw new Error(`in-memory audience: not an app's audience: ${audience.sql}`);
    rest = rest.slice(base.length);
    const appId = Number(params[0]);
    const filters: Array<(d: MemoryDevice) => boolean> = [(d) => d.appId === appId];
    while (rest !== '') {
      let m = /^ AND d\.gaid = ANY\(\$(\d+)::uuid\[\]\)/.exec(rest);
      if (m) {
        const listed = new Set((params[Number(m[1]) - 1] as string[]).map((g) => g.toLowerCase()));
        filters.push((d) => listed.has(d.gaid));
        rest = rest.slice(m[0].length);
        continue;
      }
      m = /^ AND \(\(\('x' \|\| substr\(md5\(\$(\d+)::bigint/.exec(rest);
      if (m) {
        const n = Number(m[1]);
        const bucket = abBucketSql(`${audience.alias}.id`, `$${n}::bigint`);
        const slice = ` AND ${bucket} >= $${n + 1}::int AND ${bucket} < $${n + 2}::int`;
        if (!rest.startsWith(slice)) throw new Error(`in-memory audience: an unknown slice: ${rest}`);
        const [seed, from, to] = [params[n - 1], params[n], params[n + 1]].map(Number) as [
          number,
          number,
          number,
        ];
        filters.push((d) => {
          const b = abBucket(seed, d.id);
          return b >= from && b < to;
        });
        rest = rest.slice(slice.length);
        continue;
      }
      m = /^ AND d\.utc_offset_min = \$(\d+)::smallint/.exec(rest);
      if (m) {
        const offset = Number(params[Number(m[1]) - 1]);
        filters.push((d) => d.utcOffsetMin === offset);
        rest = rest.slice(m[0].length);
        continue;
      }
      throw new Error(`in-memory audience: SQL it does not evaluate (a database test's): ${rest}`);
    }
    return this.devices.filter((d) => filters.every((f) => f(d))).sort((a, b) => a.id - b.id);
  }
}

/** A new row's columns the insert does not name: their defaults (migrations). */
export function newRowDefaults(now: Date) {
  return {
    deleted: false,
    groupTag: null,
    groupPercent: null,
    splitSeed: null,
    splitFrom: null,
    splitTo: null,
    abAllSent: false,
    abWinner: null,
    abDecision: null,
    abRounds: 1,
    abRound: 0,
    journeyGated: false,
    displayConditions: null,
    position: null,
    enteredAt: null,
    dueAt: null,
    startedAt: null,
    finishedAt: null,
    appGroupId: null,
    appGroupParentId: null,
    rejectReason: '',
    createdAt: now,
    updatedAt: now,
    dispatchCount: 0,
    lostCount: 0,
    reachCount: 0,
    showCount: 0,
    clickCount: 0,
    conversionCount: 0,
    selectedCount: 0,
  } as const;
}

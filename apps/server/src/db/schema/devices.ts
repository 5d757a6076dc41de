import {
  bigint,
  customType,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apps } from './apps';

export const devices = pgTable(
  'devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    gaid: uuid('gaid').notNull(),
    country: text('country').notNull(),
    language: text('language').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    osVersion: smallint('os_version').notNull(),
    appVersion: text('app_version').notNull(),
    appVersionCode: integer('app_version_code').notNull(),
    operator: text('operator').notNull().default(''),
    timezone: text('timezone').notNull(),
    utcOffsetMin: smallint('utc_offset_min').notNull(),
    /** the learned best local hour (migration 0040, @beacon/shared best-hour.ts); null: too little history */
    bestHour: smallint('best_hour'),
    /** the device's current user (migration 0042, app_users); null: none */
    userId: bigint('user_id', { mode: 'number' }),
    notificationsEnabled: boolean('notifications_enabled').notNull(),
    status: smallint('status').notNull().default(1),
    invalidReason: smallint('invalid_reason').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    appActiveAt: timestamp('app_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_app_gaid_key').on(t.appId, t.gaid),
    index('devices_app_country_idx').on(t.appId, t.country),
    index('devices_app_active_idx').on(t.appId, t.lastActiveAt),
    index('devices_app_offset_idx').on(t.appId, t.utcOffsetMin),
  ],
);

export const deviceTokens = pgTable('device_tokens', {
  deviceId: bigint('device_id', { mode: 'number' })
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// partitioned by RANGE (message_id) since 0027, one partition per week's block of message ids (db/partitions.ts)
export const sendRecords = pgTable(
  'send_records',
  {
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    // no foreign key since 0015 (a device's records go with it by a trigger on devices)
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    outcome: smallint('outcome').notNull().default(0),
    lossCode: smallint('loss_code').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    /** FCM's message name as text: the records written before migration 0039 */
    fcmName: text('fcm_name'),
    /** FCM's message name packed against the app's Firebase project (migration 0039; delivery/engine/kinds.ts) */
    fcmId: bytea('fcm_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** NULL for a record with a place in its message's event pages (`ev`, migration 0060): its bits are there */
    eventMask: smallint('event_mask').default(0),
    /** the bits the latest events newly set (migration 0028: read back by the UPDATE that sets them) */
    newBits: smallint('new_bits').default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    shownAt: timestamp('shown_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    showFailedReason: smallint('show_failed_reason'),
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** its batch; NULL once its batch dispatches it (migration 0062: counted in message_batches.dispatched instead) */
    batchId: bigint('batch_id', { mode: 'number' }),
    /** its place in its message's event pages (page ev >> 6, slot ev & 63; migration 0060), NULL: events on itself */
    ev: integer('ev'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.deviceId] }),
    index('send_records_device_idx').on(t.deviceId),
  ],
);

/** A device's shows and clicks by the local hour its messages reached it (migration 0040, best-hour.ts). */
export const deviceHours = pgTable('device_hours', {
  deviceId: bigint('device_id', { mode: 'number' })
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  counts: integer('counts').array().notNull(),
  total: integer('total').notNull(),
});

/** An app's shows and clicks by local hour: the best hour of its devices with too little history (migration 0040). */
export const appHours = pgTable(
  'app_hours',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    hour: smallint('hour').notNull(),
    weight: bigint('weight', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hour] })],
);

/** An app's users (migration 0042): named by the app's external id, or anonymous (one device's, external id null). */
export const appUsers = pgTable(
  'app_users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_users_app_idx').on(t.appId, t.id)],
);

/** An app's attribute definitions (migration 0042): the type fixed by the first write. */
export const appAttributes = pgTable(
  'app_attributes',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: smallint('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastWrittenAt: timestamp('last_written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] })],
);

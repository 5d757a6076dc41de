import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { users } from './users';

/** Messages; the delivery engine reads and writes them with set-based SQL (messages.repository, delivery/engine). */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    msgType: smallint('msg_type').notNull(),
    status: smallint('status').notNull(),
    title: text('title').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ownerEmail: text('owner_email').notNull(),
    data: jsonb('data').notNull(),
    targetingType: smallint('targeting_type').notNull(),
    conditions: jsonb('conditions').notNull().default([]),
    groupId: integer('group_id'),
    userIds: text('user_ids').array().notNull().default([]),
    fileOrigin: text('file_origin').notNull().default(''),
    fileLink: text('file_link').notNull().default(''),
    pushCount: integer('push_count').notNull(),
    targetCount: integer('target_count').notNull().default(0),
    scheduleType: smallint('schedule_type').notNull(),
    scheduleLocal: text('schedule_local'),
    scheduleAt: timestamp('schedule_at', { withTimezone: true }),
    scheduleUtc: text('schedule_utc').notNull().default('+0000'),
    ttlSeconds: integer('ttl_seconds').notNull(),
    /** the next place in its event pages a dispatched send takes (migration 0060; BatchRepository.record) */
    evNext: integer('ev_next').notNull().default(0),
    speedLimit: integer('speed_limit').notNull().default(0),
    restrictType: smallint('restrict_type').notNull().default(1),
    displayPrior: smallint('display_prior'),
    multiLangEnable: boolean('multi_lang_enable').notNull().default(false),
    multiLangContent: jsonb('multi_lang_content').notNull().default([]),
    materialId: bigint('material_id', { mode: 'number' }),
    parentMsgId: bigint('parent_msg_id', { mode: 'number' }),
    rejectReason: text('reject_reason').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    selectedCount: integer('selected_count').notNull().default(0),
    dispatchCount: integer('dispatch_count').notNull().default(0),
    lostCount: integer('lost_count').notNull().default(0),
    contentCreateType: smallint('content_create_type').notNull().default(0),
    reachCount: integer('reach_count').notNull().default(0),
    showCount: integer('show_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    dismissCount: integer('dismiss_count').notNull().default(0),
    showFailCount: integer('show_fail_count').notNull().default(0),
    recalledCount: integer('recalled_count').notNull().default(0),
    /** deliveries won back by missed-push recovery (migration 0038) */
    recoveredCount: integer('recovered_count').notNull().default(0),
    conversionCount: integer('conversion_count').notNull().default(0),
    /** The forecast before send (MessageForecast of @beacon/shared), stored at save; null before 0018 and for previews. */
    forecast: jsonb('forecast'),
    /** best hour (migration 0040): the control share (%), and what the plan fixed for its waves */
    controlShare: smallint('control_share').notNull().default(0),
    bestFallbackHour: smallint('best_fallback_hour'),
    bestStartMin: smallint('best_start_min'),
    /** a transactional send (migration 0044): the message whose content it sent; not listed among the messages */
    transactionalOf: bigint('transactional_of', { mode: 'number' }),
  },
  (t) => [index('messages_app_idx').on(t.appId, t.msgType, t.id)],
);

export const messageWaves = pgTable('message_waves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: bigint('message_id', { mode: 'number' })
    .notNull()
    .references(() => messages.id, { onDelete: 'cascade' }),
  utcOffsetMin: smallint('utc_offset_min'),
  /** a best-hour wave (migration 0040): -1 the control group, else its devices' minutes after the plan's start */
  bestMinutes: smallint('best_minutes'),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  status: smallint('status').notNull().default(0),
  cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
  selected: integer('selected').notNull().default(0),
});

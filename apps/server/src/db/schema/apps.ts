import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ControlGroup, PushRecovery, WindowCaps } from '@beacon/shared';
import { users } from './users';

export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    pkg: text('pkg').notNull(),
    description: text('description').notNull().default(''),
    logo: text('logo').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id),
    appKey: text('app_key').notNull(),
    appSecretEnc: text('app_secret_enc').notNull(),
    firebaseJsonEnc: text('firebase_json_enc'),
    firebaseProjectId: text('firebase_project_id').notNull().default(''),
    firebaseClientEmail: text('firebase_client_email').notNull().default(''),
    firebaseJsonName: text('firebase_json_name').notNull().default(''),
    reviewEnable: boolean('review_enable').notNull().default(false),
    materialReviewEnable: boolean('material_review_enable').notNull().default(false),
    advanceTarget: boolean('advance_target').notNull().default(false),
    limitEnable: boolean('limit_enable').notNull().default(false),
    limitCount: integer('limit_count').notNull().default(0),
    /** its Firebase project's FCM quota, messages a minute, shared by every sender (migration 0031) */
    fcmQuotaPerMin: integer('fcm_quota_per_min').notNull().default(600_000),
    /** frequency caps over any window per message kind (migration 0034; @beacon/shared WindowCaps) */
    windowCaps: jsonb('window_caps').$type<WindowCaps>().notNull().default({ notification: [], cross: [] }),
    /** missed-push recovery: on or off and its bounds (migration 0038; @beacon/shared PushRecovery) */
    pushRecovery: jsonb('push_recovery')
      .$type<PushRecovery>()
      .notNull()
      .default({ enabled: false, maxAgeHours: 12, maxCount: 3 }),
    /** the global control group: its share of devices and whether transactional sends reach it (migration 0052) */
    controlGroup: jsonb('control_group')
      .$type<ControlGroup>()
      .notNull()
      .default({ share: 0, exceptTransactional: true }),
    wifiReportTime: integer('wifi_report_time').notNull().default(6),
    mobileReportTime: integer('mobile_report_time').notNull().default(2),
    uploadFileLimit: integer('upload_file_limit').notNull().default(30),
    multiLangEnable: boolean('multi_lang_enable').notNull().default(false),
    localTimeEnable: boolean('local_time_enable').notNull().default(false),
    newDeviceProtection: boolean('new_device_protection').notNull().default(false),
    /** days without activity after which a device is stale (loss 111), 0 off (migration 0037; @beacon/shared TokenHygiene) */
    staleDays: smallint('stale_days').notNull().default(0),
    displayPriorityEnable: boolean('display_priority_enable').notNull().default(false),
    linksEnable: boolean('links_enable').notNull().default(true),
    commercialEnable: boolean('commercial_enable').notNull().default(false),
    destroy: smallint('destroy').notNull().default(0),
    notiSmallIcon: text('noti_small_icon').notNull().default(''),
    notiSmallIconColor: text('noti_small_icon_color').notNull().default(''),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('apps_pkg_key').on(t.pkg), uniqueIndex('apps_app_key_key').on(t.appKey)],
);

/** The Firebase projects an app had before its current one, each until it ended (migration 0039, a trigger on apps). */
export const appFcmProjects = pgTable(
  'app_fcm_projects',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    project: text('project').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.until] })],
);

export const appMembers = pgTable(
  'app_members',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ulevel: integer('ulevel').notNull(),
    status: smallint('status').notNull().default(0),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_members_app_email_key').on(t.appId, t.email),
    index('app_members_user_idx').on(t.userId),
  ],
);

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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { apps } from './apps';
import { users } from './users';

/**
 * The material library (0023_materials.sql, docs/materials.md); modules/materials reads and writes it with SQL.
 * Rows are never deleted: status 100 is a permanent delete.
 */
export const materials = pgTable(
  'materials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    materialType: smallint('material_type').notNull(),
    title: text('title').notNull(),
    attribute: text('attribute').notNull().default(''),
    data: jsonb('data').notNull(),
    multiLangEnable: boolean('multi_lang_enable').notNull().default(false),
    multiLangContent: jsonb('multi_lang_content').notNull().default([]),
    pushCountrySet: text('push_country_set').array().notNull().default([]),
    notPushCountrySet: text('not_push_country_set').array().notNull().default([]),
    contentCreateType: smallint('content_create_type').notNull().default(0),
    createType: smallint('create_type').notNull(),
    status: smallint('status').notNull(),
    statusBeforeDelete: smallint('status_before_delete'),
    rejectReason: text('reject_reason').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ownerEmail: text('owner_email').notNull(),
    msgId: bigint('msg_id', { mode: 'number' }),
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('materials_list_idx').on(t.appId, t.materialType, t.status, t.createdAt.desc()),
    uniqueIndex('materials_live_content_idx')
      .on(t.appId, t.materialType, t.contentHash)
      .where(sql`status IN (1, 3, 4)`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Condition } from '@beacon/shared';
import { apps } from './apps';
import { devices } from './devices';

export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    conditions: jsonb('conditions').$type<Condition[]>().notNull(),
    open: boolean('open').notNull().default(true),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_groups_app_name_key').on(t.appId, sql`lower(${t.name})`)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    flag: text('flag').$type<'LABEL' | 'GROUP'>().notNull(),
    ownerEmail: text('owner_email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_app_code_key').on(t.appId, sql`lower(${t.code})`)],
);

export const deviceTags = pgTable(
  'device_tags',
  {
    deviceId: bigint('device_id', { mode: 'number' })
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    appId: integer('app_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.tagId] }),
    index('device_tags_tag_idx').on(t.tagId, t.deviceId),
  ],
);

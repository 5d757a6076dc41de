import { boolean, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { users } from './users';

/** Migration 0010: global settings, per-user daily limits, sensitive words and admin alerts. */
export const globalSettings = pgTable('global_settings', {
  id: smallint('id').primaryKey().default(1),
  limitSwitch: boolean('limit_switch').notNull().default(true),
  tagSwitch: boolean('tag_switch').notNull().default(true),
  timezone: text('timezone').notNull().default('+00:00'),
  dayTime: text('day_time').notNull().default('00:00'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const globalRestricts = pgTable('global_restricts', {
  option: text('option').primaryKey(),
  enable: boolean('enable').notNull().default(false),
  number: integer('number').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sensitiveWords = pgTable('sensitive_words', {
  id: serial('id').primaryKey(),
  appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
  word: text('word').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const alerts = pgTable('alerts', {
  id: serial('id').primaryKey(),
  appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  severity: text('severity').notNull(),
  params: jsonb('params').notNull().default({}),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(1),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
});

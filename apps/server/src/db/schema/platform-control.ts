import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { users } from './users';

/** Migration 0009: phone-model shielding, its market country lists, app control lists and the policy audit log. */
export const modelControlEntries = pgTable(
  'model_control_entries',
  {
    id: serial('id').primaryKey(),
    shieldType: smallint('shield_type').notNull(),
    tier: smallint('tier').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    protectDefault: smallint('protect_default').notNull(),
    protectNewMarket: smallint('protect_new_market').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('model_control_entries_key').on(t.shieldType, t.brand, t.model)],
);

export const modelControlCountries = pgTable('model_control_countries', {
  country: text('country').primaryKey(),
  market: smallint('market').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const modelControlUploads = pgTable('model_control_uploads', {
  id: uuid('id').primaryKey(),
  shieldType: smallint('shield_type').notNull(),
  rows: jsonb('rows').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appControlEntries = pgTable(
  'app_control_entries',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    controlType: smallint('control_type').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_control_entries_key').on(t.controlType, t.appId)],
);

export const policyAudit = pgTable(
  'policy_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    area: text('area').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policy_audit_at_idx').on(t.at, t.id), index('policy_audit_area_at_idx').on(t.area, t.at)],
);

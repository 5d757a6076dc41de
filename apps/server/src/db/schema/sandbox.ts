import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps';

export const sandboxFleets = pgTable('sandbox_fleets', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  deviceCount: integer('device_count').notNull(),
  seed: integer('seed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

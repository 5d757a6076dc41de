import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Sealed service-account JSON uploads waiting to be attached to an app (migration 0004). */
export const firebaseUploads = pgTable('firebase_uploads', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  jsonEnc: text('json_enc').notNull(),
  projectId: text('project_id').notNull(),
  clientEmail: text('client_email').notNull(),
  name: text('name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { users } from './users';

/** A GAID list of file targeting (migration 0012): usable by a message only once `ready`. */
export const messageGaidUploads = pgTable(
  'message_gaid_uploads',
  {
    id: uuid('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** 6 uploaded file, 7 file link */
    source: smallint('source').notNull(),
    name: text('name').notNull().default(''),
    link: text('link').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    gaidCount: integer('gaid_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    ready: boolean('ready').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_gaid_uploads_app_idx').on(t.appId, t.createdAt)],
);

/** The advertising ids of a list, one row each (deduplicated by the key). */
export const messageGaidLists = pgTable(
  'message_gaid_lists',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => messageGaidUploads.id, { onDelete: 'cascade' }),
    gaid: uuid('gaid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.gaid] })],
);

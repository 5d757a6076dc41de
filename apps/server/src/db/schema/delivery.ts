import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { messages, messageWaves } from './messages';

/** Delivery batches (migration 0014): one device-id range of a wave (kind 1) or of a message's send records (kind 2). */
export const messageBatches = pgTable(
  'message_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    waveId: bigint('wave_id', { mode: 'number' }).references(() => messageWaves.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
    kind: smallint('kind').notNull(),
    fromId: bigint('from_id', { mode: 'number' }).notNull(),
    toId: bigint('to_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }),
    resolved: boolean('resolved').notNull().default(false),
    /** its sends dispatched whose records left batch_id NULL (migration 0062): selectedInBatch counts them here */
    dispatched: integer('dispatched').notNull().default(0),
  },
  (t) => [
    index('message_batches_open_idx').on(t.messageId),
    uniqueIndex('message_batches_wave_seq_key').on(t.waveId, t.seq),
  ],
);

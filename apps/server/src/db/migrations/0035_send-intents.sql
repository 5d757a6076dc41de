-- Send intents (issue 31 §8, docs/scaling.md "Exactly once"): the devices of a page granted for sending are written
-- before their FCM requests as ONE row per page (their ids as an array, and when their receipts are due), no longer as
-- one send record in flight (outcome 4) per device that the result then updated. That update changed `outcome` and
-- `sent_at` — both indexed (send_records_pending_idx's predicate, send_records_device_sent_idx) — so it was never HOT:
-- two heap tuples and five index entries per send (PostgreSQL CPU per message at 300k devices: 47 µs; 37 after). Now
-- the result is the send record's only write. A run that does not finish (its worker died, lost the database or its lease) leaves its
-- intents; the run that takes the batch over turns the devices of its intents that have no send record into sends in
-- flight (outcome 4, due at the intent's due time) and resolves them by their receipts, as before. A batch done drops
-- its intents.
CREATE TABLE send_intents (
  id bigserial PRIMARY KEY,
  batch_id bigint NOT NULL REFERENCES message_batches (id) ON DELETE CASCADE,
  message_id bigint NOT NULL,
  device_ids bigint[] NOT NULL,
  due_at timestamptz NOT NULL
);
CREATE INDEX send_intents_batch_idx ON send_intents (batch_id);
CREATE INDEX send_intents_message_idx ON send_intents (message_id);

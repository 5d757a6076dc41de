-- Delivery batches (DESIGN §5 Dispatch): a wave splits its audience into device-id ranges, one batch each, sent by
-- parallel dispatch jobs that select, filter, send and record in one pass. A batch is held by one worker at a time
-- (lease); it stays open while any of its devices waits (banned local-time window, FCM retry), so the message stays
-- "sending" until they are sent. Kind 1 resolves the audience of its wave in its range; kind 2 sends the send records
-- already written for its message in its range (recall).
CREATE TABLE message_batches (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  wave_id bigint REFERENCES message_waves (id) ON DELETE CASCADE,
  seq integer NOT NULL DEFAULT 0,
  kind smallint NOT NULL,
  from_id bigint NOT NULL,
  to_id bigint NOT NULL,
  -- 0 open, 1 done, 2 cancelled
  status smallint NOT NULL DEFAULT 0,
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  -- selected devices granted to this batch under the message's push count
  reserved integer NOT NULL DEFAULT 0,
  -- the earliest time one of its waiting devices may be sent (null: none waits)
  not_before timestamptz,
  -- its audience range has been read to the end (what is left are waiting send records)
  resolved boolean NOT NULL DEFAULT false
);
CREATE INDEX message_batches_open_idx ON message_batches (message_id) WHERE status = 0;
CREATE UNIQUE INDEX message_batches_wave_seq_key ON message_batches (wave_id, seq);

-- a device waiting for its send (banned window, retry backoff): not before this time; and the batch it belongs to
ALTER TABLE send_records ADD COLUMN not_before timestamptz;
ALTER TABLE send_records ADD COLUMN batch_id bigint;

-- Event streams out (issue 34 §3): the events one statement writes together are one row. An engine's result write
-- queued a row per send (with its two index entries, later its deletion and vacuum): about half of what streams cost
-- the send path. Now a row holds up to 500 events of one app, type and message — the devices in `device_ids`, a lost
-- send's code at the same place in `loss_codes` — and the row's `id` is its first event's id: the events are id,
-- id + 1, …, id + n − 1 (the sequence steps by 500, so ids stay unique and increasing in the order written, and the
-- ids of the events written before this migration do not change). The cursor is still (xid, id): posts take whole rows.

ALTER TABLE stream_events ADD COLUMN device_ids bigint[], ADD COLUMN loss_codes smallint[];
UPDATE stream_events SET device_ids = ARRAY[device_id],
  loss_codes = CASE WHEN loss_code IS NULL THEN NULL ELSE ARRAY[loss_code] END;
ALTER TABLE stream_events DROP COLUMN device_id, DROP COLUMN loss_code,
  ALTER COLUMN device_ids SET NOT NULL,
  ADD CONSTRAINT stream_events_set_size CHECK (cardinality(device_ids) BETWEEN 1 AND 500),
  ADD CONSTRAINT stream_events_loss_codes CHECK (loss_codes IS NULL OR cardinality(loss_codes) = cardinality(device_ids)),
  -- the events a row holds, for the backlog and the batches' running totals without reading its arrays
  ADD COLUMN n integer GENERATED ALWAYS AS (cardinality(device_ids)) STORED;
ALTER SEQUENCE stream_events_id_seq INCREMENT BY 500;
DROP INDEX stream_events_cursor_idx;
CREATE INDEX stream_events_cursor_idx ON stream_events (app_id, xid, id) INCLUDE (n);
-- a full row (500 device ids and their codes, ≈ 5 kB) stays in its heap page, uncompressed: TOAST would compress it
-- and write it to the TOAST table and its index, for a row read once
ALTER TABLE stream_events SET (toast_tuple_target = 8160);

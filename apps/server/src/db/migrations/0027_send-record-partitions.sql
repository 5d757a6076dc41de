-- Retention (issue 17 item 3, docs/operations.md "Retention"): send records and the stray device events are
-- partitioned by RANGE (message_id), and message ids follow time. Each partition covers one block of message ids
-- handed out during one period (a UTC week); db/partitions.ts keeps the partitions of the current and the next period,
-- moves the messages' id sequence to the start of each period's block when the period begins, and drops the
-- partitions whose period ended more than BEACON_RETENTION_DAYS ago. The primary keys keep their columns (both hold
-- message_id, the partition key), so every lookup and ON CONFLICT by message id stays as it was and reads one partition.

-- One row per block of message ids: the partitions of both tables that hold it are send_records_<suffix> and
-- stat_stray_events_<suffix>. lo NULL is MINVALUE (the legacy block: every message before this migration).
CREATE TABLE message_id_blocks (
  hi bigint PRIMARY KEY,
  lo bigint,
  -- the period whose new messages take their ids from this block (NULL for the legacy block)
  period_start timestamptz UNIQUE,
  -- when ids stopped coming from it: the next period's start (the legacy block: this migration)
  period_end timestamptz NOT NULL,
  suffix text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- its partitions were dropped (retention): troubleshooting says "beyond retention" for its messages
  dropped_at timestamptz
);

DO $$
DECLARE
  -- the ids of one period's block (db/partitions.ts BLOCK_IDS): the legacy block ends at the next multiple of it
  block constant bigint := 1000000;
  seq text := pg_get_serial_sequence('messages', 'id');
  next_id bigint;
  h bigint;
BEGIN
  EXECUTE format('SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END FROM %s', seq) INTO next_id;
  SELECT GREATEST(next_id, COALESCE(max(id) + 1, 1)) INTO next_id FROM messages;
  h := ((next_id - 1) / block + 1) * block;
  INSERT INTO message_id_blocks (hi, lo, period_start, period_end, suffix) VALUES (h, NULL, NULL, now(), 'legacy');

  -- send_records: the table becomes the legacy partition, its indexes attached to the parent's (no rebuild)
  ALTER TABLE send_records RENAME TO send_records_legacy;
  ALTER INDEX send_records_pkey RENAME TO send_records_legacy_pkey;
  ALTER INDEX send_records_device_sent_idx RENAME TO send_records_legacy_device_sent_idx;
  ALTER INDEX send_records_pending_idx RENAME TO send_records_legacy_pending_idx;
  CREATE TABLE send_records (LIKE send_records_legacy INCLUDING DEFAULTS) PARTITION BY RANGE (message_id);
  ALTER TABLE send_records ADD PRIMARY KEY (message_id, device_id);
  CREATE INDEX send_records_device_sent_idx ON send_records (device_id, sent_at);
  CREATE INDEX send_records_pending_idx ON send_records (message_id, device_id) WHERE outcome IN (0, 4);
  -- the catch-all: an insert never fails for want of a partition (ids past every block, or of a dropped block)
  CREATE TABLE send_records_default PARTITION OF send_records DEFAULT;
  INSERT INTO send_records_default SELECT * FROM send_records_legacy WHERE message_id >= h;
  DELETE FROM send_records_legacy WHERE message_id >= h;
  EXECUTE format('ALTER TABLE send_records ATTACH PARTITION send_records_legacy FOR VALUES FROM (MINVALUE) TO (%s)', h);

  -- stat_stray_events: the same blocks; a device may report any message id, so ids past the legacy block (of no
  -- message yet) go to the default partition, which is trimmed on last_at
  ALTER TABLE stat_stray_events RENAME TO stat_stray_events_legacy;
  ALTER INDEX stat_stray_events_pkey RENAME TO stat_stray_events_legacy_pkey;
  CREATE TABLE stat_stray_events (LIKE stat_stray_events_legacy INCLUDING DEFAULTS) PARTITION BY RANGE (message_id);
  ALTER TABLE stat_stray_events ADD PRIMARY KEY (app_id, gaid, message_id);
  CREATE TABLE stat_stray_events_default PARTITION OF stat_stray_events DEFAULT;
  INSERT INTO stat_stray_events_default SELECT * FROM stat_stray_events_legacy WHERE message_id >= h;
  DELETE FROM stat_stray_events_legacy WHERE message_id >= h;
  EXECUTE format(
    'ALTER TABLE stat_stray_events ATTACH PARTITION stat_stray_events_legacy FOR VALUES FROM (MINVALUE) TO (%s)', h);

  -- new messages take their ids from the first block (db/partitions.ts creates its partitions right after the
  -- migrations, for the current period)
  PERFORM setval(seq, h, false);
END $$;

-- the devices' trigger (0015) deletes by name: it reaches every partition of the new table

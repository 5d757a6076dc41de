-- Send records at half the cost (issue 31 §6; docs/plans/issue-31-send-records.md, "Settled blocks archived narrow"):
-- once a block has settled (its week ended a week ago and none of its messages may still send: partition-compaction.ts),
-- nothing writes its send records but the events of late devices and the deletion of devices. The maintenance then
-- copies the block's partition into a narrow one of `send_archive` (db/partition-archive.ts) and drops it: 7 columns
-- (a null bitmap in the 24-byte tuple header) and 40 bytes of data for a dispatched send, where send_records' 17
-- columns take a 32-byte header and 56 bytes. A record without a place in the event pages (the direct path's) gets one
-- in the copy, and its events move into its page, so every archived record keeps its events in send_events.
--
--   sent_s     sent_at in whole seconds from 2000-01-01 UTC (NULL: never dispatched)
--   ev         its place in the message's event pages (NULL: never dispatched)
--   state      NULL for a send dispatched at the first attempt without a loss (nearly all: no bytes), else
--              outcome | loss_code << 3 | attempts << 13
--   fcm_id     FCM's name packed in 16 bytes (fcm_name_pack), as a uuid: no length byte
--   fcm_other  any other name: fcm_name_pack's 0xff form, or 0xfe and the text of a record written before migration 0039
CREATE TABLE send_archive (
  message_id bigint NOT NULL,
  device_id bigint NOT NULL,
  sent_s integer,
  ev integer,
  state integer,
  fcm_id uuid,
  fcm_other bytea,
  PRIMARY KEY (message_id, device_id)
) PARTITION BY RANGE (message_id);
CREATE INDEX send_archive_device_idx ON send_archive (device_id);

ALTER TABLE message_id_blocks ADD COLUMN archived_at timestamptz;

-- A send record wherever it is kept, with send_records' columns: the records of the blocks not (yet) archived, and the
-- archived ones decoded. Readers that may meet a settled block's records read this view (or send_record_events);
-- the engine's writers stay on send_records, whose blocks it still sends from are never archived.
CREATE VIEW send_records_all AS
SELECT message_id, device_id, outcome, loss_code, attempts, fcm_name, sent_at, event_mask, received_at, shown_at,
       clicked_at, show_failed_reason, not_before, batch_id, fcm_id, ev
FROM send_records
UNION ALL
SELECT message_id, device_id,
       COALESCE(state & 7, 1)::smallint, COALESCE((state >> 3) & 1023, 0)::smallint, COALESCE(state >> 13, 1)::smallint,
       CASE WHEN get_byte(fcm_other, 0) = 254 THEN convert_from(substring(fcm_other FROM 2), 'UTF8') END COLLATE "default",
       timestamptz '2000-01-01 00:00:00+00' + make_interval(secs => sent_s),
       CASE WHEN ev IS NULL THEN 0::smallint END, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz,
       NULL::smallint, NULL::timestamptz, NULL::bigint,
       CASE WHEN fcm_id IS NOT NULL THEN uuid_send(fcm_id) WHEN get_byte(fcm_other, 0) <> 254 THEN fcm_other END, ev
FROM send_archive;

-- the view of 0060 over both
CREATE OR REPLACE VIEW send_record_events AS
SELECT s.message_id, s.device_id, s.outcome, s.loss_code, s.attempts, s.fcm_name, s.sent_at,
  CASE WHEN s.ev IS NULL THEN s.event_mask
       ELSE COALESCE(substring(e.bits FROM (s.ev & 63) * 8 + 1 FOR 8)::bit(8)::int, 0)::smallint END AS event_mask,
  CASE WHEN s.ev IS NULL THEN s.received_at
       ELSE e.base_at + make_interval(secs => e.received_s[(s.ev & 63) + 1]) END AS received_at,
  CASE WHEN s.ev IS NULL THEN s.shown_at
       ELSE e.base_at + make_interval(secs => e.shown_s[(s.ev & 63) + 1]) END AS shown_at,
  CASE WHEN s.ev IS NULL THEN s.clicked_at
       ELSE e.base_at + make_interval(secs => e.clicked_s[(s.ev & 63) + 1]) END AS clicked_at,
  CASE WHEN s.ev IS NULL THEN s.show_failed_reason ELSE e.reasons[(s.ev & 63) + 1] END AS show_failed_reason,
  s.not_before, s.batch_id, s.fcm_id, s.ev
FROM send_records_all s
LEFT JOIN send_events e ON s.ev IS NOT NULL AND e.message_id = s.message_id AND e.page = s.ev >> 6;

-- a deleted device's archived records go with it, as its send records do (migration 0015)
CREATE OR REPLACE FUNCTION send_records_forget_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM send_records s USING gone g WHERE s.device_id = g.id;
  DELETE FROM send_archive s USING gone g WHERE s.device_id = g.id;
  RETURN NULL;
END $$;

-- the keys of a partition's records written while the archive copies it (db/partition-archive.ts), into the log table
-- the trigger names: the swap applies them to the copy
CREATE FUNCTION send_archive_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO %I VALUES ($1, $2)', TG_ARGV[0]) USING OLD.message_id, OLD.device_id;
  ELSE
    EXECUTE format('INSERT INTO %I VALUES ($1, $2)', TG_ARGV[0]) USING NEW.message_id, NEW.device_id;
  END IF;
  RETURN NULL;
END $$;

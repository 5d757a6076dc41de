-- The queue of counted events holds one row per flush of the device API (the flush's events as arrays), not one row
-- per event: queueing a flush is one heap and one index insert instead of one per event, and counting a batch deletes
-- a few rows instead of thousands (measured with `npm run bench -- stats --phases ingest`: the row per event cost as
-- much as the counting itself). Counted exactly as before: the rows a counting transaction deletes are what it counts.
CREATE TABLE stat_pending_batches (
  id bigserial PRIMARY KEY,
  message_ids bigint[] NOT NULL,
  device_ids bigint[] NOT NULL,
  bits integer[] NOT NULL,
  days date[] NOT NULL,
  countries text[] NOT NULL,
  app_versions text[] NOT NULL,
  received_at timestamptz[] NOT NULL,
  reasons smallint[] NOT NULL
);

-- what a running version queued and did not count yet is counted by the new one
INSERT INTO stat_pending_batches (message_ids, device_ids, bits, days, countries, app_versions, received_at, reasons)
SELECT array_agg(message_id ORDER BY id), array_agg(device_id ORDER BY id), array_agg(bits ORDER BY id),
       array_agg(day ORDER BY id), array_agg(country ORDER BY id), array_agg(app_version ORDER BY id),
       array_agg(received_at ORDER BY id), array_agg(reason ORDER BY id)
FROM stat_pending_events
HAVING count(*) > 0;

DROP TABLE stat_pending_events;

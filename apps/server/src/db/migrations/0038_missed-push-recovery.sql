-- Missed-push recovery (issue 32 §1, @beacon/shared contracts/push-recovery.ts): a heartbeat answers the notifications
-- the device was sent within their TTL and never reported received; the SDK shows them and reports `received` with
-- `recovered: true`. Such a receipt sets bit 128 on the send record's event_mask beside bit 1 (received), and only when
-- it is the receipt that sets bit 1: a recovered delivery is one reach, counted once, and counted again apart as
-- recovered (messages.recovered_count; by the device's brand and model in stat_message_recovered). The lookup reads
-- the device's send records newest first through send_records_device_sent_idx (device_id, sent_at): no new index.
--
-- The app's setting, one JSON value read whole with the app (as window_caps): {"enabled", "maxAgeHours", "maxCount"}.
ALTER TABLE apps ADD COLUMN push_recovery jsonb NOT NULL
  DEFAULT '{"enabled": false, "maxAgeHours": 12, "maxCount": 3}'::jsonb;
ALTER TABLE messages ADD COLUMN recovered_count integer NOT NULL DEFAULT 0;
CREATE TABLE stat_message_recovered (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  brand text NOT NULL,
  model text NOT NULL,
  recovered integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, brand, model)
);

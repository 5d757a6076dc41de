-- Frequency caps over any window (issue 32 §3, @beacon/shared contracts/window-caps.ts): per app and per message kind,
-- "at most maxMessages messages per device in any windowDays days", checked by the delivery engine's filter stage
-- (loss 110) against the device's send records through send_records_device_sent_idx (device_id, sent_at). One JSON
-- value per app, {"notification": [{maxMessages, windowDays}…], "cross": […]}, as the shared rule checked it: it is
-- read whole with the app and never queried inside.
ALTER TABLE apps ADD COLUMN window_caps jsonb NOT NULL DEFAULT '{"notification": [], "cross": []}'::jsonb;

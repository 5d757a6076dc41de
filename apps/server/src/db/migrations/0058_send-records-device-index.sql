-- Send records at a lower cost (issue 31 §6; docs/plans/issue-31-send-records.md): the per-device index keys on
-- device_id alone instead of (device_id, sent_at). Its keys repeat — a device has a record of every message sent to it
-- in the week's partition — so B-tree deduplication (PostgreSQL 13+) keeps one key and a list of row pointers per
-- device in a leaf, where (device_id, sent_at) needed a 16-byte key per record, and its leaves split half full as each
-- message's records go in between the earlier ones'. Measured (200,000 devices, 80 % of them sent each message, PostgreSQL
-- 15): 22.6 bytes a record with 1 message in the partition, 23.0 with 3, 13.2 with 7, against 31.6, 42.4 and 37.5.
-- Its readers (recovery, daily limits, frequency caps, no-click audiences, uninstalls, troubleshooting, the device
-- deletion trigger) read the record's heap row anyway (outcome, event_mask): sent_at is now checked there, over the
-- device's records in the partitions each reader keeps (the hot ones name their candidate messages).
CREATE INDEX send_records_device_idx ON send_records (device_id);
DROP INDEX send_records_device_sent_idx;

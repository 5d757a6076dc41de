-- Send records at a lower cost (issue 31 §6; docs/plans/issue-31-send-records.md): a week's send records are written in
-- its week and take events for a few days after; their indexes fill as they go. The per-device index takes each
-- message's entries between the earlier ones' and splits its leaves half full (22.5 bytes a send at 3 messages a
-- device), the primary key fills its leaves to 90 % (31.6 bytes). Once a block has settled — its period ended a week
-- ago and none of its messages may still send or finished within that week — the partition maintenance rebuilds its
-- send-record partition's indexes full, once (db/partition-compaction.ts compactSettled): 14.9 and 28.5 bytes a send, measured.
-- `compacted_at`: when that was done (NULL: not yet).
ALTER TABLE message_id_blocks ADD COLUMN compacted_at timestamptz;

-- A/B tests (issue 13): a parent message (msg_type 4) with two arm children (groupTag A and B) and, after "send to
-- all", a third child for the rest of the audience. Each child keeps the parent's targeting and a slice of the
-- audience: the devices whose bucket (0–9999, a hash of the parent id and the device id: deterministic, so a resend
-- or a crash never moves a device between arms) lies in [split_from, split_to).
ALTER TABLE messages
  ADD COLUMN group_tag text,
  ADD COLUMN group_percent numeric(5, 2),
  ADD COLUMN split_seed bigint,
  ADD COLUMN split_from smallint,
  ADD COLUMN split_to smallint,
  ADD COLUMN ab_all_sent boolean NOT NULL DEFAULT false;
CREATE INDEX messages_parent_idx ON messages (parent_msg_id) WHERE parent_msg_id IS NOT NULL;

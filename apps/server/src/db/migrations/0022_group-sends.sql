-- App-group sends (issue 13 item 3, docs/group-sends.md): the message composed in an app (the parent) and one child
-- per other app of the group, each an ordinary message of its own app. Both carry the group; a child names its parent.
ALTER TABLE messages
  ADD COLUMN app_group_id integer,
  ADD COLUMN app_group_parent_id bigint;
CREATE INDEX messages_app_group_parent_idx ON messages (app_group_parent_id) WHERE app_group_parent_id IS NOT NULL;

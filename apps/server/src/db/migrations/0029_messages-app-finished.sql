-- The messages of an app that may have sent since a time (not finished, or finished since): the per-user daily limits
-- count a page's sends of today only among those, so the lookup reads their partitions of send_records (partitioned by
-- message id since 0027), not every kept week's index once per device.
CREATE INDEX messages_app_finished_idx ON messages (app_id, finished_at);

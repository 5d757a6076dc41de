-- Events newly set on dispatched sends, queued by the devices' flush in its own transaction and counted right after,
-- off the request path, by the statistics' EventCounter (which deletes the rows it counts, in the counting
-- transaction: each event is counted exactly once, across crashes and processes).
CREATE TABLE stat_pending_events (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL,
  device_id bigint NOT NULL,
  bits integer NOT NULL,
  day date NOT NULL,
  country text NOT NULL,
  app_version text NOT NULL,
  received_at timestamptz,
  reason smallint
);

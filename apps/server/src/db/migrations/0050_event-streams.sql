-- Event streams out (issue 34 §3, docs/event-streams.md): an app's sends, deliveries, shows, clicks, dismissals,
-- losses and uninstalls, posted in signed batches to its webhook (and published on JetStream with NATS_URL), and
-- exported daily as gzip NDJSON.

-- One row per app that has set its streams up. `types`: a bit per event type (STREAM_EVENT_TYPES of @beacon/shared:
-- 1 sent, 2 delivered, 4 shown, 8 clicked, 16 dismissed, 32 lost, 64 uninstalled); events are recorded only while
-- `enabled`. `secret` is sealed with the server's secret key (lib/secret-box). The delivery state (lease, backoff,
-- counts) lives here so that the console reads one row.
CREATE TABLE app_event_streams (
  app_id integer PRIMARY KEY REFERENCES apps (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  url text NOT NULL DEFAULT '',
  types smallint NOT NULL DEFAULT 127,
  secret text NOT NULL,
  -- pending events older than this are dropped (counted in `dropped`, shown as lost in the console)
  max_age_hours integer NOT NULL DEFAULT 24,
  -- one taker per app: the process whose lease is live posts its batches
  lease_until timestamptz,
  lease_owner text,
  -- consecutive failed posts and when the next may start (exponential backoff with jitter)
  failures integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered bigint NOT NULL DEFAULT 0,
  failed_posts bigint NOT NULL DEFAULT 0,
  dropped bigint NOT NULL DEFAULT 0,
  last_success_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The events, written by the statements that count them (the statistics writer, the engine's result writes), in
-- their transactions; `id` is the event id a receiver de-duplicates by. `state`: 0 pending (to post), 1 delivered,
-- 2 dropped (past max_age_hours). Rows stay for the export and for replays until the retention deletes them.
CREATE TABLE stream_events (
  id bigserial PRIMARY KEY,
  app_id integer NOT NULL,
  type smallint NOT NULL,
  message_id bigint NOT NULL,
  device_id bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  loss_code smallint,
  state smallint NOT NULL DEFAULT 0,
  -- when it was last queued (written, or replayed): a pending event is dropped max_age_hours after this
  queued_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stream_events_pending_idx ON stream_events (app_id, id) WHERE state = 0;
CREATE INDEX stream_events_at_idx ON stream_events (app_id, at);

-- The last failed posts per app (the console's "recent failures"; the service keeps the last 20).
CREATE TABLE stream_failures (
  id bigserial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  status integer,
  error text NOT NULL,
  events integer NOT NULL
);
CREATE INDEX stream_failures_app_idx ON stream_failures (app_id, id);

-- The daily exports written (one gzip NDJSON file per app and UTC day under DATA_DIR/exports or BEACON_EXPORT_DIR).
CREATE TABLE stream_exports (
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  day date NOT NULL,
  events integer NOT NULL,
  bytes bigint NOT NULL,
  file text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, day)
);

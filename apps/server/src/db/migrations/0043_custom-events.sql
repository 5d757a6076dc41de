-- Custom events (issue 33 §2; the rules: @beacon/shared contracts/custom-events.ts). An app's SDK reports its own
-- events (POST /sdk/v1/track): a name and typed properties. Written by modules/custom-events in one statement per
-- group-commit flush, counted by day off the request path (its counter, like the message events' EventCounter).

-- An app's event names (at most CUSTOM_EVENT_LIMITS.namesPerApp), each property's type fixed by its first use.
-- Deleting a name deletes its counts; its events stay until the retention drops them, unreachable (every read joins
-- this table, and ids are never reused).
CREATE TABLE app_event_names (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- {"price": "number", "sku": "string"}
  property_types jsonb NOT NULL DEFAULT '{}'::jsonb,
  first_seen timestamptz NOT NULL DEFAULT now(),
  -- moved by the counting (the latest event counted), not by the request path
  last_seen timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_id, name)
);

-- The events, kept as long as the send records (BEACON_RETENTION_DAYS after their week ends): partitioned by RANGE
-- (at), a partition a UTC week (custom_events_p<monday>, made ahead and dropped by db/partitions.ts), a default one for
-- what no partition holds. The primary key is the dedup key: a device's event of one name at one millisecond is one
-- event, so an event delivered twice is stored and counted once; it is also the index of the audiences' later "did X
-- at least N times in the last D days" (device, name, time).
CREATE TABLE custom_events (
  device_id bigint NOT NULL,
  name_id integer NOT NULL,
  at timestamptz NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (device_id, name_id, at)
) PARTITION BY RANGE (at);
CREATE TABLE custom_events_default PARTITION OF custom_events DEFAULT;

-- Newly stored events waiting to be counted: one row per flush (its events' arrays), deleted by the counting
-- transaction that counts them, so each is counted exactly once across processes and crashes.
CREATE TABLE stat_custom_pending (
  id bigserial PRIMARY KEY,
  device_ids bigint[] NOT NULL,
  name_ids integer[] NOT NULL,
  ats timestamptz[] NOT NULL
);

-- Per device, name and UTC day: how many events (the later audience conditions read these, a few rows a device; its
-- first row of a day counts the device once in stat_custom_events.devices). Trimmed by the retention.
CREATE TABLE custom_event_days (
  device_id bigint NOT NULL,
  name_id integer NOT NULL,
  day date NOT NULL,
  events integer NOT NULL,
  PRIMARY KEY (device_id, name_id, day)
);
CREATE INDEX custom_event_days_day_idx ON custom_event_days (day);

-- The daily counts of the app's statistics: events, and distinct devices that reported the name that day.
CREATE TABLE stat_custom_events (
  app_id integer NOT NULL,
  day date NOT NULL,
  name_id integer NOT NULL,
  events bigint NOT NULL DEFAULT 0,
  devices bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, name_id)
);

-- A deleted device (or app) takes its events along, as its send records (0015): one statement per deleting statement.
CREATE FUNCTION custom_events_forget_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM custom_events e USING gone g WHERE e.device_id = g.id;
  DELETE FROM custom_event_days e USING gone g WHERE e.device_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_forget_custom_events AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION custom_events_forget_devices();

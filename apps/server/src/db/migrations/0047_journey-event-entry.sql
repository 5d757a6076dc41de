-- Journeys started by an event (issue 33 §5, docs/journeys.md "Entry on an event"). A journey whose entry is "on
-- event" is live while it runs: each newly stored custom event of its name makes the device enter, at most once per
-- its re-entry rule, exactly once across redeliveries, processes and crashes.

-- The event names live journeys listen to: role 1 enters, role 2 exits. Written at confirm, deleted at stop; the
-- ingest's flush queues only the events of these names.
CREATE TABLE journey_triggers (
  name_id integer NOT NULL,
  journey_id bigint NOT NULL,
  role smallint NOT NULL,
  PRIMARY KEY (name_id, journey_id, role)
);
CREATE INDEX journey_triggers_journey_idx ON journey_triggers (journey_id);

-- Newly stored events of a listened name, one row per flush, written by the flush's own statement (so as durable as
-- the events) and deleted by the transaction that makes their devices enter or exit (modules/journeys entries).
CREATE TABLE journey_event_pending (
  id bigserial PRIMARY KEY,
  device_ids bigint[] NOT NULL,
  name_ids integer[] NOT NULL,
  ats timestamptz[] NOT NULL,
  -- when the flush stored them: the entry delay is measured from here
  accepted_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A device's entries into an event-started journey. The key is the re-entry rule: entry_key 0 for "once ever", the
-- event's time in epoch milliseconds otherwise (so a repeated event is one entry); "again after N hours" and "at most
-- N a day" are checked against the device's earlier entries under the entries' advisory lock.
CREATE TABLE journey_entries (
  journey_id bigint NOT NULL,
  device_id bigint NOT NULL,
  entry_key bigint NOT NULL,
  event_at timestamptz NOT NULL,
  accepted_at timestamptz NOT NULL,
  entered_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- when the device reported the exit event: it is sent no later message of this entry
  exited_at timestamptz,
  PRIMARY KEY (journey_id, device_id, entry_key)
);
CREATE INDEX journey_entries_device_idx ON journey_entries (journey_id, device_id, event_at);

-- A deleted device (or app) takes its entries along, as its events (0043): one statement per deleting statement.
CREATE INDEX journey_entries_device_only_idx ON journey_entries (device_id);
CREATE FUNCTION journey_entries_forget_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM journey_entries e USING gone g WHERE e.device_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_forget_journey_entries AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION journey_entries_forget_devices();

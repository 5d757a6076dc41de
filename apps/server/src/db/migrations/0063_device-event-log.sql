-- The device events' log in PostgreSQL (EVENTS_LOG=postgres; issue 31 §6, docs/scaling.md): the one-server tier's
-- counterpart of the JetStream log. The device API appends each group of concurrent events calls as one row (their
-- JSON, as a JetStream message holds it) and answers once it is committed; the workers take the rows every two seconds
-- (FOR UPDATE SKIP LOCKED, several workers split them), merge their calls per device and message, apply them to the
-- send records and their event pages, and delete them in the same transaction: a row is applied once or not at all.
-- Two seconds of a message's events then cost one write of each page they touch instead of one write of a send
-- record per event (1.78 → ≈0.3 row writes per delivered message, `npm run bench -- sizes`).
-- A queue table: rows live two seconds, so autovacuum is asked to clean it by a fixed number of dead rows, not a share.
CREATE TABLE device_event_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  calls text NOT NULL,
  logged_at timestamptz NOT NULL DEFAULT now()
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);

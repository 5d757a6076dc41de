-- Send records at half the cost (issue 31 §6; docs/plans/issue-31-send-records.md, layout (c)): a dispatched send's
-- events no longer update its record. Each record the engine dispatches from now on gets `ev`, its place in its
-- message's pages of 64 sends (page = ev >> 6, slot = ev & 63, handed out in device order by the engine's result
-- write from `messages.ev_next`), and the events set bits in the page's row of `send_events`: one row write per page a
-- flush touches instead of one per send, and the record never changes after dispatch (no dead tuples, no index entries
-- from updates). A record without `ev` (written before this migration, or dispatched by another path: a send resolved
-- after its worker died) keeps its events on itself, as before; the events statement handles both
-- (modules/statistics/events.repository.ts), and readers see both through the view send_record_events.
--
-- A page's row: `bits`, 64 bytes of event bits (slot s at bits s·8 … s·8+7, its value as send_records.event_mask);
-- `fresh`, the bits the latest write newly set (what send_records.new_bits was: RETURNING cannot see the old row); the
-- first receipt, show and click of each slot, in seconds from `base_at`; the first show failure's reason of each slot,
-- NULL until one fails.
ALTER TABLE send_records ADD COLUMN ev integer,
  -- a record with a place leaves its own bits NULL: no bytes in its row (8 a record, with the padding they bring)
  ALTER COLUMN event_mask DROP NOT NULL, ALTER COLUMN new_bits DROP NOT NULL;
ALTER TABLE messages ADD COLUMN ev_next integer NOT NULL DEFAULT 0;

CREATE TABLE send_events (
  message_id bigint NOT NULL,
  page integer NOT NULL,
  base_at timestamptz NOT NULL,
  bits bit(512) NOT NULL,
  fresh bit(512) NOT NULL,
  received_s integer[] NOT NULL,
  shown_s integer[] NOT NULL,
  clicked_s integer[] NOT NULL,
  reasons smallint[],
  PRIMARY KEY (message_id, page)
) PARTITION BY RANGE (message_id);

-- A page's times of its slots (seconds from its base_at): `stored` (NULL: a new page's, every slot empty) with each
-- empty slot of `slots` (0-based) set to the time at the same place of `times`, in seconds from `base`; a slot already
-- set keeps its time (the first event's stands). The events statement's usual write touches one or a few slots of a
-- page: a loop over those, not over the page's 64.
CREATE FUNCTION send_event_times(stored integer[], slots integer[], times timestamptz[], base timestamptz)
RETURNS integer[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  out integer[] := COALESCE(stored, array_fill(NULL::integer, ARRAY[64]));
  i integer;
BEGIN
  FOR i IN 1 .. COALESCE(array_length(slots, 1), 0) LOOP
    IF times[i] IS NOT NULL AND out[slots[i] + 1] IS NULL THEN
      out[slots[i] + 1] := LEAST(GREATEST(round(extract(epoch FROM times[i] - base)), -2147483648), 2147483647);
    END IF;
  END LOOP;
  RETURN out;
END $$;

-- The same for a page's first show failure reason of each slot (NULL until one fails).
CREATE FUNCTION send_event_reasons(stored smallint[], slots integer[], reasons smallint[])
RETURNS smallint[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  out smallint[] := stored;
  i integer;
BEGIN
  FOR i IN 1 .. COALESCE(array_length(slots, 1), 0) LOOP
    IF reasons[i] IS NOT NULL THEN
      out := COALESCE(out, array_fill(NULL::smallint, ARRAY[64]));
      IF out[slots[i] + 1] IS NULL THEN out[slots[i] + 1] := reasons[i]; END IF;
    END IF;
  END LOOP;
  RETURN out;
END $$;

-- the same blocks as send_records (db/partitions.ts creates and drops them together from now on)
DO $$
DECLARE b record;
BEGIN
  FOR b IN SELECT lo, hi, suffix FROM message_id_blocks WHERE dropped_at IS NULL LOOP
    EXECUTE format('CREATE TABLE send_events_%s PARTITION OF send_events FOR VALUES FROM (%s) TO (%s)',
      b.suffix, COALESCE(b.lo::text, 'MINVALUE'), b.hi);
  END LOOP;
END $$;
CREATE TABLE send_events_default PARTITION OF send_events DEFAULT;

-- a send's event state, wherever it is kept
CREATE OR REPLACE VIEW send_record_events AS
SELECT s.message_id, s.device_id, s.outcome, s.loss_code, s.attempts, s.fcm_name, s.sent_at,
  CASE WHEN s.ev IS NULL THEN s.event_mask
       ELSE COALESCE(substring(e.bits FROM (s.ev & 63) * 8 + 1 FOR 8)::bit(8)::int, 0)::smallint END AS event_mask,
  CASE WHEN s.ev IS NULL THEN s.received_at
       ELSE e.base_at + make_interval(secs => e.received_s[(s.ev & 63) + 1]) END AS received_at,
  CASE WHEN s.ev IS NULL THEN s.shown_at
       ELSE e.base_at + make_interval(secs => e.shown_s[(s.ev & 63) + 1]) END AS shown_at,
  CASE WHEN s.ev IS NULL THEN s.clicked_at
       ELSE e.base_at + make_interval(secs => e.clicked_s[(s.ev & 63) + 1]) END AS clicked_at,
  CASE WHEN s.ev IS NULL THEN s.show_failed_reason ELSE e.reasons[(s.ev & 63) + 1] END AS show_failed_reason,
  s.not_before, s.batch_id, s.fcm_id, s.ev
FROM send_records s
LEFT JOIN send_events e ON s.ev IS NOT NULL AND e.message_id = s.message_id AND e.page = s.ev >> 6;

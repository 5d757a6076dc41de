-- A database on a new PostgreSQL timeline moves the message ids on by itself (issue 31 §4 and §7; docs/operations.md,
-- "Restoring a backup"). A promoted replica and a point-in-time recovery each start a new timeline, and the message
-- id sequence there may resume below ids the old timeline handed out to messages whose rows did not survive: the
-- sequence's WAL is logged ahead and is not transactional, and an asynchronous replica misses the last commits. A new
-- message would then take a lost one's id and count its devices' events as its own. `beacon restored` moves the ids
-- on by hand (and stays the procedure for a PGlite DATA_DIR copy put back, whose timeline does not change); from this
-- migration on, the first message id taken on a new timeline moves them on too: messages take their ids from
-- next_message_id(), which compares the server's timeline with the one the database last saw (db_timeline) and, when
-- they differ, skips 100,000 ids (skip_message_ids, the command's rule) once, whichever process asks first.

-- the timeline the database last saw, and what its last change skipped
CREATE TABLE db_timeline (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  timeline bigint NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  skipped_from bigint,
  skipped_to bigint
);

-- the server's timeline: the first 8 hex digits of its current WAL file's name (on a primary; a standby refuses)
CREATE FUNCTION server_timeline() RETURNS bigint LANGUAGE sql VOLATILE AS
$$ SELECT ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::bigint $$;

INSERT INTO db_timeline (timeline) VALUES (server_timeline());

-- Moves the message id sequence `n` ids past both its next id and the highest message id, within the id blocks kept
-- ahead (message_id_blocks): `skipped_from` is the id the next message would have had, `skipped_to` the one it gets.
-- Past the last block's end: with `clamp`, it stops one short of it; without, nothing moves and skipped_to is NULL.
CREATE FUNCTION skip_message_ids(n bigint, clamp boolean,
                                 OUT skipped_from bigint, OUT skipped_to bigint, OUT last_hi bigint)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  SELECT GREATEST(s.last_value + CASE WHEN s.is_called THEN 1 ELSE 0 END,
                  (SELECT COALESCE(max(id), 0) + 1 FROM messages))
    INTO skipped_from FROM messages_id_seq s;
  SELECT max(hi) INTO last_hi FROM message_id_blocks WHERE dropped_at IS NULL;
  skipped_to := skipped_from + n;
  IF last_hi IS NOT NULL AND skipped_to >= last_hi THEN
    IF NOT clamp THEN
      skipped_to := NULL;
      RETURN;
    END IF;
    skipped_to := GREATEST(skipped_from, last_hi - 1);
  END IF;
  PERFORM setval('messages_id_seq', skipped_to, false);
END $$;

-- Records the server's timeline as seen, with the ids skipped for it (the automatic skip below, `beacon restored`).
CREATE FUNCTION timeline_seen(skipped_from bigint, skipped_to bigint) RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO db_timeline AS t (timeline, skipped_from, skipped_to) VALUES (server_timeline(), $1, $2)
  ON CONFLICT (one) DO UPDATE SET timeline = EXCLUDED.timeline, seen_at = now(),
    skipped_from = EXCLUDED.skipped_from, skipped_to = EXCLUDED.skipped_to
$$;

-- The next message id. On a timeline the database has not seen, the first caller skips the ids first; the others wait
-- for its lock on db_timeline's row, then find the new timeline recorded and skip nothing.
CREATE FUNCTION next_message_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  current_tl bigint := server_timeline();
  seen bigint;
  s record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM db_timeline WHERE timeline = current_tl) THEN
    SELECT timeline INTO seen FROM db_timeline FOR UPDATE;
    IF seen IS DISTINCT FROM current_tl THEN
      SELECT * INTO s FROM skip_message_ids(100000, true);
      PERFORM timeline_seen(s.skipped_from, s.skipped_to);
    END IF;
  END IF;
  RETURN nextval('messages_id_seq');
END $$;

ALTER TABLE messages ALTER COLUMN id SET DEFAULT next_message_id();

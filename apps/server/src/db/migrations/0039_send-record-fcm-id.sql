-- Send records are written once per device of every message (DESIGN §5): each of their bytes is paid ×100M a day at
-- the scale docs/scaling.md plans for (issue 31 §6). FCM's message name was their widest column (≈ 60–80 bytes of
-- text: `projects/<project>/messages/0:<16 digits>%<16 hex>`). New records keep it in `fcm_id` (bytea), 16 bytes for
-- the names FCM gives: the 16 digits as 8 bytes, the 16 hex digits as 8, the project left out. The project is the
-- app's (apps.firebase_project_id) when the send was recorded, so the name is rebuilt exactly from it; when the app
-- has moved to another Firebase project since, from the project it had then (app_fcm_projects, written by a trigger
-- on apps). A name of any other shape (another project, FCM's `fake_message_id` of a validate-only call, …) is kept
-- whole as its UTF-8 bytes after a 0xff byte (a packed name's first byte is 0: the 16 digits are below 2⁵⁶).
--
-- A new column rather than a change of fcm_name's type: that rewrites every kept partition under its lock (8 s per
-- 1M records measured, an hour for a day of the 100M-device arithmetic), while adding a nullable column is instant.
-- The records written before keep their text name (and no fcm_id) until their partition is dropped by the retention.

/**
 * FCM's message name, packed against the project the send was made for (the app's Firebase project). One expression,
 * STABLE as convert_to is, so that PostgreSQL inlines it into the statement (a function call per record, or a regular
 * expression with counted repetitions such as [0-9]{0,15}, cost ≈ 15–18 µs a name).
 */
CREATE FUNCTION fcm_name_pack(name text, project text) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN name IS NULL THEN NULL
    WHEN COALESCE(project, '') <> '' AND left(name, length(project) + 21) = 'projects/' || project || '/messages/0:'
         AND substr(name, length(project) + 22) ~ '^[1-9][0-9]*%[0-9a-f]+$'
         AND length(split_part(substr(name, length(project) + 22), '%', 1)) <= 16
         AND length(split_part(substr(name, length(project) + 22), '%', 2)) = 16
      THEN int8send(split_part(substr(name, length(project) + 22), '%', 1)::bigint)
           || decode(split_part(substr(name, length(project) + 22), '%', 2), 'hex')
    ELSE '\xff'::bytea || convert_to(name, 'UTF8')
  END
$$;

/** The name fcm_name_pack packed, given the same project. */
CREATE FUNCTION fcm_name_unpack(packed bytea, project text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN packed IS NULL THEN NULL
    WHEN get_byte(packed, 0) = 255 THEN convert_from(substr(packed, 2), 'UTF8')
    ELSE 'projects/' || project || '/messages/0:' || ('x' || encode(substr(packed, 1, 8), 'hex'))::bit(64)::bigint
         || '%' || encode(substr(packed, 9, 8), 'hex')
  END
$$;

-- the Firebase projects an app had before its current one, each with when it ended: a send recorded before `until`
-- was made for it (the earliest project that ended after the send)
CREATE TABLE app_fcm_projects (
  app_id integer NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  project text NOT NULL,
  until timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, until)
);
CREATE FUNCTION apps_remember_fcm_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_fcm_projects (app_id, project) VALUES (OLD.id, OLD.firebase_project_id)
  ON CONFLICT (app_id, until) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER apps_fcm_project_changed AFTER UPDATE OF firebase_project_id ON apps
  FOR EACH ROW WHEN (OLD.firebase_project_id IS DISTINCT FROM NEW.firebase_project_id)
  EXECUTE FUNCTION apps_remember_fcm_project();

ALTER TABLE send_records ADD COLUMN fcm_id bytea;

-- Users and attributes (issue 33 §1; the rule: @beacon/shared contracts/user-attributes.ts). An app's SDK names the
-- device's user by the app's own id for them (POST /sdk/v1/user) and sets typed attributes on that user
-- (POST /sdk/v1/attributes), both through group commits (modules/user-attributes).
--
-- app_users: one row per named user of an app (external_id), or per anonymous user (external_id NULL: created by the
-- first attribute write of a device with no user, owned by that device alone; merged into the named user and deleted
-- when that device is named). attributes: key → value as the rule stores it (dates as ISO-8601 UTC text).
CREATE TABLE app_users (
  id bigserial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  external_id text,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- sends "to user U" find the user by its external id, then its devices by devices_user_idx
CREATE UNIQUE INDEX app_users_app_external_key ON app_users (app_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX app_users_app_idx ON app_users (app_id, id);

-- The device's current user; NULL: none (never named, or signed out, and no attribute written since). A nullable
-- column without a default: no table rewrite. No foreign key: a device row is written by every registration and
-- heartbeat, and users are removed only with their app (which removes its devices) or by the statement that repoints
-- their only device (an anonymous user merged into a named one).
ALTER TABLE devices ADD COLUMN user_id bigint;
CREATE INDEX devices_user_idx ON devices (user_id) WHERE user_id IS NOT NULL;

-- The app's attributes: the type fixed by the first write (1 string, 2 number, 3 boolean, 4 date, 5 list of strings),
-- at most ATTRIBUTE_LIMITS.perApp per app; last_written_at moves at most once a minute (the writes' flushes).
CREATE TABLE app_attributes (
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  key text NOT NULL,
  type smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, key)
);

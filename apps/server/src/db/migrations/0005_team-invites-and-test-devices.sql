-- Team invitations (one per pending app_members row; only the SHA-256 of the mailed token is kept) and the
-- test devices of an app (spec part 1 §3 "Test device"; validity is derived from the devices table when read).
CREATE TABLE team_invites (
  id text PRIMARY KEY,
  member_id integer NOT NULL REFERENCES app_members (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_invites_member_idx ON team_invites (member_id);

CREATE TABLE test_devices (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  gaid uuid NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX test_devices_app_gaid_key ON test_devices (app_id, gaid);

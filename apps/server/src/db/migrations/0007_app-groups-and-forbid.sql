-- App groups (spec part 1 §3 "App group"): a user's named set of at least two apps, visible to its creator and to
-- level-100 users. Deleting an app removes it from every group; deleting the creator deletes their groups.
CREATE TABLE app_groups (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_groups_creator_idx ON app_groups (created_by);

CREATE TABLE app_group_apps (
  group_id integer NOT NULL REFERENCES app_groups (id) ON DELETE CASCADE,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  position smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (group_id, app_id)
);
CREATE INDEX app_group_apps_app_idx ON app_group_apps (app_id);

-- Control policy (spec part 1 §3 "Forbid config"), edited by platform administrators and read by the console's
-- control view and by the send-time policy evaluator. Country codes are ISO 3166-1 alpha-2, upper case.

-- Countries no app may send to.
CREATE TABLE platform_forbidden_countries (
  country text PRIMARY KEY CHECK (country ~ '^[A-Z]{2}$'),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Countries one app may not send to.
CREATE TABLE app_forbidden_countries (
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, country)
);

-- Time windows in which one app may not send to devices of one country, in minutes since midnight of the device's
-- local time; an end earlier than the start ends on the next day (22:00–06:00). A window never has start = end.
CREATE TABLE app_forbidden_times (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  start_minute smallint NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute smallint NOT NULL CHECK (end_minute BETWEEN 0 AND 1439),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (start_minute <> end_minute)
);
CREATE INDEX app_forbidden_times_app_idx ON app_forbidden_times (app_id, country, start_minute);

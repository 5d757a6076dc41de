-- Saved audiences (user groups), custom tags and audience packages, the devices carrying tags, and the device
-- indexes the audience compiler needs (counts and keyset pages by id over one app's devices).
CREATE TABLE user_groups (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  conditions jsonb NOT NULL,
  open boolean NOT NULL DEFAULT true,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_groups_app_name_key ON user_groups (app_id, lower(name));

CREATE TABLE tags (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  name text NOT NULL,
  name_en text NOT NULL DEFAULT '',
  code text NOT NULL,
  description text NOT NULL DEFAULT '',
  flag text NOT NULL CHECK (flag IN ('LABEL', 'GROUP')),
  owner_email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_app_code_key ON tags (app_id, lower(code));

-- A join table rather than an int[] on devices: imports are set-based INSERT … ON CONFLICT DO NOTHING that never
-- rewrite the (hot, frequently upserted) device row; deleting a tag is a cascade; per-tag counts are index scans.
-- app_id is carried so the table can be hash-partitioned by app like devices.
CREATE TABLE device_tags (
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  app_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, tag_id)
);
CREATE INDEX device_tags_tag_idx ON device_tags (tag_id, device_id);

-- Keyset pages (app_id = $1 AND … AND id > $n ORDER BY id) walk this index in order.
CREATE INDEX devices_app_id_idx ON devices (app_id, id);
CREATE INDEX devices_app_language_idx ON devices (app_id, language);
CREATE INDEX devices_app_brand_model_idx ON devices (app_id, brand, model);
CREATE INDEX devices_app_version_code_idx ON devices (app_id, app_version_code);
CREATE INDEX devices_app_first_seen_idx ON devices (app_id, first_seen_at);
-- noclick: a device's sends within a window.
CREATE INDEX send_records_device_sent_idx ON send_records (device_id, sent_at);

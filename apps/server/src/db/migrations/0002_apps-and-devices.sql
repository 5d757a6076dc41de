-- Apps (the fields of spec part 1 §3 "App"), their members, and the device store the delivery engine reads.
CREATE TABLE apps (
  id serial PRIMARY KEY,
  title text NOT NULL,
  pkg text NOT NULL,
  description text NOT NULL DEFAULT '',
  logo text NOT NULL DEFAULT '',
  owner_id integer REFERENCES users (id),
  app_key text NOT NULL,
  app_secret_enc text NOT NULL,
  firebase_json_enc text,
  firebase_project_id text NOT NULL DEFAULT '',
  firebase_client_email text NOT NULL DEFAULT '',
  firebase_json_name text NOT NULL DEFAULT '',
  review_enable boolean NOT NULL DEFAULT false,
  material_review_enable boolean NOT NULL DEFAULT false,
  advance_target boolean NOT NULL DEFAULT false,
  limit_enable boolean NOT NULL DEFAULT false,
  limit_count integer NOT NULL DEFAULT 0,
  wifi_report_time integer NOT NULL DEFAULT 6,
  mobile_report_time integer NOT NULL DEFAULT 2,
  upload_file_limit integer NOT NULL DEFAULT 30,
  multi_lang_enable boolean NOT NULL DEFAULT false,
  local_time_enable boolean NOT NULL DEFAULT false,
  display_priority_enable boolean NOT NULL DEFAULT false,
  links_enable boolean NOT NULL DEFAULT true,
  commercial_enable boolean NOT NULL DEFAULT false,
  destroy smallint NOT NULL DEFAULT 0,
  noti_small_icon text NOT NULL DEFAULT '',
  noti_small_icon_color text NOT NULL DEFAULT '',
  last_active_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX apps_pkg_key ON apps (pkg);
CREATE UNIQUE INDEX apps_app_key_key ON apps (app_key);

CREATE TABLE app_members (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  ulevel integer NOT NULL,
  status smallint NOT NULL DEFAULT 0,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_members_app_email_key ON app_members (app_id, email);
CREATE INDEX app_members_user_idx ON app_members (user_id);

-- Narrow rows: everything audience queries filter on, nothing else (the token lives in device_tokens).
CREATE TABLE devices (
  id bigserial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  gaid uuid NOT NULL,
  country text NOT NULL,
  language text NOT NULL,
  brand text NOT NULL,
  model text NOT NULL,
  os_version smallint NOT NULL,
  app_version text NOT NULL,
  app_version_code integer NOT NULL,
  operator text NOT NULL DEFAULT '',
  timezone text NOT NULL,
  utc_offset_min smallint NOT NULL,
  notifications_enabled boolean NOT NULL,
  status smallint NOT NULL DEFAULT 1,
  invalid_reason smallint NOT NULL DEFAULT 0,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz NOT NULL DEFAULT now(),
  app_active_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX devices_app_gaid_key ON devices (app_id, gaid);
CREATE INDEX devices_app_country_idx ON devices (app_id, country);
CREATE INDEX devices_app_active_idx ON devices (app_id, last_active_at);
CREATE INDEX devices_app_offset_idx ON devices (app_id, utc_offset_min);

CREATE TABLE device_tokens (
  device_id bigint PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  token text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per (message, device) that was sent to: the send outcome, and the events the device reported
-- (event_mask bits: 1 received, 2 shown, 4 clicked, 8 dismissed, 16 show_failed, 32 recalled, 64 converted).
-- Events for a (message, device) with no row are ignored; a bit already set makes a repeated event a no-op.
CREATE TABLE send_records (
  message_id bigint NOT NULL,
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  outcome smallint NOT NULL DEFAULT 0,
  loss_code smallint NOT NULL DEFAULT 0,
  attempts smallint NOT NULL DEFAULT 0,
  fcm_name text,
  sent_at timestamptz,
  event_mask smallint NOT NULL DEFAULT 0,
  received_at timestamptz,
  shown_at timestamptz,
  clicked_at timestamptz,
  show_failed_reason smallint,
  PRIMARY KEY (message_id, device_id)
);
CREATE INDEX send_records_device_idx ON send_records (device_id);

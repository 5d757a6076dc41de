-- Messages and the delivery engine's state: waves (local-time schedule), per-device send records (0002), loss and
-- dimension counters, reach over time.
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  msg_type smallint NOT NULL,
  status smallint NOT NULL,
  title text NOT NULL,
  owner_id integer REFERENCES users (id) ON DELETE SET NULL,
  owner_email text NOT NULL,
  data jsonb NOT NULL,
  targeting_type smallint NOT NULL,
  conditions jsonb NOT NULL DEFAULT '[]',
  group_id integer,
  user_ids text[] NOT NULL DEFAULT '{}',
  file_origin text NOT NULL DEFAULT '',
  file_link text NOT NULL DEFAULT '',
  push_count integer NOT NULL,
  target_count integer NOT NULL DEFAULT 0,
  schedule_type smallint NOT NULL,
  schedule_local text,
  schedule_at timestamptz,
  schedule_utc text NOT NULL DEFAULT '+0000',
  ttl_seconds integer NOT NULL,
  speed_limit integer NOT NULL DEFAULT 0,
  restrict_type smallint NOT NULL DEFAULT 1,
  display_prior smallint,
  multi_lang_enable boolean NOT NULL DEFAULT false,
  multi_lang_content jsonb NOT NULL DEFAULT '[]',
  material_id bigint,
  parent_msg_id bigint REFERENCES messages (id) ON DELETE SET NULL,
  reject_reason text NOT NULL DEFAULT '',
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  selected_count integer NOT NULL DEFAULT 0,
  dispatch_count integer NOT NULL DEFAULT 0,
  reach_count integer NOT NULL DEFAULT 0,
  show_count integer NOT NULL DEFAULT 0,
  click_count integer NOT NULL DEFAULT 0,
  dismiss_count integer NOT NULL DEFAULT 0,
  show_fail_count integer NOT NULL DEFAULT 0,
  recalled_count integer NOT NULL DEFAULT 0,
  conversion_count integer NOT NULL DEFAULT 0
);
CREATE INDEX messages_app_idx ON messages (app_id, msg_type, id DESC);

CREATE TABLE message_waves (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  utc_offset_min smallint,
  run_at timestamptz NOT NULL,
  status smallint NOT NULL DEFAULT 0,
  cursor bigint NOT NULL DEFAULT 0,
  selected integer NOT NULL DEFAULT 0
);
CREATE INDEX message_waves_message_idx ON message_waves (message_id);

CREATE TABLE message_losses (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  loss_code smallint NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, loss_code)
);

CREATE TABLE message_show_losses (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  reason smallint NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, reason)
);

-- counters per country (dimension 1) and app version (dimension 2)
CREATE TABLE message_dims (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  dimension smallint NOT NULL,
  key text NOT NULL,
  dispatch integer NOT NULL DEFAULT 0,
  reach integer NOT NULL DEFAULT 0,
  show integer NOT NULL DEFAULT 0,
  click integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, dimension, key)
);

-- received events by minute since the message started
CREATE TABLE message_reach_minutes (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  minute integer NOT NULL,
  reach integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, minute)
);

CREATE INDEX send_records_pending_idx ON send_records (message_id, device_id) WHERE outcome IN (0, 4);

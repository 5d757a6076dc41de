-- Global settings (spec part 1 §3 "Global settings"): one row. limit_switch turns the per-user daily limits on or off
-- platform-wide; tag_switch allows advanced labels in targeting; the day of the daily limits starts at day_time
-- (HH:mm) in timezone (a ±HH:MM offset or an IANA name).
CREATE TABLE global_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  limit_switch boolean NOT NULL DEFAULT true,
  tag_switch boolean NOT NULL DEFAULT true,
  timezone text NOT NULL DEFAULT '+00:00',
  day_time text NOT NULL DEFAULT '00:00' CHECK (day_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO global_settings (id) VALUES (1);

-- Per-user daily limits by message kind (`restricts`): a device gets at most `number` messages of that kind per day.
CREATE TABLE global_restricts (
  option text PRIMARY KEY CHECK (option IN ('total', 'ad', 'distribute', 'content')),
  enable boolean NOT NULL DEFAULT false,
  number integer NOT NULL DEFAULT 0 CHECK (number >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO global_restricts (option, number) VALUES ('total', 10), ('ad', 3), ('distribute', 5), ('content', 5);

-- Sensitive words: the platform list (app_id NULL) and each app's own list; unique per list, case-insensitively.
CREATE TABLE sensitive_words (
  id serial PRIMARY KEY,
  app_id integer REFERENCES apps (id) ON DELETE CASCADE,
  word text NOT NULL CHECK (char_length(word) BETWEEN 1 AND 50),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sensitive_words_list_word_key ON sensitive_words (COALESCE(app_id, 0), lower(word));

-- Admin alerts raised by the platform: one open alert per (app, kind) counts its repeats; resolving closes it and a
-- later occurrence opens a new one. The text is rendered from kind + params in the reader's language.
CREATE TABLE alerts (
  id serial PRIMARY KEY,
  app_id integer REFERENCES apps (id) ON DELETE CASCADE,
  kind text NOT NULL,
  severity text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  first_at timestamptz NOT NULL DEFAULT now(),
  last_at timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1,
  resolved_at timestamptz,
  resolved_by integer REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX alerts_open_key ON alerts (COALESCE(app_id, 0), kind) WHERE resolved_at IS NULL;
CREATE INDEX alerts_open_last_idx ON alerts (last_at DESC) WHERE resolved_at IS NULL;

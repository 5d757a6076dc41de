-- System tracking (spec part 1 §3 "Tracking records", §7 getUserActionTracking): what console users did that the
-- platform follows, written by platform/tracking.ts and read by /tcm/v1/dashboard/tracking (level 100).
-- ev: user_info_new (an account was created) or action (an AI assistant action: ai, ai_error, ai_use, ai_submit);
-- source: where the action started (push, material); domain: the deployment's host ('' = this one's PUBLIC_URL).
-- user_id and app_id keep no foreign key: a record outlives the account or the app it names (email and title stay).
CREATE TABLE tracking_events (
  id bigserial PRIMARY KEY,
  ts timestamptz NOT NULL DEFAULT now(),
  ev text NOT NULL CHECK (ev IN ('user_info_new', 'action')),
  action text NOT NULL DEFAULT '' CHECK (action IN ('', 'ai', 'ai_error', 'ai_use', 'ai_submit')),
  source text NOT NULL DEFAULT '' CHECK (source IN ('', 'push', 'material')),
  app_id integer,
  title text NOT NULL DEFAULT '',
  user_id integer,
  email text NOT NULL DEFAULT '',
  domain text NOT NULL DEFAULT ''
);
-- a tracking page reads a range of days newest first
CREATE INDEX tracking_events_ts_idx ON tracking_events (ts DESC, id DESC);

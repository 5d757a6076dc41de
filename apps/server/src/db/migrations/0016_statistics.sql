-- The statistics domain (DESIGN §7, modules/statistics): every counter kept incrementally by one writer, in the same
-- transaction as the send records and device events it counts, so no report scans send_records.
--
-- Days are UTC days. A device's counts belong to the day it was sent (its send record's sent_at), so for every
-- message and day: push = dispatch + Σ losses, reach ≤ dispatch, show ≤ reach, click ≤ show.

-- where the content came from: 0 written by hand, 1 the AI assistant was used (statistics modes 2 and 3)
ALTER TABLE messages ADD COLUMN content_create_type smallint NOT NULL DEFAULT 0;
-- devices whose send was decided as lost (the message's push = dispatch_count + lost_count)
ALTER TABLE messages ADD COLUMN lost_count integer NOT NULL DEFAULT 0;

-- per message, day of the send, country and app version
CREATE TABLE stat_message_days (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  day date NOT NULL,
  country text NOT NULL,
  app_version text NOT NULL,
  app_id integer NOT NULL,
  push integer NOT NULL DEFAULT 0,
  dispatch integer NOT NULL DEFAULT 0,
  notice_off integer NOT NULL DEFAULT 0,
  reach integer NOT NULL DEFAULT 0,
  show integer NOT NULL DEFAULT 0,
  click integer NOT NULL DEFAULT 0,
  conversion integer NOT NULL DEFAULT 0,
  dismiss integer NOT NULL DEFAULT 0,
  show_fail integer NOT NULL DEFAULT 0,
  recalled integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, day, country, app_version)
);
CREATE INDEX stat_message_days_app_idx ON stat_message_days (app_id, day);

-- dispatch losses per message, day and loss code
CREATE TABLE stat_message_losses (
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  day date NOT NULL,
  loss_code smallint NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, day, loss_code)
);

-- the reports' rollup: per app, day, message type, content origin (ai), country and app version; a 31-day
-- dimension report reads a few thousand rows whatever the number of devices and messages
CREATE TABLE stat_app_days (
  app_id integer NOT NULL,
  day date NOT NULL,
  msg_type smallint NOT NULL,
  ai boolean NOT NULL,
  country text NOT NULL,
  app_version text NOT NULL,
  push integer NOT NULL DEFAULT 0,
  dispatch integer NOT NULL DEFAULT 0,
  notice_off integer NOT NULL DEFAULT 0,
  reach integer NOT NULL DEFAULT 0,
  show integer NOT NULL DEFAULT 0,
  click integer NOT NULL DEFAULT 0,
  conversion integer NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, msg_type, ai, country, app_version)
);

-- which statistics modes (bit m = mode m: 0 all, 1 backend, 2 AI all, 3 AI push) a device showed / clicked a message
-- of on a day; prev_* hold the bits before the last update, so a writer learns exactly which bits it set
CREATE TABLE stat_uv (
  app_id integer NOT NULL,
  day date NOT NULL,
  device_id bigint NOT NULL,
  show_modes smallint NOT NULL DEFAULT 0,
  click_modes smallint NOT NULL DEFAULT 0,
  prev_show smallint NOT NULL DEFAULT 0,
  prev_click smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, device_id)
);

-- unique devices that showed / clicked per app, day, mode, country and app version
CREATE TABLE stat_uv_days (
  app_id integer NOT NULL,
  day date NOT NULL,
  mode smallint NOT NULL,
  country text NOT NULL,
  app_version text NOT NULL,
  show_uv integer NOT NULL DEFAULT 0,
  click_uv integer NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, mode, country, app_version)
);

-- effective (active that day) and new devices per app, day, country and app version
CREATE TABLE stat_user_days (
  app_id integer NOT NULL,
  day date NOT NULL,
  country text NOT NULL,
  app_version text NOT NULL,
  effective integer NOT NULL DEFAULT 0,
  new_users integer NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, country, app_version)
);

-- events that counted nothing (the device was never dispatched the message, or the message is unknown): kept
-- for troubleshooting, one row per (app, device, message)
CREATE TABLE stat_stray_events (
  app_id integer NOT NULL,
  gaid uuid NOT NULL,
  message_id bigint NOT NULL,
  mask smallint NOT NULL,
  first_at timestamptz NOT NULL DEFAULT now(),
  last_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, gaid, message_id)
);

-- the counters of existing messages, rebuilt from their send records (devices as they are now)
INSERT INTO stat_message_days (message_id, day, country, app_version, app_id, push, dispatch, notice_off, reach, show,
                               click, conversion, dismiss, show_fail, recalled)
SELECT s.message_id, (COALESCE(s.sent_at, m.started_at, m.created_at) AT TIME ZONE 'UTC')::date, d.country,
       d.app_version, m.app_id, count(*), count(*) FILTER (WHERE s.outcome = 1),
       count(*) FILTER (WHERE s.outcome = 2 AND s.loss_code = 107),
       count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 1 > 0),
       count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 2 > 0),
       count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 4 > 0),
       count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 64 > 0),
       count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 8 > 0),
       count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 16 > 0),
       count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 32 > 0)
FROM send_records s JOIN messages m ON m.id = s.message_id JOIN devices d ON d.id = s.device_id
WHERE s.outcome IN (1, 2)
GROUP BY 1, 2, 3, 4, 5;

INSERT INTO stat_message_losses (message_id, day, loss_code, count)
SELECT s.message_id, (COALESCE(m.started_at, m.created_at) AT TIME ZONE 'UTC')::date, s.loss_code, count(*)
FROM send_records s JOIN messages m ON m.id = s.message_id
WHERE s.outcome = 2
GROUP BY 1, 2, 3;

INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch, notice_off, reach, show,
                           click, conversion)
SELECT x.app_id, x.day, m.msg_type, false, x.country, x.app_version, sum(x.push), sum(x.dispatch), sum(x.notice_off),
       sum(x.reach), sum(x.show), sum(x.click), sum(x.conversion)
FROM stat_message_days x JOIN messages m ON m.id = x.message_id
WHERE m.msg_type NOT IN (98, 99)
GROUP BY 1, 2, 3, 4, 5, 6;

UPDATE messages m SET dispatch_count = x.dispatch, lost_count = x.push - x.dispatch, reach_count = x.reach,
  show_count = x.show, click_count = x.click, conversion_count = x.conversion, dismiss_count = x.dismiss,
  show_fail_count = x.show_fail, recalled_count = x.recalled
FROM (SELECT message_id, sum(push)::int AS push, sum(dispatch)::int AS dispatch, sum(reach)::int AS reach,
             sum(show)::int AS show, sum(click)::int AS click, sum(conversion)::int AS conversion,
             sum(dismiss)::int AS dismiss, sum(show_fail)::int AS show_fail, sum(recalled)::int AS recalled
      FROM stat_message_days GROUP BY message_id) x
WHERE m.id = x.message_id;

-- the per-message tables the statistics tables replace
DROP TABLE message_losses;
DROP TABLE message_dims;

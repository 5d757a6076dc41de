-- Per-day totals of the app rollups (issue 31 §5): the project trend (a year of days, no country or version filter)
-- summed a million stat_app_days / stat_uv_days rows of a large app for 365 points; these tables hold the same
-- counters without the country and app version, a few rows an app a day. The statistics writer keeps each equal to
-- the sum of its detail rows in the statement that writes them (statistics.writer.ts); StatisticsRepository.counts
-- reads them for the unfiltered by-day read, the detail rows for everything filtered or grouped by country / version.
-- bigint: a day's total of a large app over every country may pass 2³¹ where no (country, version) cell does.

-- Σ stat_app_days over country and app_version
CREATE TABLE stat_app_day_totals (
  app_id integer NOT NULL,
  day date NOT NULL,
  msg_type smallint NOT NULL,
  ai boolean NOT NULL,
  push bigint NOT NULL DEFAULT 0,
  dispatch bigint NOT NULL DEFAULT 0,
  notice_off bigint NOT NULL DEFAULT 0,
  reach bigint NOT NULL DEFAULT 0,
  show bigint NOT NULL DEFAULT 0,
  click bigint NOT NULL DEFAULT 0,
  conversion bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, msg_type, ai)
);

-- Σ stat_uv_days over country and app_version (the daily unique devices of each cell, summed as the reports sum them)
CREATE TABLE stat_uv_day_totals (
  app_id integer NOT NULL,
  day date NOT NULL,
  mode smallint NOT NULL,
  show_uv bigint NOT NULL DEFAULT 0,
  click_uv bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, mode)
);

-- the totals of the rows written so far; the writers wait (SHARE blocks their upserts) so none is missed meanwhile
LOCK TABLE stat_app_days, stat_uv_days IN SHARE MODE;

INSERT INTO stat_app_day_totals (app_id, day, msg_type, ai, push, dispatch, notice_off, reach, show, click, conversion)
SELECT app_id, day, msg_type, ai, sum(push), sum(dispatch), sum(notice_off), sum(reach), sum(show), sum(click),
       sum(conversion)
FROM stat_app_days
GROUP BY app_id, day, msg_type, ai;

INSERT INTO stat_uv_day_totals (app_id, day, mode, show_uv, click_uv)
SELECT app_id, day, mode, sum(show_uv), sum(click_uv)
FROM stat_uv_days
GROUP BY app_id, day, mode;

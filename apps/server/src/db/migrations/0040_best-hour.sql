-- Each device's best hour (issue 32 §2; the rule: @beacon/shared best-hour.ts). A send of schedule type 4 reaches each
-- device within the next 24 hours at the local hour it shows and clicks most, learned from its own events, with its
-- app's pattern when it has too few; a control share of the audience is sent at once.
--
-- Learning is kept up to date by the statistics' counting (statistics.writer.ts) as shows and clicks are counted,
-- never recomputed per send: planning 10M devices reads one smallint per device (devices.best_hour), no history.
-- The histograms live beside the devices (device_hours, only devices that ever showed or clicked) so that a device's
-- row is written only when its best hour changes, which a learned device's seldom does.

-- the device's learned best local hour (0–23); NULL until its weighted events reach BEST_HOUR.minEvents
ALTER TABLE devices ADD COLUMN best_hour smallint;

-- per device: weighted shows and clicks by the local hour the message reached it (24 entries), and their sum
CREATE TABLE device_hours (
  device_id bigint PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  counts integer[] NOT NULL,
  total integer NOT NULL
);

-- per app: the same added up over every device, the fallback of devices with too little history
CREATE TABLE app_hours (
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  hour smallint NOT NULL,
  weight bigint NOT NULL,
  PRIMARY KEY (app_id, hour)
);

-- the control share (%) a best-hour message was saved with; what its plan fixed: the fallback hour of devices with
-- too little history and the UTC minute of the day its waves count from (so that every wave assigns a device alike)
ALTER TABLE messages ADD COLUMN control_share smallint NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN best_fallback_hour smallint;
ALTER TABLE messages ADD COLUMN best_start_min smallint;

-- a best-hour wave: -1 the control group; else the devices whose best hour starts at most this many minutes after
-- the plan's start and that have no send record of the message yet (a device whose hour moved meanwhile is still sent
-- once: by the first wave at or after its new hour, at the latest the last one)
ALTER TABLE message_waves ADD COLUMN best_minutes smallint;

-- The activity of an app's global control group against everyone else, by day (issue 34 §1, docs/control-groups.md):
-- the devices active for the first time that UTC day (a registration, heartbeat or event report — as stat_user_days
-- counts them), split by whether the device was in the control group then; written by the same statement as
-- stat_user_days, only for apps whose control group is on.
CREATE TABLE stat_control_days (
  app_id integer NOT NULL,
  day date NOT NULL,
  in_control boolean NOT NULL,
  active integer NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, in_control)
);

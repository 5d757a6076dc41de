-- One FCM quota per Firebase project, shared by every sending process on every host (docs/scaling.md, The FCM
-- quota). The quota is a setting of the app (its project's messages per minute; FCM's default 600,000); the pace of
-- a project is one timeline in the database: a sending process reserves the next slots (a fifth of a second of the
-- rate) by moving `next_at` forward (EngineRepository.reserveProjectPace). A project-quota 429 halves `factor` for
-- every sender (at most once a second); it grows back by 2 % of the quota a second.
ALTER TABLE apps ADD COLUMN fcm_quota_per_min integer NOT NULL DEFAULT 600000;

CREATE TABLE fcm_project_pace (
  project_id text PRIMARY KEY,
  next_at timestamptz NOT NULL,
  factor double precision NOT NULL DEFAULT 1,
  touched_at timestamptz NOT NULL,
  lowered_at timestamptz
);

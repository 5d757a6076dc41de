-- Simulated device fleets of the sandbox (built-in FCM emulator): restarted with `beacon serve` from their seed.
CREATE TABLE sandbox_fleets (
  app_id integer PRIMARY KEY REFERENCES apps (id) ON DELETE CASCADE,
  device_count integer NOT NULL,
  seed integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

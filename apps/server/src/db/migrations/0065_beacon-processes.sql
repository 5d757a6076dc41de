-- The Beacon processes of the deployment (the platform's System status, docs/operations.md): each process writes its
-- row when it starts and its heartbeat every 15 s, and deletes it when it stops. A row whose heartbeat is older than
-- 45 s is a process that stopped without saying so (killed, its host lost or cut off); it is shown as not answering
-- for a day, then deleted by the heartbeats of the others. One row write per process every 15 s.
CREATE TABLE beacon_processes (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  roles text[] NOT NULL,
  version text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);

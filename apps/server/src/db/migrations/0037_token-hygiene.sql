-- Token hygiene and uninstalls (issue 32 §4, @beacon/shared contracts/token-hygiene.ts).
--
-- apps.stale_days: the app's own inactivity limit, 0 (off) or 30–270 days. A device that has sent nothing for that
-- long, or whose token and activity are both older than FCM's 270-day expiry, is stale: the delivery engine's filter
-- stage drops it with loss 111 (batch.repository.ts page), so a dispatched device is a reachable one.
ALTER TABLE apps ADD COLUMN stale_days smallint NOT NULL DEFAULT 0;

-- Uninstalls: a device FCM answered UNREGISTERED for, counted once when it is marked uninstalled (a device marked
-- already is not counted again until it registers anew), on the UTC day of the answer, under the message that preceded
-- it: the last reported message (not a preview or recall) FCM accepted for the device before the refused send, 0 when
-- none did. Written by the statistics writer (countUninstalls) in the transaction that records the answer.
CREATE TABLE stat_uninstalls (
  app_id integer NOT NULL,
  day date NOT NULL,
  preceding_message_id bigint NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, preceding_message_id)
);

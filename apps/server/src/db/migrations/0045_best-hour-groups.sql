-- A best-hour message's control group and the rest, counted as they happen (issue 32 §2's lift), instead of one pass
-- over the message's send records with a hash per record each time its detail opens (seconds at 10M devices). The
-- control group's dispatches are counted with the control wave's batches (statistics.writer.ts countSends), its shows
-- and clicks by the counting statement (the device's bucket for the message, as the plan split them: audience-source
-- abBucketSql); the rest is the message's total minus them, so the two groups always add up to its funnel.
ALTER TABLE messages ADD COLUMN control_dispatch integer NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN control_show integer NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN control_click integer NOT NULL DEFAULT 0;

-- best-hour messages sent before this migration: counted once from their records (bits 2 shown, 4 clicked; outcome 1
-- dispatched; buckets of 10,000 as AB_BUCKETS, the share's cut as @beacon/shared controlBuckets)
UPDATE messages m SET control_dispatch = k.dispatched, control_show = k.show, control_click = k.click
FROM (
  SELECT s.message_id,
         count(*) FILTER (WHERE s.outcome = 1)::int AS dispatched,
         count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 2 > 0)::int AS show,
         count(*) FILTER (WHERE s.outcome = 1 AND s.event_mask & 4 > 0)::int AS click
  FROM send_records s JOIN messages bm ON bm.id = s.message_id
  WHERE bm.schedule_type = 4 AND bm.control_share > 0
    AND ((('x' || substr(md5(s.message_id::text || ':' || s.device_id::text), 1, 8))::bit(32)::int & 2147483647) % 10000)
        < bm.control_share * 100
  GROUP BY s.message_id
) k
WHERE m.id = k.message_id;

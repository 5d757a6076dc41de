-- Audience estimates of attribute conditions (issue 33 §3, p95 ≤ 50 ms at 10M devices): 0013's sample index again,
-- with two changes (apps/server/src/audience/sampled-estimate.ts):
-- 1. user_id among the included columns. An attribute condition looks up the device's user (app_users by primary
--    key); without user_id in the index every sampled device was also read from the heap (a random devices page
--    each, ≈ 10,000 a call at 10M), while the other conditions' samples are index-only.
-- 2. The key is the device's sample slice, (bucket × 16 + the next 4 bits of the same hash), not its bucket: an
--    estimate reads slices 0 … k−1 (k is rarely a whole number of buckets) and then, when it found few matches,
--    slices k … m−1; keyed by bucket, each of those counts read its whole bucket range and filtered the slices out.
--    Slice s < 2048 ⟺ bucket < 128: the same devices as 0013's, 1 in 8.
-- Inside the migration's transaction, so not CONCURRENTLY: on a large existing devices table the build holds a
-- write lock on devices while it runs (≈ 2 s at 10M devices).
DROP INDEX devices_app_sample_idx;
DROP STATISTICS devices_sample_bucket_stats;
CREATE INDEX devices_app_sample_idx ON devices (app_id, (((hashint8(id) & 1023) * 16) + ((hashint8(id) >> 10) & 15)))
  INCLUDE (id, user_id, country, language, brand, model, os_version, app_version, app_version_code, operator, last_active_at, first_seen_at)
  WHERE (((hashint8(id) & 1023) * 16) + ((hashint8(id) >> 10) & 15)) < 2048;
-- The planner's row estimate for "slice < k" (and so its plan for the sampled count) needs the slice's distribution:
-- extended statistics on the expression, gathered by ANALYZE.
CREATE STATISTICS devices_sample_slice_stats ON ((((hashint8(id) & 1023) * 16) + ((hashint8(id) >> 10) & 15))) FROM devices;

-- Audience estimates on large apps (getMessageTargetMax): a deterministic sample of the devices, 1 in 8, read
-- through one partial covering index. A device's sample bucket is (hashint8(id) & 1023): the hash of the id is
-- independent of every targeting attribute, so counting the devices of buckets 0 … k−1 that match the conditions
-- and scaling by 1024 / k is an unbiased estimate of the whole count (apps/server/src/audience/sampled-estimate.ts
-- picks k so that a bounded number of rows is read whatever the app's size; apps under 100,000 devices are counted
-- exactly). The key (app_id, bucket) makes "buckets < k of one app" one index range; the included columns are
-- every devices column the condition compiler reads, so the count is an index-only scan (id for the tag and
-- send-record lookups). Sends never use it: the delivery engine and the save-time check count the exact audience.
-- Inside the migration's transaction, so not CONCURRENTLY: on a large existing devices table the build holds a
-- write lock on devices while it runs (seconds per million devices).
CREATE INDEX devices_app_sample_idx ON devices (app_id, (hashint8(id) & 1023))
  INCLUDE (id, country, language, brand, model, os_version, app_version, app_version_code, operator, last_active_at, first_seen_at)
  WHERE (hashint8(id) & 1023) < 128;
-- The planner's row estimate for "bucket < k" (and so its plan for the sampled count) needs the bucket's
-- distribution: extended statistics on the expression, gathered by ANALYZE.
CREATE STATISTICS devices_sample_bucket_stats ON (hashint8(id) & 1023) FROM devices;

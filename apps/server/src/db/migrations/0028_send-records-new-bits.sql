-- The event bits a device's latest events newly set on its send record, written by the same UPDATE that sets them:
-- the device API's flush reads them back from that UPDATE (RETURNING) to queue them for counting, instead of first
-- locking each send record in a separate step to read its bits before (one index probe and one row lock per event
-- fewer; measured with `npm run bench -- ingest`).
ALTER TABLE send_records ADD COLUMN new_bits smallint NOT NULL DEFAULT 0;

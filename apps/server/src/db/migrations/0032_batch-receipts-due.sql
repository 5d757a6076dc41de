-- Exactly once across faults (docs/scaling.md): a device's send record is written in flight (outcome 4) before its
-- FCM request, and a batch taken over from a worker that died or lost the database resolves the sends that worker left
-- in flight by the devices' receipts, not by sending them again blindly. `receipts_due` is when those receipts are in:
-- the takeover (or a run that failed mid-send) plus the receipt window, BEACON_RECEIPT_WINDOW_SECONDS. Null: no
-- unresolved send of an earlier run.
ALTER TABLE message_batches ADD COLUMN receipts_due timestamptz;

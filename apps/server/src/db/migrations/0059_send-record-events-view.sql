-- Send records at a lower cost (issue 31 §6; docs/plans/issue-31-send-records.md): one place to read a send's event
-- state. Every statement that reads a send record's event bits or times (event_mask, received_at, shown_at, clicked_at,
-- show_failed_reason) reads them from this view instead of send_records; the writers (the events UPDATE, the engine's
-- inserts) stay on the table. For now the view is the table itself, and the planner inlines it: the same plans.
-- Migration 0060 moves the event state of new sends into pages of 64 sends of a message and redefines this view
-- (CREATE OR REPLACE VIEW: these columns in this order, possibly more appended), so that no reader changes again.
-- The table's columns in its order, but new_bits: it exists only for the events UPDATE's own RETURNING (migration 0028).
CREATE VIEW send_record_events AS
SELECT message_id, device_id, outcome, loss_code, attempts, fcm_name, sent_at, event_mask, received_at, shown_at,
       clicked_at, show_failed_reason, not_before, batch_id, fcm_id
FROM send_records;

-- Forecast before send (issue 12 item 8): what the audience estimate's devices would lose to each dispatch-loss reason
-- and how many would be sent, computed with the delivery engine's filters and policies when the message was saved
-- (the shared contract's MessageForecast: exact, error, send, sendError, losses [{type, count, error}], at). The
-- message detail shows it beside the losses the send counted. NULL: saved before this migration, or a test preview.
ALTER TABLE messages ADD COLUMN forecast jsonb;

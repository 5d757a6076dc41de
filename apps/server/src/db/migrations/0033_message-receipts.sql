-- How far the device API has got with each message's receipts (docs/scaling.md, "Exactly once across faults"): when
-- it last applied events of the message to its send records (`acked_at`), and the earliest time the devices stamped on
-- those events (`stamped_from`: when they received, showed or clicked it; at most `acked_at`). Receipts lag behind
-- their sends by the device API's backlog, which grows with load; a batch's ambiguous sends (left in flight by a
-- worker that died or lost the database) are resolved by their receipts only once the device API applies events
-- stamped after them, or none at all for a while (InFlightRepository.resolveAmbiguous). Written by the events'
-- statement (EventsRepository.apply). No foreign key: that statement must not lock the message row, which the engine
-- locks before the send records.
CREATE TABLE message_receipts (
  message_id bigint PRIMARY KEY,
  stamped_from timestamptz,
  acked_at timestamptz NOT NULL
);

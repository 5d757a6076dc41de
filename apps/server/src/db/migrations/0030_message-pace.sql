-- A speed-limited message's pace, shared by every process that sends it: the time its next unreserved send slot
-- starts. A sending process reserves the next slots (a fifth of a second of the rate) by moving it forward
-- (EngineRepository.reservePace), so several worker processes together never exceed the message's speed limit.
CREATE TABLE message_pace (
  message_id bigint PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  next_at timestamptz NOT NULL
);

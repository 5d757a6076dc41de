-- Journeys (issue 15, docs/journeys.md): a parent message (msg_type 9) whose definition (steps, branches, estimates)
-- lives in its data until it is confirmed; then each step is a child message. A later step is "gated": the engine
-- sends it only to its members, the devices its branch took from the source step's send records at the transition.
ALTER TABLE messages
  ADD COLUMN journey_gated boolean NOT NULL DEFAULT false,
  ADD COLUMN display_conditions jsonb,
  ADD COLUMN canvas_position jsonb,
  ADD COLUMN journey_due_at timestamptz,
  ADD COLUMN journey_entered_at timestamptz;

-- A device is in at most one branch of a source step (the primary key), and a step's audience is its members.
CREATE TABLE journey_members (
  source_id bigint NOT NULL,
  device_id bigint NOT NULL,
  step_id bigint NOT NULL,
  PRIMARY KEY (source_id, device_id)
);
CREATE INDEX journey_members_step_idx ON journey_members (step_id, device_id);
-- the sweep: steps waiting for their turn
CREATE INDEX messages_journey_waiting_idx ON messages (parent_msg_id)
  WHERE journey_gated AND journey_entered_at IS NULL;

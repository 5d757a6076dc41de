-- An event-started journey's steps are live (issue 33 §5, docs/journeys.md "Entry on an event"): each is a message
-- that keeps sending while the journey runs, one wave per feed of new members. A device that enters becomes a member
-- of the entry step; a later step takes each of its source's devices once that device's own wait has ended.

-- A live step never finishes by itself (the engine leaves it sending); `journey_fed_until` is the instant up to which
-- its feed has taken the devices whose wait ended (a later step reads its source's send records from there).
ALTER TABLE messages
  ADD COLUMN journey_live boolean NOT NULL DEFAULT false,
  ADD COLUMN journey_fed_until timestamptz;

-- The wave that sends to a member of a live step (NULL: a set-based step's member, or a live entry's member not yet
-- given a wave). The engine sends a live step's wave to its own members only.
ALTER TABLE journey_members ADD COLUMN wave_id bigint;
CREATE INDEX journey_members_unfed_idx ON journey_members (step_id) WHERE wave_id IS NULL;
CREATE INDEX journey_members_wave_idx ON journey_members (wave_id, device_id) WHERE wave_id IS NOT NULL;

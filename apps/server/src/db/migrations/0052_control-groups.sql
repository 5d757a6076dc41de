-- Control groups (issue 34 §1, docs/control-groups.md): an app's global control group, a share of its devices chosen
-- by a stable hash (@beacon/shared contracts/control-groups.ts) that receives no campaign message; the engine records
-- its members in a message's audience as lost with code 113 (targeted, not sent).
ALTER TABLE apps ADD COLUMN control_group jsonb NOT NULL DEFAULT '{"share": 0, "exceptTransactional": true}'::jsonb;

-- A message's own control share (%, 0 none): that share of its audience, by a stable hash of the device and the
-- message, is targeted and not sent (loss 114); its lift is measured against them and the app's control members.
ALTER TABLE messages ADD COLUMN holdout_share smallint NOT NULL DEFAULT 0;

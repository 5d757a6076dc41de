-- Control groups (issue 34 §1, docs/control-groups.md): an app's global control group, a share of its devices chosen
-- by a stable hash (@beacon/shared contracts/control-groups.ts) that receives no campaign message; the engine records
-- its members in a message's audience as lost with code 113 (targeted, not sent).
ALTER TABLE apps ADD COLUMN control_group jsonb NOT NULL DEFAULT '{"share": 0, "exceptTransactional": true}'::jsonb;

-- The material library (issue 14, docs/materials.md): reusable content of an app — a notification of the system
-- (type 1) or button (type 2) design, or a cross message (type 3) — with its languages and national attributes.
-- Status (MaterialStatus): 1 passed, 2 in the recycle bin, 3 waiting for review, 4 rejected, 100 deleted permanently.
-- Rows are never deleted: a permanent delete is status 100, which hides the material everywhere; messages keep
-- naming it in messages.material_id (no foreign key: messages saved before this table may name ids that never
-- existed, and nothing here deletes a row).
CREATE TABLE materials (
  id bigserial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  material_type smallint NOT NULL CHECK (material_type IN (1, 2, 3)),
  title text NOT NULL,
  attribute text NOT NULL DEFAULT '',
  -- the noti_* fields (types 1, 2) or the cross message's data (type 3), as a message carries them
  data jsonb NOT NULL,
  multi_lang_enable boolean NOT NULL DEFAULT false,
  multi_lang_content jsonb NOT NULL DEFAULT '[]',
  push_country_set text[] NOT NULL DEFAULT '{}',
  not_push_country_set text[] NOT NULL DEFAULT '{}',
  -- 1 when AI content was used
  content_create_type smallint NOT NULL DEFAULT 0,
  -- 1 by hand (console, Excel import), 2 through the API
  create_type smallint NOT NULL,
  status smallint NOT NULL,
  -- the status a material in the recycle bin (2) returns to when restored
  status_before_delete smallint,
  reject_reason text NOT NULL DEFAULT '',
  owner_id integer REFERENCES users (id) ON DELETE SET NULL,
  owner_email text NOT NULL,
  -- the message it was built from ("upload as material")
  msg_id bigint,
  -- SHA-256 of the content (data and languages): one live material (1, 3, 4) per app, type and content
  content_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  reviewed_by integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz
);
CREATE INDEX materials_list_idx ON materials (app_id, material_type, status, created_at DESC);
CREATE UNIQUE INDEX materials_live_content_idx ON materials (app_id, material_type, content_hash)
  WHERE status IN (1, 3, 4);
-- a material's messages (its counters and report)
CREATE INDEX messages_material_idx ON messages (material_id) WHERE material_id IS NOT NULL;

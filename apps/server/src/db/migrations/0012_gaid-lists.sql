-- File targeting (types 6 and 7): GAID lists from an uploaded .txt file or a fetched file link. A list is written in
-- batches while the file streams in and becomes usable only when `ready` (a refused or broken file leaves nothing a
-- message can name); messages name a list by its id in messages.file_origin.
CREATE TABLE message_gaid_uploads (
  id uuid PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  source smallint NOT NULL,
  name text NOT NULL DEFAULT '',
  link text NOT NULL DEFAULT '',
  size_bytes bigint NOT NULL DEFAULT 0,
  gaid_count integer NOT NULL DEFAULT 0,
  duplicate_count integer NOT NULL DEFAULT 0,
  ready boolean NOT NULL DEFAULT false,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_gaid_uploads_app_idx ON message_gaid_uploads (app_id, created_at);

CREATE TABLE message_gaid_lists (
  list_id uuid NOT NULL REFERENCES message_gaid_uploads (id) ON DELETE CASCADE,
  gaid uuid NOT NULL,
  PRIMARY KEY (list_id, gaid)
);

-- Service-account JSON files uploaded in the create-app dialog before the app exists: sealed (AES-GCM), owned by the
-- uploader, referenced by a random handle (the `origin` the console passes as appFireBaseJsonId).
CREATE TABLE firebase_uploads (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  json_enc text NOT NULL,
  project_id text NOT NULL,
  client_email text NOT NULL,
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX firebase_uploads_created_idx ON firebase_uploads (created_at);
CREATE INDEX apps_owner_idx ON apps (owner_id);

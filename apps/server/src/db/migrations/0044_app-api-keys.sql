-- Per-app API keys (issue 33 §6): the operator's own systems call the console API with `Authorization: Bearer
-- bk_live_…`. The key is a high-entropy random secret, so its SHA-256 is enough to store (no slow hash: a lookup per
-- request must stay cheap); `prefix` is its first characters, shown in the listing to recognise it. Scopes are the
-- names of API_KEY_SCOPES (@beacon/shared contracts/api-keys.ts). A key acts with its creator's name on what it writes
-- (a message's owner, a material's author); a key whose creator's account is gone is refused.
CREATE TABLE app_api_keys (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  hash bytea NOT NULL,
  scopes text[] NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_by_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- written at most once a minute per process (API_KEY_LIMITS.lastUsedSeconds), not on every call
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX app_api_keys_hash_key ON app_api_keys (hash);
CREATE INDEX app_api_keys_app_idx ON app_api_keys (app_id, id);

-- a transactional send (POST …/transactional/send) is a message of its own with this message's content; it is not
-- listed among the app's messages, and is read by its id
ALTER TABLE messages ADD COLUMN transactional_of bigint REFERENCES messages (id) ON DELETE SET NULL;
CREATE INDEX messages_transactional_of_idx ON messages (transactional_of) WHERE transactional_of IS NOT NULL;

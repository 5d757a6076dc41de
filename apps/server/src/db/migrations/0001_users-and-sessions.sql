CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  ulevel integer NOT NULL DEFAULT 0,
  source integer NOT NULL DEFAULT 2,
  description text NOT NULL DEFAULT '',
  organization text NOT NULL DEFAULT '',
  oidc_subject text,
  activated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  id_token text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE user_tokens (
  id text PRIMARY KEY,
  kind text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, kind);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_at_idx ON login_failures (key, at);

-- Uploaded files (logos, icons, pictures, GAID lists), addressed by SHA-256, served at /files/<sha>.<ext>.
CREATE TABLE files (
  sha256 text PRIMARY KEY,
  ext text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  width integer,
  height integer,
  name text NOT NULL DEFAULT '',
  data bytea NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

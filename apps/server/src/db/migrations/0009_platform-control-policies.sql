-- Platform control policies edited on /platformsettings by levels 100 and 150 (spec part 1 §2, §3) and read at
-- send time by the policy evaluator (apps/server/src/policy), plus the audit log of every policy change.

-- Phone-model shielding (spec part 1 §3 "Phone-model control entry"). shield_type 1: ad shielding (ad messages
-- only), 2: global shielding (every message kind). tier 1 flagship, 2 mid-high-end, 3 other. brand and model are
-- stored upper case as entered; protect_* are months of device age during which the device is shielded
-- (999 = always, 0 = never); protect_new_market applies to devices in the new-market countries.
CREATE TABLE model_control_entries (
  id serial PRIMARY KEY,
  shield_type smallint NOT NULL CHECK (shield_type IN (1, 2)),
  tier smallint NOT NULL CHECK (tier IN (1, 2, 3)),
  brand text NOT NULL CHECK (length(brand) BETWEEN 1 AND 50),
  model text NOT NULL CHECK (model ~ '^[A-Z][A-Z0-9]{0,49}$'),
  protect_default smallint NOT NULL CHECK (protect_default BETWEEN 0 AND 999),
  protect_new_market smallint NOT NULL CHECK (protect_new_market BETWEEN 0 AND 999),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX model_control_entries_key ON model_control_entries (shield_type, brand, model);

-- The new-market (1) and old-market (2) country lists of the model shielding; a country is in at most one.
CREATE TABLE model_control_countries (
  country text PRIMARY KEY CHECK (country ~ '^[A-Z]{2}$'),
  market smallint NOT NULL CHECK (market IN (1, 2)),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A parsed model spreadsheet waiting for confirmation: the rows to add and change, applied all at once by the
-- confirm call (any API process can confirm what another parsed). Old previews are deleted on the next upload.
CREATE TABLE model_control_uploads (
  id uuid PRIMARY KEY,
  shield_type smallint NOT NULL CHECK (shield_type IN (1, 2)),
  rows jsonb NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- App control (spec part 1 §3 "App control entry"): control_type 1 notification-control apps (the model
-- shielding applies to them), 2 global-whitelist apps (exempt from global shielding).
CREATE TABLE app_control_entries (
  id serial PRIMARY KEY,
  app_id integer NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  control_type smallint NOT NULL CHECK (control_type IN (1, 2)),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_control_entries_key ON app_control_entries (control_type, app_id);

-- Who changed which platform policy, when, from what to what. area names the policy family (models, apps,
-- forbid, global-settings, …), target the thing changed inside it; values are JSON snapshots (null when absent).
CREATE TABLE policy_audit (
  id bigserial PRIMARY KEY,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor_email text NOT NULL,
  area text NOT NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  old_value jsonb,
  new_value jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX policy_audit_at_idx ON policy_audit (at DESC, id DESC);
CREATE INDEX policy_audit_area_at_idx ON policy_audit (area, at DESC);

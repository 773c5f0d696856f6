-- Smart groups (issue 41): a saved rule over one company's devices (tags, type, office or department, position, status,
-- player version, name or serial pattern). Members are never stored for the group itself: every read computes them.
CREATE TABLE IF NOT EXISTS smart_groups (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (btrim(name) <> ''),
  rule jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS smart_groups_company_name ON smart_groups (company_id, lower(name));

-- A campaign's screens may come through smart groups as well as by hand. campaign_devices keeps one row per screen
-- (the compiler, counts and pages read it as before): `picked` says an operator chose it, `via_groups` which of the
-- campaign's groups it matches now. The server keeps via_groups current (server/db/smartGroups.ts syncSmartCampaigns)
-- on every device write, rule change and campaign save, and a row neither picked nor matched goes: its insert and
-- delete queue the device's compile through the existing triggers, so any instance's compiler takes it.
CREATE TABLE IF NOT EXISTS campaign_smart_groups (
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES smart_groups(id) ON DELETE RESTRICT,
  PRIMARY KEY (campaign_id, group_id)
);
CREATE INDEX IF NOT EXISTS campaign_smart_groups_group ON campaign_smart_groups (group_id);
ALTER TABLE campaign_devices
  ADD COLUMN IF NOT EXISTS picked boolean NOT NULL DEFAULT true,
  ADD COLUMN IF NOT EXISTS via_groups integer[] NOT NULL DEFAULT '{}';

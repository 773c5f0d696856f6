-- Emergency overrides (issue 25): one media file or playlist on chosen devices, offices or a whole company, above every
-- schedule, until cleared or until ends_at. An override is part of each reached device's compiled schedule as its top
-- priority (server/domain/schedules.ts), so it survives a player restart and travels the schedule's own path.
-- Targets are kept as chosen (device ids, office ids, or one company id) and resolved at each compile, so a device that
-- joins a targeted office while the override runs takes it too. All targets lie in one company (company_id; null only
-- for the administrator's devices outside any office).
CREATE TABLE overrides (
  id serial PRIMARY KEY,
  company_id integer REFERENCES companies(id) ON DELETE CASCADE,
  target_kind text NOT NULL CHECK (target_kind IN ('devices', 'offices', 'company')),
  target_ids integer[] NOT NULL,
  media_id integer REFERENCES media_files(id) ON DELETE RESTRICT,
  playlist_id integer REFERENCES playlists(id) ON DELETE RESTRICT,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  cleared_at timestamptz,
  cleared_by integer REFERENCES users(id) ON DELETE SET NULL,
  -- Its end time has passed and its devices were queued for compiling (once, by whichever instance got there first).
  settled boolean NOT NULL DEFAULT false,
  CHECK ((media_id IS NULL) <> (playlist_id IS NULL))
);
-- Compiles read the running overrides (usually none): a small partial index keeps that read free.
CREATE INDEX overrides_running_idx ON overrides (id) WHERE cleared_at IS NULL AND NOT settled;
CREATE INDEX overrides_company_idx ON overrides (company_id, id);

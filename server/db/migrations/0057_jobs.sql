-- Jobs (issue 41): a bulk action over devices (reboot, screenshot, tags, office, on/off, add to a campaign) asked for in
-- one request and run in batches by whichever instance claims it. A claim is a lease (lease_id, lease_until): the
-- instance that holds it extends it with every batch and lets it go when it stops; a lease that ran out (its instance
-- died) is taken by the next instance that looks, which goes on from `done`. Each batch applies the action to the
-- next slice of `targets` (fixed when the job was made, in id order) and moves `done` in the same transaction, so a
-- device is acted on once whatever instance goes on with the job. Failures are one row per device with a stable code.
CREATE TABLE IF NOT EXISTS jobs (
  id serial PRIMARY KEY,
  kind text NOT NULL DEFAULT 'device_bulk',
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  targets integer[] NOT NULL,
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'cancelled')),
  lease_id text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS jobs_open ON jobs (id) WHERE status IN ('queued', 'running');
CREATE INDEX IF NOT EXISTS jobs_user ON jobs (user_id, id DESC);

CREATE TABLE IF NOT EXISTS job_failures (
  job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  device_id integer NOT NULL,
  reason text NOT NULL,
  PRIMARY KEY (job_id, device_id)
);

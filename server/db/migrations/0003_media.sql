CREATE TABLE directory_queries (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  value text NOT NULL,
  type text NOT NULL CHECK (type IN ('video', 'image')),
  device text NOT NULL,
  screen text NOT NULL CHECK (screen IN ('horizontal', 'vertical', 'unknown')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media_files (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  screen_position text NOT NULL CHECK (screen_position IN ('horizontal', 'vertical', 'unknown')),
  device_type text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('video', 'image')),
  original_name text NOT NULL,
  source_ext text NOT NULL,
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  duration double precision,
  width integer,
  height integer,
  video_codec text,
  has_preview boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready_to_play', 'playing', 'failed')),
  failure_reason text,
  uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_files_uploaded_idx ON media_files (uploaded_at DESC, id DESC);
CREATE INDEX media_files_status_idx ON media_files (status);

-- The processing queue: one row per unit of work (probe of a file, render of a file into one preset).
-- A retry or a changed preset re-queues the same row.
CREATE TABLE media_jobs (
  id serial PRIMARY KEY,
  media_id integer NOT NULL REFERENCES media_files(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('probe', 'render')),
  query_id integer REFERENCES directory_queries(id) ON DELETE CASCADE,
  preset text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  error text,
  output_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  heartbeat_at timestamptz,
  CHECK ((kind = 'probe') = (query_id IS NULL))
);
CREATE UNIQUE INDEX media_jobs_unit_idx ON media_jobs (media_id, kind, COALESCE(query_id, 0));
CREATE INDEX media_jobs_status_idx ON media_jobs (status, id);

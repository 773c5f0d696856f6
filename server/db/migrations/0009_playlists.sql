-- Playlists: what screens play. Tracks are the editable draft; a commit snapshots them into an immutable version,
-- and the versions are what device schedules reference.
CREATE TABLE playlists (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 30),
  screen_position text NOT NULL CHECK (screen_position IN ('horizontal', 'vertical', 'unknown')),
  -- The last committed version (0: never committed); committed: the tracks equal that version.
  version integer NOT NULL DEFAULT 0,
  committed boolean NOT NULL DEFAULT false,
  -- Kept by every track change in the same transaction: the list shows them without reading tracks.
  tracks_count integer NOT NULL DEFAULT 0,
  duration double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX playlists_created_idx ON playlists (created_at DESC, id DESC);

CREATE TABLE playlist_tracks (
  id serial PRIMARY KEY,
  playlist_id integer NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
  media_id integer NOT NULL REFERENCES media_files(id) ON DELETE RESTRICT,
  position integer NOT NULL CHECK (position >= 1),
  duration double precision NOT NULL CHECK (duration > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Deferred: a reorder rewrites every position in one statement and is checked at commit.
  CONSTRAINT playlist_tracks_position_key UNIQUE (playlist_id, position) DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX playlist_tracks_media_idx ON playlist_tracks (media_id);

CREATE TABLE playlist_versions (
  playlist_id integer NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  -- [{media, duration}] in play order.
  tracks jsonb NOT NULL,
  duration double precision NOT NULL,
  committed_by integer REFERENCES users(id) ON DELETE SET NULL,
  committed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (playlist_id, version)
);
-- Media held by committed versions: a file a screen may still play cannot be deleted.
CREATE INDEX playlist_versions_media_idx ON playlist_versions USING gin (tracks jsonb_path_ops);

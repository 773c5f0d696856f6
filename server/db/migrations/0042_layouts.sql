-- Layouts (issue 36): several zones on one screen. A layout is a canvas in its own pixels with a background (a colour,
-- and optionally an image over it) and up to 16 zones; each zone plays a playlist (its committed version) or one
-- media file. Like playlists, the zones are the editable draft and a commit snapshots the whole layout into an
-- immutable version; events and screens play versions only.
CREATE TABLE layouts (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 60),
  company_id integer REFERENCES companies(id) ON DELETE SET NULL,
  screen_position text NOT NULL CHECK (screen_position IN ('horizontal', 'vertical', 'unknown')),
  width integer NOT NULL CHECK (width BETWEEN 32 AND 7680),
  height integer NOT NULL CHECK (height BETWEEN 32 AND 7680),
  background_color text NOT NULL DEFAULT '#000000' CHECK (background_color ~ '^#[0-9a-f]{6}$'),
  -- An image drawn over the colour, scaled to cover the canvas. A file a layout shows cannot be deleted.
  background_media_id integer REFERENCES media_files(id) ON DELETE RESTRICT,
  -- The last committed version (0: never committed); committed: the draft equals that version.
  version integer NOT NULL DEFAULT 0,
  committed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layouts_created_idx ON layouts (created_at DESC, id DESC);
CREATE INDEX layouts_company_idx ON layouts (company_id);

-- The draft's zones, in the layout's pixels. The id is kept across edits and versions: the player reports plays
-- with it (POST /player/plays/ zone). content: a playlist or one media file (exactly one), or none while drafting
-- (a commit refuses an empty zone).
CREATE TABLE layout_zones (
  id serial PRIMARY KEY,
  layout_id integer NOT NULL REFERENCES layouts(id) ON DELETE CASCADE,
  name text NOT NULL,
  x integer NOT NULL CHECK (x >= 0),
  y integer NOT NULL CHECK (y >= 0),
  width integer NOT NULL CHECK (width >= 32),
  height integer NOT NULL CHECK (height >= 32),
  z integer NOT NULL,
  -- Order in the editor's list (the order the operator's last save sent).
  position integer NOT NULL,
  playlist_id integer REFERENCES playlists(id) ON DELETE RESTRICT,
  media_id integer REFERENCES media_files(id) ON DELETE RESTRICT,
  CHECK (playlist_id IS NULL OR media_id IS NULL)
);
CREATE INDEX layout_zones_layout_idx ON layout_zones (layout_id, position);
CREATE INDEX layout_zones_playlist_idx ON layout_zones (playlist_id) WHERE playlist_id IS NOT NULL;
CREATE INDEX layout_zones_media_idx ON layout_zones (media_id) WHERE media_id IS NOT NULL;

-- Committed versions: {width, height, background: {color, media}, zones: [{id, name, x, y, width, height, z,
-- content: {kind, id}}]} as the draft was at the commit. Immutable; what published events and overrides play. A
-- playlist zone plays the playlist's last committed version, as a playlist event does.
CREATE TABLE layout_versions (
  layout_id integer NOT NULL REFERENCES layouts(id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  body jsonb NOT NULL,
  committed_by integer REFERENCES users(id) ON DELETE SET NULL,
  committed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (layout_id, version)
);
-- Media and playlists held by committed versions (a screen may still play them).
CREATE INDEX layout_versions_body_idx ON layout_versions USING gin (body jsonb_path_ops);

-- An event or an emergency override plays exactly one of a media file, a playlist or a layout (issue 36). A layout an
-- event (edited or published) plays cannot be deleted; an override goes with its layout, as with its playlist (0028b).
ALTER TABLE events ADD COLUMN layout_id integer REFERENCES layouts(id) ON DELETE RESTRICT;
ALTER TABLE published_events ADD COLUMN layout_id integer REFERENCES layouts(id) ON DELETE RESTRICT;
ALTER TABLE overrides ADD COLUMN layout_id integer REFERENCES layouts(id) ON DELETE CASCADE;
-- The two-way checks of 0010 and 0028 were left unnamed: found by their definition.
DO $$
DECLARE
  found record;
  dropped integer := 0;
BEGIN
  FOR found IN
    SELECT conrelid::regclass::text AS tbl, conname FROM pg_constraint
    WHERE contype = 'c' AND conrelid IN ('events'::regclass, 'overrides'::regclass)
      AND (pg_get_constraintdef(oid) LIKE '%num_nonnulls(media_id, playlist_id)%'
           OR pg_get_constraintdef(oid) LIKE '%(media_id IS NULL) <> (playlist_id IS NULL)%')
  LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', found.tbl, found.conname);
    dropped := dropped + 1;
  END LOOP;
  IF dropped <> 2 THEN
    RAISE EXCEPTION 'expected the media/playlist checks of events and overrides, found %', dropped;
  END IF;
END $$;
ALTER TABLE events ADD CONSTRAINT events_one_content CHECK (num_nonnulls(media_id, playlist_id, layout_id) = 1);
ALTER TABLE overrides ADD CONSTRAINT overrides_one_content CHECK (num_nonnulls(media_id, playlist_id, layout_id) = 1);
CREATE INDEX events_layout_idx ON events (layout_id) WHERE layout_id IS NOT NULL;
CREATE INDEX published_events_layout_idx ON published_events (layout_id) WHERE layout_id IS NOT NULL;

-- Proof of play names the zone of a layout a file played in (POST /player/plays/ zone); null outside layouts.
-- Like the other ids of a play, not a foreign key: the evidence outlives the layout.
ALTER TABLE plays ADD COLUMN zone_id integer;

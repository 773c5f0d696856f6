-- Content that expires on its own (issue 42): a media file, a playlist and an event may be valid from and until a time.
-- Media files and playlists take instants; an event takes wall-clock date-times ('YYYY-MM-DDTHH:MM') in each device's
-- office zone, as its start and end do, and its published copy keeps them as published. The schedule compiler leaves
-- out what is not valid at each moment (server/domain/validity.ts); the API checks that a start comes before its end.
ALTER TABLE media_files
  ADD COLUMN IF NOT EXISTS valid_from timestamptz,
  ADD COLUMN IF NOT EXISTS valid_until timestamptz;
ALTER TABLE playlists
  ADD COLUMN IF NOT EXISTS valid_from timestamptz,
  ADD COLUMN IF NOT EXISTS valid_until timestamptz;
ALTER TABLE events
  ADD COLUMN IF NOT EXISTS valid_from text,
  ADD COLUMN IF NOT EXISTS valid_until text;
ALTER TABLE published_events
  ADD COLUMN IF NOT EXISTS valid_from text,
  ADD COLUMN IF NOT EXISTS valid_until text;

-- A skipped file's sum is rewritten with every report (issue 24's bench: a report on one heartbeat in 20). last_at
-- moves with each, and both indexes held it, so no update could stay on its page (HOT): each took a new entry in all
-- three indexes. The device index goes (the primary key, device first, finds a device's rows), the media index keeps
-- the file alone (its readers sort a file's rows by last_at themselves), and half of each page is left free for the
-- new versions of its rows, as for now playing in migration 0035.
DROP INDEX playback_errors_device_idx;
DROP INDEX playback_errors_media_idx;
CREATE INDEX playback_errors_media_idx ON playback_errors (media_id);
ALTER TABLE playback_errors SET (fillfactor = 50);

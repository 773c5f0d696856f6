-- The deferred unique key on (playlist_id, position) cost half of a 1,000-track reorder: every changed row was checked
-- again at commit. Positions are written only while the playlist's row is locked (append, remove, reorder; see
-- server/db/playlists.ts), which keeps them 1..n; a plain index serves the ordered reads.
ALTER TABLE playlist_tracks DROP CONSTRAINT playlist_tracks_position_key;
CREATE INDEX playlist_tracks_order_idx ON playlist_tracks (playlist_id, position);

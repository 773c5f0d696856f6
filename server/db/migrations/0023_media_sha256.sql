-- Media checksums (issue 18): the SHA-256 of each media file's source bytes, in lower-case hex, computed while the
-- upload streams to disk. The player's schedule (dev2) sends it as the item's `checksum`, and the web player checks
-- every downloaded file against it. Files uploaded before this migration are hashed by a start-up backfill
-- (server/media/checksums.ts); until then their checksum stays the opaque change tag.
ALTER TABLE media_files ADD COLUMN sha256 text CHECK (sha256 IS NULL OR sha256 ~ '^[0-9a-f]{64}$');

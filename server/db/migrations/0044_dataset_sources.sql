-- Datasets read from a URL (issue 38): a CSV file, a JSON array or an RSS/Atom feed, read again every refresh_minutes
-- by whichever instance claims it first (next_fetch_at moved forward as a lease, FOR UPDATE SKIP LOCKED). A read that
-- fails keeps the last good table and notes since when reads fail and why.
ALTER TABLE datasets
  ADD COLUMN source_url text,
  ADD COLUMN source_format text CHECK (source_format IN ('csv', 'json', 'feed')),
  ADD COLUMN refresh_minutes integer CHECK (refresh_minutes BETWEEN 5 AND 1440),
  ADD COLUMN fetched_at timestamptz,
  ADD COLUMN failed_since timestamptz,
  ADD COLUMN last_error text,
  ADD COLUMN next_fetch_at timestamptz,
  ADD CONSTRAINT datasets_source_check CHECK ((source_url IS NULL) = (source_format IS NULL) AND (source_url IS NULL) = (refresh_minutes IS NULL));
CREATE INDEX datasets_due_idx ON datasets (next_fetch_at) WHERE source_url IS NOT NULL;

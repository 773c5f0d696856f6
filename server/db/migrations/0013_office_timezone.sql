-- Offices get an IANA time zone (issue 11): event times are wall-clock times in each device's office zone.
-- NULL means "the server's zone" (the zone of the process that compiles schedules, `TZ` or the system's); offices
-- created through the API store the zone they were given, or the server's zone at creation, so only rows older than
-- this migration are NULL. The server validates the name (Temporal knows it) before storing; the database keeps
-- only a sanity bound.
ALTER TABLE offices ADD COLUMN timezone text CHECK (timezone IS NULL OR length(timezone) BETWEEN 1 AND 64);

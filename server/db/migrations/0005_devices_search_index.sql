-- Searching the fleet (SN, MAC, name, IP, description) read the search text of every device: about 7 ms a query
-- with 10,000 devices in PGlite, the slowest of the list filters. A trigram index answers LIKE '%...%' from the
-- index instead. pg_trgm ships with PostgreSQL and PGlite (server/db/index.ts loads it) and is a trusted extension,
-- so the owner of the database may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX devices_search_idx ON devices USING gin (search_text gin_trgm_ops);

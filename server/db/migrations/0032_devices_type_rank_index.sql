-- Issue 27: a device-list page filtered by type walks the group order (position_rank, id) for its first matches. When
-- the type's devices all sit in a later group (a fleet's android players all portrait), the walk went through every
-- device of the earlier groups first: `status=offline&type=android` at 100,000 devices read 19,963 blocks, 199 ms at
-- load average 16 (EXPLAIN ANALYZE, BUFFERS). With the type first and the group order after it, the page is a walk of
-- that type's own entries: 22 blocks. The index replaces the plain one on the type, which served only type counts (its
-- leading column serves them still); device_type and position never change with a heartbeat, so contact writes stay HOT.
CREATE INDEX devices_type_rank_idx ON devices (device_type, position_rank, id);
DROP INDEX IF EXISTS devices_type_idx;

-- Issue 27: publishing one campaign to 100,000 devices stores 100,000 schedule pointers, and the foreign key of each to
-- its body cost a row-level check per pointer (EXPLAIN ANALYZE of that insert at load average 19: 1.3 s of 6.1 s, the
-- same for each re-publish that changes the body). Only storeSchedules (server/db/schedules.ts) writes pointers and
-- bodies, in one transaction under its advisory lock: the bodies first, then the pointers, then the bodies no pointer
-- names any more are removed, so a pointer never names a missing body. The key to the device stays (its cascade).
ALTER TABLE device_schedules DROP CONSTRAINT IF EXISTS device_schedules_body_hash_fkey;

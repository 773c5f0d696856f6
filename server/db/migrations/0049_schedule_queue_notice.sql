-- An override start, clear or end no longer compiles its devices inside the request (issue 35.20): a request reaching
-- many devices queues them and answers, and the compilers of every instance take them in batches. The `override` notice
-- a player gets (the live channel) must still follow the compile that put the override in (or out of) its schedule, so
-- the queue row says it is owed: the store that finishes the row (server/db/schedules.ts storeSchedules) writes the
-- `override` entry of the device change log in the transaction that writes its `schedule` entry. A row queued again
-- keeps the flag; a failed compile keeps the row and the flag for its retry.
ALTER TABLE schedule_dirty ADD COLUMN override_notice boolean NOT NULL DEFAULT false;

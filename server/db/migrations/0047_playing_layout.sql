-- What a device plays, while a layout item plays (issue 36): the layout version drawn and each zone's current file, as
-- the player's heartbeat now_playing reports them, {id, version, zones: [{id, media_id, started_at}]} (null: a
-- full-screen item, or nothing). Written with the contact and the other playing_ columns (server/db/heartbeats.ts);
-- unindexed, so the write stays a HOT update.
-- IF NOT EXISTS: this file was 0046_playing_layout.sql on main for a few minutes (a number taken twice), renamed.
ALTER TABLE devices ADD COLUMN IF NOT EXISTS playing_layout jsonb;

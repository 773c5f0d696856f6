-- The hour indexes of 0019's narrower roll-ups lured the planner away from their primary keys: for a campaign's day it
-- read every campaign's rows of those hours (24,000 with 10 campaigns of 100 devices) and filtered them, since rows
-- laid down hour by hour make the hour index look sequential on disk, instead of the campaign's 2,400 by the key.
-- Retention finds the campaigns with old roll-ups through play_hours' hour index and deletes through the keys.
DROP INDEX play_hours_device_hour_idx;
DROP INDEX play_hours_media_hour_idx;

-- Plays count what played (issue 35.3): a player reports each play when it ends, with the seconds it was really on
-- screen and how it ended: completed (played through), partial (cut short by the schedule: an override, a publish) or
-- failed (the file could not be decoded or shown). A failed play is no play: the roll-ups count it in `failed`, not in
-- `plays`; its seconds on screen (a file that failed after 4 s showed 4 s) count in `seconds` as any shown second does.
-- Plays stored before this migration were reported at their start with the planned duration: they stay "completed".
ALTER TABLE plays ADD COLUMN outcome text NOT NULL DEFAULT 'completed' CHECK (outcome IN ('completed', 'partial', 'failed'));
ALTER TABLE play_hours ADD COLUMN failed integer NOT NULL DEFAULT 0;
ALTER TABLE play_hours_device ADD COLUMN failed integer NOT NULL DEFAULT 0;
ALTER TABLE play_hours_media ADD COLUMN failed integer NOT NULL DEFAULT 0;

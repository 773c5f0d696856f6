-- Orientation at upload (issue 24): a file uploaded without a screen position takes it from its probe (a picture taller
-- than wide as shown, its rotation tag applied, is vertical). Until the probe, it is horizontal, as before; an operator's
-- choice (at upload or by an edit) is never overwritten.
ALTER TABLE media_files ADD COLUMN position_from_probe boolean NOT NULL DEFAULT false;

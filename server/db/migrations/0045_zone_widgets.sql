-- Widgets in layout zones (issue 38): a zone plays a playlist, a media file, or a widget {widget, settings}
-- (src/services/schemas/widgets.ts; settings stored whole, defaults filled in). At most one of the three.
ALTER TABLE layout_zones ADD COLUMN widget jsonb;
ALTER TABLE layout_zones DROP CONSTRAINT layout_zones_check;
ALTER TABLE layout_zones ADD CONSTRAINT layout_zones_content_check
  CHECK (num_nonnulls(playlist_id, media_id, widget) <= 1);
-- The datasets a draft's widgets show (a dataset in use cannot be deleted).
CREATE INDEX layout_zones_dataset_idx ON layout_zones (((widget -> 'settings' ->> 'dataset')::int)) WHERE widget -> 'settings' ? 'dataset';

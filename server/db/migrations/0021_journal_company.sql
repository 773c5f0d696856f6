-- The journal within the reader's scope (issue 12): each entry keeps the company that owned its entity when it was
-- written, so a scoped reader's filter is an indexed column instead of a join per entry. Null: no company (users,
-- groups, sessions, and objects of no company), seen only by the administrator and by the entry's own writer.
-- No foreign key: a deleted company's history stays as it was.
ALTER TABLE journal ADD COLUMN company_id integer;

-- A scoped reader's page: their companies' entries, newest first, an index walk per company.
CREATE INDEX journal_company_idx ON journal (company_id, created_at DESC, id DESC) INCLUDE (user_id, entity, action) WHERE company_id IS NOT NULL;
-- A deleted object's entry takes the company its earlier entries recorded (the object is gone when the delete is
-- journaled): the newest entry of the same object.
CREATE INDEX journal_object_idx ON journal (entity, entity_id, id DESC) WHERE company_id IS NOT NULL;

-- Entries written before this migration, for objects that still exist.
UPDATE journal j SET company_id = o.company_id FROM devices d JOIN offices o ON o.id = d.office_id
  WHERE j.entity IN ('device', 'device_navigation') AND j.entity_id ~ '^[0-9]{1,9}$' AND d.id = j.entity_id::int;
UPDATE journal j SET company_id = o.company_id FROM devices d JOIN offices o ON o.id = d.office_id
  WHERE j.entity = 'device_config' AND j.detail->>'device' ~ '^[0-9]{1,9}$' AND d.id = (j.detail->>'device')::int;
UPDATE journal j SET company_id = m.company_id FROM media_files m
  WHERE j.entity = 'media_file' AND j.entity_id ~ '^[0-9]{1,9}$' AND m.id = j.entity_id::int;
UPDATE journal j SET company_id = p.company_id FROM playlists p
  WHERE j.entity = 'playlist' AND j.entity_id ~ '^[0-9]{1,9}$' AND p.id = j.entity_id::int;
UPDATE journal j SET company_id = p.company_id FROM playlists p
  WHERE j.entity = 'playlist_track' AND j.detail->>'playlist' ~ '^[0-9]{1,9}$' AND p.id = (j.detail->>'playlist')::int;
UPDATE journal j SET company_id = c.company_id FROM campaigns c
  WHERE j.entity = 'campaign' AND j.entity_id ~ '^[0-9]{1,9}$' AND c.id = j.entity_id::int;
UPDATE journal j SET company_id = c.company_id FROM events ev JOIN campaigns c ON c.id = ev.campaign_id
  WHERE j.entity = 'event' AND j.entity_id ~ '^[0-9]{1,9}$' AND ev.id = j.entity_id::int;
UPDATE journal j SET company_id = c.id FROM companies c
  WHERE j.entity = 'company' AND j.entity_id ~ '^[0-9]{1,9}$' AND c.id = j.entity_id::int;
UPDATE journal j SET company_id = d.company_id FROM departments d
  WHERE j.entity = 'department' AND j.entity_id ~ '^[0-9]{1,9}$' AND d.id = j.entity_id::int;
UPDATE journal j SET company_id = o.company_id FROM offices o
  WHERE j.entity = 'office' AND j.entity_id ~ '^[0-9]{1,9}$' AND o.id = j.entity_id::int;
UPDATE journal j SET company_id = o.company_id FROM navigation_objects n JOIN offices o ON o.id = n.office_id
  WHERE j.entity = 'navigation_object' AND j.entity_id ~ '^[0-9]{1,9}$' AND n.id = j.entity_id::int;
UPDATE journal j SET company_id = o.company_id FROM navigation_markers m JOIN navigation_objects n ON n.id = m.object_id JOIN offices o ON o.id = n.office_id
  WHERE j.entity = 'navigation_marker' AND j.entity_id ~ '^[0-9]{1,9}$' AND m.id = j.entity_id::int;

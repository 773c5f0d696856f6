-- The company hierarchy (issue 12): every field of a company, departments as a tree below it, offices optionally
-- inside a department, and the devices a deactivated company holds.

ALTER TABLE companies
  ADD COLUMN short_name text NOT NULL DEFAULT '',
  ADD COLUMN legal_address text NOT NULL DEFAULT '',
  ADD COLUMN postal_address text NOT NULL DEFAULT '',
  ADD COLUMN phone text NOT NULL DEFAULT '',
  ADD COLUMN email text NOT NULL DEFAULT '',
  ADD COLUMN url text NOT NULL DEFAULT '',
  ADD COLUMN person_name text NOT NULL DEFAULT '',
  ADD COLUMN inn text NOT NULL DEFAULT '',
  ADD COLUMN contract text NOT NULL DEFAULT '',
  ADD COLUMN video_upload_active boolean NOT NULL DEFAULT true,
  ADD COLUMN alias text NOT NULL DEFAULT '',
  ADD COLUMN country text NOT NULL DEFAULT '',
  ADD COLUMN city text NOT NULL DEFAULT '',
  ADD COLUMN representative text NOT NULL DEFAULT '',
  ADD COLUMN office_campaign integer REFERENCES campaigns(id) ON DELETE SET NULL;

-- A parent is checked at the end of the statement (NO ACTION), so deleting a company takes its whole tree at once;
-- the API refuses to delete a department that still has sub-departments.
CREATE TABLE departments (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  parent_id integer REFERENCES departments(id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX departments_company_idx ON departments (company_id);
CREATE INDEX departments_parent_idx ON departments (parent_id);

ALTER TABLE offices ADD COLUMN department_id integer REFERENCES departments(id) ON DELETE SET NULL;
CREATE INDEX offices_department_idx ON offices (department_id);

-- The devices a company's deactivation switched off (each was active): its activation switches exactly these back on.
-- While its company is deactivated a device stays off: the trigger below turns an activation, a creation or a move
-- into such a company's office into "held" (off now, on again with the company), and a move out of it releases it.
-- No foreign key: the row is written before an inserted device exists, and a deleted device's id is never reused.
CREATE TABLE company_held_devices (device_id integer PRIMARY KEY);

CREATE FUNCTION hold_device_of_inactive_company() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company_on boolean;
BEGIN
  SELECT c.is_active INTO company_on FROM offices o JOIN companies c ON c.id = o.company_id WHERE o.id = NEW.office_id;
  IF company_on = false THEN
    IF NEW.is_active THEN
      NEW.is_active := false;
      INSERT INTO company_held_devices (device_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM company_held_devices WHERE device_id = NEW.id;
    IF FOUND THEN
      NEW.is_active := true;
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER devices_company_hold BEFORE INSERT OR UPDATE OF is_active, office_id ON devices
  FOR EACH ROW EXECUTE FUNCTION hold_device_of_inactive_company();

-- Datasets (issue 38): tables of rows a layout's data table widget shows (a menu, a timetable, prices), uploaded
-- from a spreadsheet or edited row by row. columns: [{name}]; rows: [[cell, ...], ...], each row as long as the
-- columns, a cell text, a number or null. Every change of the table moves version and checksum (what screens follow).
CREATE TABLE datasets (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 60),
  company_id integer REFERENCES companies(id) ON DELETE SET NULL,
  columns jsonb NOT NULL,
  rows jsonb NOT NULL,
  row_count integer NOT NULL CHECK (row_count >= 0),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  checksum text NOT NULL,
  -- The spreadsheet the rows came from; null after an edit by rows.
  file_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX datasets_created_idx ON datasets (created_at DESC, id DESC);
CREATE INDEX datasets_company_idx ON datasets (company_id);

-- Screenshots (issue 25): a player answers a SCREENSHOT command by uploading a JPEG of what it shows. The file is kept
-- in the media store under screenshots/<device>/<random>.jpg; this table names the last few of each device (the route
-- keeps 10 and removes older rows and their files). `command` is the SCREENSHOT command it answers, when the player
-- said which (NULL otherwise, or once that command row is gone).
CREATE TABLE device_screenshots (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  file text NOT NULL,
  bytes integer NOT NULL,
  command_id integer REFERENCES device_commands(id) ON DELETE SET NULL,
  taken_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_screenshots_device_idx ON device_screenshots (device_id, id DESC);

-- Proof of play of widgets (issue 38): a widget zone's showing, as a file's play is one (real seconds on screen, how
-- it ended), stored apart from file plays (no media, no file roll-ups): the layout and zone it played in and the kind.
CREATE TABLE widget_plays (
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  play_id text NOT NULL,
  started_at timestamptz NOT NULL,
  duration double precision NOT NULL CHECK (duration > 0),
  event_id integer NOT NULL,
  campaign_id integer NOT NULL,
  layout_id integer NOT NULL,
  zone_id integer NOT NULL,
  widget text NOT NULL,
  outcome text NOT NULL DEFAULT 'completed',
  PRIMARY KEY (device_id, play_id)
);
CREATE INDEX widget_plays_campaign_idx ON widget_plays (campaign_id, started_at);
CREATE INDEX widget_plays_started_idx ON widget_plays (started_at);

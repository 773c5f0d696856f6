-- Webhooks and offline alerts (issue 29). Endpoints belong to a company (null: the administrator's, which hear every
-- company's events); deliveries are the durable queue a worker of any instance claims with FOR UPDATE SKIP LOCKED.
CREATE TABLE webhook_endpoints (
  id serial PRIMARY KEY,
  company_id integer REFERENCES companies(id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  events text[] NOT NULL,
  secret text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  -- Why the server switched it off (`failing_24h`); null while active or when an administrator switched it off.
  disabled_reason text,
  -- The first failed attempt since the last success: 24 h of failures switch the endpoint off.
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_company_idx ON webhook_endpoints (company_id);

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  event_id uuid NOT NULL,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event text NOT NULL,
  -- The exact JSON body sent (and signed) at every attempt.
  body text NOT NULL,
  -- [{at, status, answer, error, ms}], oldest first.
  attempts jsonb NOT NULL DEFAULT '[]'::jsonb,
  attempt_count integer NOT NULL DEFAULT 0,
  -- pending (waits for next_attempt_at), sending (claimed until claimed_until), delivered, failed (gave up).
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'delivered', 'failed')),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_sending_idx ON webhook_deliveries (claimed_until) WHERE state = 'sending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);

-- Offline alerts: a company's settings (office_id null) and an office's own (overriding the company's).
CREATE TABLE alert_settings (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  office_id integer REFERENCES offices(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  offline_minutes integer NOT NULL DEFAULT 10 CHECK (offline_minutes BETWEEN 1 AND 10080),
  notify_back boolean NOT NULL DEFAULT true,
  emails text[] NOT NULL DEFAULT '{}',
  -- Quiet hours in the office's time zone (UTC without one); both null: none. from > to spans midnight.
  quiet_from time,
  quiet_to time,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alert_settings_scope_idx ON alert_settings (company_id, COALESCE(office_id, 0));

-- One row per outage of a device: opened when it goes offline, alerted once past the threshold, ended when back.
CREATE TABLE device_outages (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  offline_since timestamptz NOT NULL,
  -- When the offline alert went out (or was passed over: silent); null while below the threshold.
  alerted_at timestamptz,
  -- An outage found already old (the first run, a device long gone) is recorded without alerts.
  silent boolean NOT NULL DEFAULT false,
  ended_at timestamptz,
  UNIQUE (device_id, offline_since)
);
CREATE UNIQUE INDEX device_outages_open_idx ON device_outages (device_id) WHERE ended_at IS NULL;
CREATE INDEX device_outages_waiting_idx ON device_outages (offline_since) WHERE ended_at IS NULL AND alerted_at IS NULL;

-- The last check of each web page widget's address (issue 38): whether a screen's frame may show it, as the server read
-- the page's headers under the webhooks' address rules (server/routes/widgets.ts). Players ask for it when a web page
-- widget loads its page (GET /player/web-page-check/); a check younger than five minutes is answered as stored, so
-- every instance and every screen showing the address share one read.
CREATE TABLE IF NOT EXISTS web_page_checks (
  url text PRIMARY KEY,
  frameable boolean NOT NULL,
  reason text,
  checked_at timestamptz NOT NULL DEFAULT now()
);

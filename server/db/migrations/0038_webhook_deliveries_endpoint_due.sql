-- The delivery worker claims due deliveries endpoint by endpoint, at most a few of one endpoint in flight (issue 35.14:
-- a slow receiver held every company's deliveries). This index finds an endpoint's pending and sending rows without
-- reading its delivered history, and counts its live claims.
CREATE INDEX webhook_deliveries_endpoint_due_idx ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE state IN ('pending', 'sending');

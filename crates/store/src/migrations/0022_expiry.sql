-- Expiry dates (issue 14, docs/messages.md "Expire messages"): an optional calendar day in China time (UTC+8),
-- written YYYY-MM-DD, on equipment (its service subscription) and on gateways (the gateway service). Text keeps the
-- day a day on both backends (no time zone to shift it) and sorts as dates do.
ALTER TABLE equipment ADD COLUMN expire_date TEXT;
ALTER TABLE gateways ADD COLUMN expire_date TEXT;

-- The expire messages already sent: one row per target, expiry date and threshold (30, 7, 1, 0 days). The sweep
-- writes the row before the messages and sends only when it wrote it, so a second tick (or a second server) sends
-- nothing twice; a new expiry date has no rows yet, so its messages start over.
CREATE TABLE expiry_notices (
    id {{ID}},
    target_type TEXT NOT NULL,
    target_id BIGINT NOT NULL,
    expire_date TEXT NOT NULL,
    threshold BIGINT NOT NULL,
    sent_ms BIGINT NOT NULL
);
CREATE UNIQUE INDEX expiry_notices_once ON expiry_notices (target_type, target_id, expire_date, threshold);

-- Gateways: edge agents registered by serial number. The secret is stored as an argon2id hash; the server shows
-- it once when issued. Status columns are written by ingest (online, vpn, signal strength, last seen) and by
-- the configuration push (config_version asked, applied_version acknowledged).

CREATE TABLE gateways (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    sn TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    model TEXT NOT NULL DEFAULT '',
    firmware TEXT NOT NULL DEFAULT '',
    secret_hash TEXT NOT NULL,
    online BIGINT NOT NULL DEFAULT 0,
    vpn BIGINT NOT NULL DEFAULT 0,
    signal_strength BIGINT,
    report_interval_ms BIGINT NOT NULL DEFAULT 60000,
    economize_open BIGINT NOT NULL DEFAULT 0,
    last_seen_ms BIGINT,
    config_version BIGINT NOT NULL DEFAULT 0,
    applied_version BIGINT NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL
);
CREATE INDEX gateways_org ON gateways (org_id, created_ms);

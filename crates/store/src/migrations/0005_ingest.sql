-- Ingest: the latest value of every signal, its history, and the commands sent to gateways.
-- Latest values: one row per signal; a reading replaces it only when its time is newer (replays after an outage
-- arrive late and must not overwrite fresher values). History: one row per signal and time, so a reading the
-- gateway sent twice (QoS 1 redelivery, replay after a crash) is stored once. Quality 1 = good, 0 = bad.
-- No foreign keys here: a batch must never fail because a signal was deleted while its readings were in flight;
-- reads join with `signals`, so rows of deleted signals are never shown.

CREATE TABLE signal_latest (
    signal_id BIGINT PRIMARY KEY,
    equipment_id BIGINT NOT NULL,
    t BIGINT NOT NULL,
    v DOUBLE PRECISION,
    good BIGINT NOT NULL,
    error_code BIGINT
);
CREATE INDEX signal_latest_equipment ON signal_latest (equipment_id);

CREATE TABLE signal_history (
    signal_id BIGINT NOT NULL,
    t BIGINT NOT NULL,
    v DOUBLE PRECISION,
    good BIGINT NOT NULL,
    PRIMARY KEY (signal_id, t)
);

-- Commands to gateways (writes, reads now), tracked so any server instance can answer the console's callback.
-- status: queued → sent → success | failure | timeout.
CREATE TABLE commands (
    uuid TEXT PRIMARY KEY,
    org_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    equipment_id BIGINT NOT NULL,
    gateway_sn TEXT NOT NULL,
    kind TEXT NOT NULL,
    signal_id BIGINT NOT NULL,
    value DOUBLE PRECISION,
    status TEXT NOT NULL,
    code BIGINT,
    data TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX commands_status ON commands (status, created_ms);

-- Why the gateway refused its last configuration (NULL when it applied it).
ALTER TABLE gateways ADD COLUMN config_error TEXT;
-- The spec's gateway `interval`: how often the gateway reports while a monitor window is open (ms). The existing
-- report_interval_ms is the period of the history sample outside it.
ALTER TABLE gateways ADD COLUMN monitor_interval_ms BIGINT NOT NULL DEFAULT 1000;

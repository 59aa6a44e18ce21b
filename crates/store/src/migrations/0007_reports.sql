-- Reports: a named selection of an equipment's signals sampled on a fixed period (the value in force at the end
-- of each period), read from history when asked; nothing is precomputed, so a report covers any past range.

CREATE TABLE reports (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    period_ms BIGINT NOT NULL,
    -- JSON array of signal ids, in column order.
    signal_ids TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX reports_equipment ON reports (equipment_id);

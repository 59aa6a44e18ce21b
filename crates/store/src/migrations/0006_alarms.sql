-- Alarms: rules per signal, and the records of alarms that happened.
-- Rules belong to their signal and go with it (ON DELETE CASCADE). symbol is one of == != > < >= <=; threshold,
-- deadband (>= 0) and delay_ms (>= 0) are checked by the server before they are stored; level 1 is the most
-- urgent, 3 the least; messages are kept in both console languages; enabled is a 0/1 flag.
CREATE TABLE alarm_rules (
    id {{ID}},
    signal_id BIGINT NOT NULL REFERENCES signals(id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    symbol TEXT NOT NULL,
    threshold DOUBLE PRECISION NOT NULL,
    deadband DOUBLE PRECISION NOT NULL DEFAULT 0,
    delay_ms BIGINT NOT NULL DEFAULT 0,
    level BIGINT NOT NULL DEFAULT 1,
    msg_zh TEXT NOT NULL,
    msg_en TEXT NOT NULL,
    enabled BIGINT NOT NULL DEFAULT 1,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX alarm_rules_signal ON alarm_rules (signal_id, seq);

-- Alarm records: history, so no foreign keys to equipment, signals or rules (a record outlives them; titles are
-- copied in). type: 'signal' (a rule triggered; rule_id set) or 'no_data' (silence: signal_id set for a signal,
-- NULL for the whole gateway). An open alarm has gmt_release NULL; confirming records who and when, once.
CREATE TABLE alarm_records (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    equipment_id BIGINT NOT NULL,
    signal_id BIGINT,
    rule_id BIGINT,
    type TEXT NOT NULL,
    level BIGINT NOT NULL,
    equip_title TEXT NOT NULL,
    signal_title TEXT NOT NULL DEFAULT '',
    gmt_trigger BIGINT NOT NULL,
    trigger_value DOUBLE PRECISION,
    msg_zh TEXT NOT NULL,
    msg_en TEXT NOT NULL,
    gmt_release BIGINT,
    confirmed_by BIGINT,
    confirmed_name TEXT,
    gmt_confirm BIGINT
);
CREATE INDEX alarm_records_equipment ON alarm_records (equipment_id, gmt_trigger);
CREATE INDEX alarm_records_open ON alarm_records (gmt_release, type);

-- An alarm message's title in English; title holds the Chinese one (the console's default language). Empty for
-- messages whose title is the same in both languages.
ALTER TABLE messages ADD COLUMN title_en TEXT NOT NULL DEFAULT '';

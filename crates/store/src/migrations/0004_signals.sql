-- Signal definitions of each equipment: what the gateway reads and writes. Enumerations are stored as the
-- protocol's snake_case names; seq keeps the order the person arranged them in.

CREATE TABLE signals (
    id {{ID}},
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    name TEXT NOT NULL,
    area TEXT NOT NULL,
    address BIGINT NOT NULL,
    data_type TEXT NOT NULL,
    byte_order TEXT NOT NULL,
    word_order TEXT NOT NULL,
    scale DOUBLE PRECISION NOT NULL,
    value_offset DOUBLE PRECISION NOT NULL,
    unit TEXT NOT NULL,
    decimals BIGINT NOT NULL,
    writable BIGINT NOT NULL,
    min_value DOUBLE PRECISION,
    max_value DOUBLE PRECISION
);
CREATE INDEX signals_equipment ON signals (equipment_id, seq);

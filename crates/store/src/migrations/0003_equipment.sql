-- Equipment: devices reached through a gateway (EG equipment). Driver settings are one JSON document checked
-- by the protocol crate's rules before it is stored; signals come in a later migration.

CREATE TABLE equipment (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    equip_name TEXT NOT NULL,
    display TEXT NOT NULL DEFAULT 'list',
    rule_type TEXT NOT NULL DEFAULT '00',
    model TEXT NOT NULL DEFAULT '',
    manufacturer TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    latitude DOUBLE PRECISION,
    longitude DOUBLE PRECISION,
    remark TEXT NOT NULL DEFAULT '',
    gateway_id BIGINT REFERENCES gateways(id) ON DELETE SET NULL,
    driver TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX equipment_org ON equipment (org_id, created_ms);
CREATE INDEX equipment_gateway ON equipment (gateway_id);

-- GM equipment (issue 30, docs/gm-equipment.md): devices that speak MQTT themselves.
--
-- A collection source is one MQTT identity the console issued: a Sparkplug B edge node (`group_id`, `node_id`)
-- or a plain JSON device (`topic_prefix`). It logs in with `username` as user name and client id and a secret
-- stored only as a digest. Sparkplug ids and prefixes name topics on one broker, so they are unique across
-- organisations.
CREATE TABLE gm_sources (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    group_id TEXT,
    node_id TEXT,
    topic_prefix TEXT,
    username TEXT NOT NULL UNIQUE,
    secret_hash TEXT NOT NULL,
    registered_by BIGINT,
    online BIGINT NOT NULL DEFAULT 0,
    last_seen_ms BIGINT,
    created_ms BIGINT NOT NULL
);
CREATE UNIQUE INDEX gm_sources_node ON gm_sources (group_id, node_id);
CREATE UNIQUE INDEX gm_sources_prefix ON gm_sources (topic_prefix);
CREATE INDEX gm_sources_org ON gm_sources (org_id, created_ms);

-- What a source's births announced: each device's (and the node's own, `device_id` '') metrics, offered for
-- adoption. Nothing here is shown before an administrator of the source's organisation looks.
CREATE TABLE gm_metrics (
    source_id BIGINT NOT NULL REFERENCES gm_sources(id) ON DELETE CASCADE,
    device_id TEXT NOT NULL,
    name TEXT NOT NULL,
    datatype TEXT NOT NULL,
    unit TEXT NOT NULL DEFAULT '',
    eng_low DOUBLE PRECISION,
    eng_high DOUBLE PRECISION,
    first_seen_ms BIGINT NOT NULL,
    born_ms BIGINT NOT NULL,
    PRIMARY KEY (source_id, device_id, name)
);

-- An adopted device is an equipment: its source and device (the node's own metrics: ''), one equipment each.
ALTER TABLE equipment ADD COLUMN gm_source_id BIGINT REFERENCES gm_sources(id) ON DELETE SET NULL;
ALTER TABLE equipment ADD COLUMN gm_device TEXT;
CREATE UNIQUE INDEX equipment_gm ON equipment (gm_source_id, gm_device);
-- A GM signal's metric name (Sparkplug) or JSON path: what the source calls it; `name` is what people call it.
ALTER TABLE signals ADD COLUMN source_key TEXT;

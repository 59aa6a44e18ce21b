-- The management area's system screens: equipment models (reusable signal-list templates) and system
-- announcements. Numbered 10: 0009 is taken by scenes and projects; the runner looks each version up on its own,
-- so the two may arrive in either order.

-- An equipment model: a named signal list kept as the protocol's SignalDef JSON array (ids 0), already checked by
-- the same rules as an equipment's signal save. Names are unique within the organisation.
CREATE TABLE equipment_models (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    manufacturer TEXT NOT NULL DEFAULT '',
    remark TEXT NOT NULL DEFAULT '',
    signals TEXT NOT NULL,
    signal_count BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    UNIQUE (org_id, name)
);

-- A system announcement: draft, then published (each user of the organisation gets a notice message whose
-- data_id is the announcement's id), then withdrawn.
CREATE TABLE announcements (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'draft',
    gmt_create BIGINT NOT NULL,
    gmt_publish BIGINT
);
CREATE INDEX announcements_org ON announcements (org_id, gmt_create);
CREATE INDEX messages_notice ON messages (type, data_id);

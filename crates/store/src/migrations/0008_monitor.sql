-- The equipment monitor: groups, per-user follow and stick marks, the equipment image, configuration pages and
-- sharing.

-- Groups are organisation-wide; a name is unique within its organisation (the console answers "group name
-- already exists"). An equipment is in at most one group: a column on the equipment, cleared when its group is
-- deleted (the equipment then is ungrouped, never deleted).
CREATE TABLE equipment_groups (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    UNIQUE (org_id, name)
);
ALTER TABLE equipment ADD COLUMN group_id BIGINT REFERENCES equipment_groups(id) ON DELETE SET NULL;
CREATE INDEX equipment_group ON equipment (group_id);

-- The equipment's picture: the path it is served at (/userimg/<random>.<ext>), empty when none.
ALTER TABLE equipment ADD COLUMN image TEXT NOT NULL DEFAULT '';

-- Follow (star) and stick (pin) are personal: one row per user and equipment with two 0/1 flags. Rows go with
-- the equipment or the user.
CREATE TABLE equipment_marks (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    follow BIGINT NOT NULL DEFAULT 0,
    stick BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, equipment_id)
);
CREATE INDEX equipment_marks_equipment ON equipment_marks (equipment_id);

-- Configuration pages of an equipment. The document is the designer's JSON (options, widgets, bind lists); the
-- designer comes later, so a new page holds an empty widget list. Pages go with their equipment.
CREATE TABLE config_pages (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    width BIGINT NOT NULL DEFAULT 1024,
    height BIGINT NOT NULL DEFAULT 768,
    document TEXT NOT NULL DEFAULT '{"widgets":[]}',
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX config_pages_equipment ON config_pages (equipment_id, id);
CREATE INDEX config_pages_org ON config_pages (org_id, id);

-- Sharing of one equipment: on or off, an optional password (argon2id hash, like account passwords) and the
-- authority a visitor gets (view or control). No row means never configured: off, no password, view.
CREATE TABLE equipment_shares (
    equipment_id BIGINT PRIMARY KEY REFERENCES equipment(id) ON DELETE CASCADE,
    enabled BIGINT NOT NULL DEFAULT 0,
    password_hash TEXT,
    auth TEXT NOT NULL DEFAULT 'view',
    updated_ms BIGINT NOT NULL
);

-- Scenes and projects (issue 4). Both are organisation-wide, named uniquely within their organisation (the console
-- answers "scene/project name already exists" from the unique index, so two concurrent adds cannot both win).

-- A scene is a board of chosen equipment cards in a chosen order (position 0, 1, …). Members go with the scene
-- or with the equipment.
CREATE TABLE scenes (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    UNIQUE (org_id, name)
);
CREATE TABLE scene_equipment (
    scene_id BIGINT NOT NULL REFERENCES scenes(id) ON DELETE CASCADE,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    PRIMARY KEY (scene_id, equipment_id)
);
CREATE INDEX scene_equipment_equipment ON scene_equipment (equipment_id);

-- A project groups several equipment under a name and a remark; its pages and monitor come with the designer.
CREATE TABLE projects (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    UNIQUE (org_id, name)
);
CREATE TABLE project_equipment (
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    PRIMARY KEY (project_id, equipment_id)
);
CREATE INDEX project_equipment_equipment ON project_equipment (equipment_id);

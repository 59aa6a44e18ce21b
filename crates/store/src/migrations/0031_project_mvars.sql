-- A project's intermediate variables (docs/mvars.md): a value computed from the project's signals, an aggregate
-- (sum, avg, min, max) over a list of them or a custom formula over `${equipment.signal}` placeholders. A project
-- page binds one by id. The signals are checked to be the project's on save; equipment taken out of the project
-- later leaves the variable without a value, never another's reading.
CREATE TABLE project_mvars (
    id {{ID}},
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    -- 1 to 30 characters, unique in the project.
    name TEXT NOT NULL,
    -- sum, avg, min, max or custom.
    calc TEXT NOT NULL,
    -- The custom formula (empty for an aggregate), at most 500 characters.
    formula TEXT NOT NULL,
    -- The signal ids, comma-joined: an aggregate's list, or a formula's placeholders in order (each once).
    signal_ids TEXT NOT NULL,
    unit TEXT NOT NULL,
    -- Decimal places shown, 0 to 6.
    decimals BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    UNIQUE (project_id, name)
);

-- Project pages (issue 13): a configuration page belongs to exactly one owner, an equipment or a project. A
-- project page may bind any equipment of its project; it goes with its project, as an equipment's page goes with
-- its equipment. SQLite cannot drop a NOT NULL, so the table is rebuilt (the migrator runs this with foreign keys
-- off and checks them before commit); ids, documents, passwords, versions and unlocks are kept as they are.
CREATE TABLE config_pages_new (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    equipment_id BIGINT REFERENCES equipment(id) ON DELETE CASCADE,
    project_id BIGINT REFERENCES projects(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    width BIGINT NOT NULL DEFAULT 1024,
    height BIGINT NOT NULL DEFAULT 768,
    document TEXT NOT NULL DEFAULT '{"widgets":[]}',
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    password_hash TEXT,
    CHECK ((equipment_id IS NULL) <> (project_id IS NULL))
);
INSERT INTO config_pages_new (id, org_id, equipment_id, title, width, height, document, created_ms, updated_ms, password_hash)
    SELECT id, org_id, equipment_id, title, width, height, document, created_ms, updated_ms, password_hash FROM config_pages;
-- The id sequence goes on where it was: a deleted page's id is never given again.
DELETE FROM sqlite_sequence WHERE name = 'config_pages_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'config_pages_new', seq FROM sqlite_sequence WHERE name = 'config_pages';
DROP TABLE config_pages;
ALTER TABLE config_pages_new RENAME TO config_pages;
CREATE INDEX config_pages_equipment ON config_pages (equipment_id, id);
CREATE INDEX config_pages_org ON config_pages (org_id, id);
CREATE INDEX config_pages_project ON config_pages (project_id, id);

-- The project's home page: the page the project monitor opens. It counts only while it is a page of that project;
-- otherwise (NULL, or the page deleted) the first page is the home page.
ALTER TABLE projects ADD COLUMN home_page_id BIGINT;

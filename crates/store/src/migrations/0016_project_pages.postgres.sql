-- Project pages (issue 13): a configuration page belongs to exactly one owner, an equipment or a project. A
-- project page may bind any equipment of its project; it goes with its project, as an equipment's page goes with
-- its equipment. (SQLite's file makes the same change by rebuilding the table.)
ALTER TABLE config_pages ALTER COLUMN equipment_id DROP NOT NULL;
ALTER TABLE config_pages ADD COLUMN project_id BIGINT REFERENCES projects(id) ON DELETE CASCADE;
ALTER TABLE config_pages ADD CONSTRAINT config_pages_one_owner CHECK ((equipment_id IS NULL) <> (project_id IS NULL));
CREATE INDEX config_pages_project ON config_pages (project_id, id);

-- The project's home page: the page the project monitor opens. It counts only while it is a page of that project;
-- otherwise (NULL, or the page deleted) the first page is the home page.
ALTER TABLE projects ADD COLUMN home_page_id BIGINT;

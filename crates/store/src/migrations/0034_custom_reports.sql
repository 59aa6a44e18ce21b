-- A project's custom reports (issue 35): columns over any equipment of the project and its intermediate
-- variables (a JSON array of ironsight_domain::report::CustomColumnDef), the step a range view is cut in. They go
-- with their project.
CREATE TABLE custom_reports (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    project_id BIGINT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    period_ms BIGINT NOT NULL,
    columns TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX custom_reports_project ON custom_reports (project_id);

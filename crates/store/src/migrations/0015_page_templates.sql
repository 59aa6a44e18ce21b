-- Page templates (issue 13, "faceplates"): a selection of widgets saved once and dropped on any page of the
-- organisation. A template binds signals by name, never by id (the designer rebinds it to the signals of the same
-- names of the page's equipment), so it reaches no equipment and belongs to the organisation, like the image
-- library. `document` is `{"widgets": [...]}` checked with the page rules; `widgets` its widget count (groups'
-- members included); `signals` the JSON list of the signal names it binds; `created_by` the login name of the
-- account that saved it (kept as text, like a page version's author, so deleting the account keeps the template)
-- and `created_by_id` its id: a sub-account limited to granted equipment deletes only the templates it saved.
CREATE TABLE page_templates (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    document TEXT NOT NULL,
    widgets BIGINT NOT NULL,
    signals TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_by_id BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    UNIQUE (org_id, name)
);

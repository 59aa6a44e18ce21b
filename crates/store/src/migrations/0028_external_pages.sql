-- The organisation's external pages (docs/frame.md): addresses of other sites its administrator lets the console
-- show in a frame under Manage (`/manage/frame/{path}`). Their origins are the only ones the console's
-- Content-Security-Policy lets it frame; nothing else is ever framed. At most 20 per organisation (checked on save).
CREATE TABLE org_external_pages (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
    -- 1 to 30 characters, shown in the Manage menu and above the frame.
    title TEXT NOT NULL,
    -- An absolute http(s) address with a host and no credentials, at most 500 characters.
    url TEXT NOT NULL,
    -- The menu's order: a new entry goes last.
    sort_no BIGINT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX org_external_pages_org ON org_external_pages (org_id, sort_no);

-- The page designer (issue 13). Each save of a page keeps the document it stored as a version, so an engineer can
-- list, preview and restore the last ones (the store keeps the newest 20 per page). `saved_ms` is the page's
-- `updated` after that save, which names the version (strictly increasing per page).
CREATE TABLE config_page_versions (
    page_id BIGINT NOT NULL REFERENCES config_pages(id) ON DELETE CASCADE,
    saved_ms BIGINT NOT NULL,
    saved_by TEXT NOT NULL,
    widget_count BIGINT NOT NULL,
    document TEXT NOT NULL,
    PRIMARY KEY (page_id, saved_ms)
);

-- A page password (argon2id hash, like account passwords): the viewer shows the page only after it was given.
-- NULL: the page is open to whoever may see its equipment.
ALTER TABLE config_pages ADD COLUMN password_hash TEXT;

-- The protected pages a session was given the password of: the viewer opens them without asking again until the
-- session ends or the page's password changes (its rows are deleted then).
CREATE TABLE page_unlocks (
    token_hash TEXT NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE,
    page_id BIGINT NOT NULL REFERENCES config_pages(id) ON DELETE CASCADE,
    unlocked_ms BIGINT NOT NULL,
    PRIMARY KEY (token_hash, page_id)
);
CREATE INDEX page_unlocks_page ON page_unlocks (page_id);

-- The equipment's home page: the page the monitor opens for equipment shown as a configuration page. It counts only
-- while it is a page of that equipment; otherwise (NULL, or the page deleted) the first page is the home page.
ALTER TABLE equipment ADD COLUMN home_page_id BIGINT;

-- The EZVIZ (萤石开放平台) key an organisation's administrator links (docs/ezviz.md): the app key and app secret
-- the server sends to EZVIZ's open API to get an access token for the pages' EZVIZ video widgets. The secret is
-- kept as given (EZVIZ needs it, so it cannot be hashed); no call ever answers it. One row per organisation; no
-- row: not linked.
CREATE TABLE ezviz_keys (
    org_id BIGINT PRIMARY KEY REFERENCES orgs(id) ON DELETE CASCADE,
    app_key TEXT NOT NULL,
    app_secret TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
);

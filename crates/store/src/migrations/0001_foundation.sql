-- Foundation: organisations, users, sessions, captchas, login throttling, user settings, operation log,
-- feedback and messages. Written once for both backends; {{ID}} becomes each backend's auto-increment key.
-- Times are milliseconds since the epoch (BIGINT); flags are BIGINT 0/1 so both backends decode them alike.

CREATE TABLE orgs (
    id {{ID}},
    name TEXT NOT NULL,
    title TEXT NOT NULL,
    favicon_ico TEXT NOT NULL DEFAULT '',
    created_ms BIGINT NOT NULL
);

CREATE TABLE users (
    id {{ID}},
    loginname TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    tel TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    dept_id BIGINT NOT NULL DEFAULT 0,
    role_id BIGINT NOT NULL DEFAULT 0,
    role_type TEXT NOT NULL DEFAULT 'user',
    auth_region TEXT NOT NULL DEFAULT '',
    data_range TEXT NOT NULL DEFAULT 'authorised',
    promp_type TEXT NOT NULL DEFAULT 'sound,title,alter',
    scada_adaption BIGINT NOT NULL DEFAULT 1,
    equip_display TEXT NOT NULL DEFAULT 'list',
    auths TEXT NOT NULL DEFAULT '',
    created_ms BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_ms BIGINT NOT NULL,
    last_seen_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    ended_ms BIGINT,
    address TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE captchas (
    id TEXT PRIMARY KEY,
    answer TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);

CREATE TABLE login_failures (
    scope TEXT NOT NULL,
    subject TEXT NOT NULL,
    failures BIGINT NOT NULL,
    window_start_ms BIGINT NOT NULL,
    last_failure_ms BIGINT NOT NULL,
    PRIMARY KEY (scope, subject)
);

CREATE TABLE user_configs (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    config TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
);

CREATE TABLE operation_logs (
    id {{ID}},
    user_id BIGINT,
    loginname TEXT NOT NULL DEFAULT '',
    action TEXT NOT NULL,
    object_type TEXT NOT NULL DEFAULT '',
    object_id TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    gmt_create BIGINT NOT NULL
);
CREATE INDEX operation_logs_object ON operation_logs (object_type, object_id, gmt_create);

CREATE TABLE feedback (
    id {{ID}},
    user_id BIGINT NOT NULL REFERENCES users(id),
    content TEXT NOT NULL,
    gmt_create BIGINT NOT NULL
);

CREATE TABLE messages (
    id {{ID}},
    user_id BIGINT NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    title TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    data_id TEXT NOT NULL DEFAULT '',
    data_status TEXT NOT NULL DEFAULT '',
    equip_type TEXT NOT NULL DEFAULT '',
    alarm_id BIGINT,
    alarm_broadcast_times BIGINT NOT NULL DEFAULT 0,
    is_read BIGINT NOT NULL DEFAULT 0,
    deleted BIGINT NOT NULL DEFAULT 0,
    gmt_create BIGINT NOT NULL
);
CREATE INDEX messages_user_unread ON messages (user_id, is_read, deleted);

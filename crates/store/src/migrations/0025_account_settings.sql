-- The account area's basic profile (docs/account.md): what a user says about themselves beyond the account's own
-- columns (login name, tel and e-mail stay on `users`, where the security set-up and notifications read them).
-- One row per user, made on the first save; no row reads as an empty profile.
CREATE TABLE user_profiles (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    real_name TEXT NOT NULL DEFAULT '',
    contact TEXT NOT NULL DEFAULT '',
    department TEXT NOT NULL DEFAULT '',
    -- The served path of the avatar (`/userimg/<32 hex>.<ext>`), '' for none.
    avatar TEXT NOT NULL DEFAULT '',
    updated_ms BIGINT NOT NULL
);
CREATE INDEX user_profiles_avatar ON user_profiles (avatar);

-- The account area's own log reads one user's operations, newest first.
CREATE INDEX operation_logs_user ON operation_logs (user_id, gmt_create);

-- The system settings an organisation's administrator sets (docs/account.md, "System settings"): how long an idle
-- session lives (0: the deployment's --session-idle-minutes) and how many days of signal history are kept
-- (0: forever; older readings are pruned in the background). No row reads as both 0.
CREATE TABLE org_settings (
    org_id BIGINT PRIMARY KEY REFERENCES orgs(id) ON DELETE CASCADE,
    session_minutes BIGINT NOT NULL DEFAULT 0,
    retention_days BIGINT NOT NULL DEFAULT 0,
    updated_ms BIGINT NOT NULL
);

-- Alarm notification beyond the browser (issue 14): an organisation's SMTP server, each user's channels (e-mail,
-- WeCom, DingTalk, Feishu robots, plain JSON webhooks) and the delivery log, which is also the queue: a delivery
-- is a row `queued` until it is `sent` or `failed`, so what was queued survives a restart.
--
-- Secrets (the SMTP password, a robot's signing secret) are stored as given: the server must send them. They never
-- leave the server: the answers say only whether one is set.
CREATE TABLE smtp_settings (
    org_id BIGINT PRIMARY KEY REFERENCES orgs(id),
    host TEXT NOT NULL,
    port BIGINT NOT NULL,
    security TEXT NOT NULL,
    username TEXT NOT NULL,
    password TEXT NOT NULL,
    from_address TEXT NOT NULL,
    from_name TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
);

-- `levels` is the alarm levels the channel takes, comma-separated (`1,2`); `position` its place in the user's list.
CREATE TABLE notify_channels (
    id {{ID}},
    user_id BIGINT NOT NULL REFERENCES users(id),
    position BIGINT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    target TEXT NOT NULL,
    secret TEXT NOT NULL,
    levels TEXT NOT NULL,
    enabled BIGINT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX notify_channels_user ON notify_channels (user_id, position);

-- One delivery to one channel. The channel's name and kind are copied (the log still reads after the channel is
-- removed; `channel_id` then names nothing). `content` is what is sent, as JSON written by the server; `lang` the
-- language the user had when it was queued. `next_ms` is when a queued delivery is due (its next attempt).
CREATE TABLE notify_deliveries (
    id {{ID}},
    user_id BIGINT NOT NULL REFERENCES users(id),
    channel_id BIGINT NOT NULL,
    channel_name TEXT NOT NULL,
    channel_kind TEXT NOT NULL,
    message_id BIGINT,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    lang TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL,
    last_error TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    next_ms BIGINT NOT NULL
);
CREATE INDEX notify_deliveries_due ON notify_deliveries (status, next_ms);
CREATE INDEX notify_deliveries_user ON notify_deliveries (user_id, id);

-- The language a user's notifications are written in: the console's language when the user last saved the
-- notification settings; empty (never saved) is the product's default, zh-CN.
ALTER TABLE users ADD COLUMN notify_lang TEXT NOT NULL DEFAULT '';

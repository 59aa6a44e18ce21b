//! Notification beyond the browser in the route table (ours: docs/messages.md, "Beyond the browser"): the
//! channels, their test and log, and the organisation's SMTP server.

use super::table::{PAGE, PAGE_SIZE};
use super::*;
use crate::api::notify;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/msg/notify/settings/query", notify::settings_query, "msg.notify.settings.query", Session [],
            "The caller's notification settings: {prompType, channels: [{id, kind, name, target, levels, enabled, \
             hasSecret}], smtpReady}; secrets are never answered.", []),
        route!(POST "/lfscada/msg/notify/settings/save", notify::settings_save, "msg.notify.settings.save", Session [],
        "Save the caller's prompt types and whole channel list, all or nothing → {ids} of the channels in order.", [
            list("prompType").required().doc("Any of sound, title, alter (a comma-separated text; empty for none)"),
            list("channels").doc("At most 10 of {id? (kept channel), kind: email|wecom|dingtalk|feishu|\
                webhook, name, target: e-mail address or http(s) URL, secret? (DingTalk/Feishu signing; left out keeps \
                it), levels: 1 to 3, enabled}; absent: none"),
        ]),
        route!(POST "/lfscada/msg/notify/test", notify::test, "msg.notify.test", Session [],
            "Queue a test of one of the caller's channels → {id} of the delivery (its outcome is in the log); 1281 when \
             the channel is not the caller's, 1282 for e-mail without an SMTP server.",
            [integer("id").required().doc("Channel id")]),
        route!(POST "/lfscada/msg/notify/log/query", notify::log_query, "msg.notify.log.query", Session [],
        "The caller's delivery log, newest first: {total, list: [{id, channelId, channelName, channelKind, messageId, \
         title, status: queued|sent|failed, attempts, lastError, gmtCreate, gmtUpdate}]}.", [
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/msg/notify/smtp/query", notify::smtp_query, "msg.notify.smtp.query", Admin [],
            "The organisation's SMTP server: {host, port, security, username, hasPassword, \
             fromAddress, fromName}, or null when none is set up; the password is never answered.", []),
        route!(POST "/lfscada/msg/notify/smtp/save", notify::smtp_save, "msg.notify.smtp.save", Admin [],
        "Set the organisation's SMTP server.", [
            text("host").max(limits::SMTP_HOST_CHARS).required().doc("Host name or IP address"),
            int("port", 1, limits::PORT_MAX).required().doc("25 or 587 for STARTTLS, 465 for TLS"),
            text("security").required().doc("none, starttls or tls"),
            text("username").max(limits::SMTP_CREDENTIAL_CHARS).doc("User name; empty: no authentication"),
            text("password")
                .max(limits::SMTP_CREDENTIAL_CHARS)
                .doc("Password (write-only); left out or empty keeps the stored one"),
            text("fromAddress").max(limits::EMAIL_CHARS).required().doc("Sender address"),
            text("fromName").max(limits::SMTP_FROM_NAME_CHARS).doc("Sender name"),
        ]),
    ]
}

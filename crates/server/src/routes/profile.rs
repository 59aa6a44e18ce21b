//! The account area in the route table (docs/account.md; paths ours, the spec names none): the caller's own
//! basic profile, avatar and operation log, which every signed-in account reaches (`Session`), sub-accounts
//! included: each reads or changes only the caller's own account, so no parameter names an object. And the system
//! settings dialog's calls, its organisation's administrators' (`Admin`).

use super::table::{PAGE, PAGE_SIZE};
use super::*;
use crate::api::{profile, system_settings};

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/user/profile/query", profile::query, "user.profile.query", Session [],
            "The caller's basic profile: {loginname, realName, contact, department, tel, email, avatar}.", []),
        route!(POST "/lfscada/user/profile/save", profile::save, "user.profile.save", Session [],
            "Save the caller's basic profile (the e-mail address is set by the security set-up).", [
            text("realName").max(limits::PROFILE_NAME_CHARS).doc("The person's name"),
            text("contact").max(limits::PROFILE_TEXT_CHARS).doc("Contact"),
            text("department").max(limits::PROFILE_TEXT_CHARS).doc("Department"),
            // The telephone rule refuses a long number as malformed: no `max` here.
            text("tel").doc("Phone number (absent: unchanged); digits with + - ( ) and spaces"),
        ]),
        upload!("/lfscada/user/avatar/upload", profile::upload_avatar, "user.avatar.upload", Session [],
            "Upload the caller's avatar (multipart `file`: ico, jpg, png, gif or svg, under 100 KiB) → {avatar}.", [
            text("file").required().doc("The picture file"),
        ]),
        route!(POST "/lfscada/user/operationlog/queryMine", profile::log_mine, "user.operationlog.queryMine", Session [],
            "The caller's own operations, newest first: {total, list}.", [
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/system/settings/query", system_settings::query, "system.settings.query", Admin [],
            "The organisation's system settings: {title, faviconIco, sessionMinutes, defaultSessionMinutes, \
             retentionDays, backup: sqlite|none|pg_dump}.", []),
        route!(POST "/lfscada/system/settings/save", system_settings::save, "system.settings.save", Admin [],
            "Save the organisation's system settings, checked whole.", [
            text("title").max(limits::THEME_TITLE_CHARS).required().doc("The console's title"),
            text("faviconIco").doc("The logo: an http(s) URL, a site path or a data:image URL (64 KiB); empty: none"),
            int("sessionMinutes", 0, limits::SESSION_MINUTES_MAX)
                .default(0)
                .doc("Idle session timeout in minutes, at least 5; 0: the deployment's"),
            int("retentionDays", 0, limits::RETENTION_DAYS_MAX).default(0).doc("Days of signal history kept; 0: forever"),
        ]),
        route!(POST "/lfscada/system/backup", system_settings::backup, "system.backup", Admin [],
            "The whole SQLite database as a file (application/vnd.sqlite3); 1361 unless the caller administers the \
             deployment's first organisation, 1360 on PostgreSQL (use pg_dump).", []),
    ]
}

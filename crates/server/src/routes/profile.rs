//! The account area in the route table (docs/account.md; paths ours, the spec names none): the caller's own
//! basic profile, avatar and operation log, which every signed-in account reaches (`Session`), sub-accounts
//! included: each reads or changes only the caller's own account, so no parameter names an object. And the system
//! settings dialog's calls, its organisation's administrators' (`Admin`).

use super::*;
use crate::api::{profile, system_settings};

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/user/profile/query", profile::query, "user.profile.query", Session [],
            "The caller's basic profile: {loginname, realName, contact, department, tel, email, avatar}.", []),
        route!(POST "/lfscada/user/profile/save", profile::save, "user.profile.save", Session [],
            "Save the caller's basic profile (the e-mail address is set by the security set-up).", [
            param("realName", "string", false, "The person's name, at most 6 characters"),
            param("contact", "string", false, "Contact, at most 60 characters"),
            param("department", "string", false, "Department, at most 60 characters"),
            param("tel", "string", false, "Phone number (absent: unchanged); digits with + - ( ) and spaces"),
        ]),
        upload!("/lfscada/user/avatar/upload", profile::upload_avatar, "user.avatar.upload", Session [],
            "Upload the caller's avatar (multipart `file`: ico, jpg, png, gif or svg, under 100 KiB) → {avatar}.", [
            param("file", "string", true, "The picture file"),
        ]),
        route!(POST "/lfscada/user/operationlog/queryMine", profile::log_mine, "user.operationlog.queryMine", Session [],
            "The caller's own operations, newest first: {total, list}.", [
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/system/settings/query", system_settings::query, "system.settings.query", Admin [],
            "The organisation's system settings: {title, faviconIco, sessionMinutes, defaultSessionMinutes, \
             retentionDays, backup: sqlite|none|pg_dump}.", []),
        route!(POST "/lfscada/system/settings/save", system_settings::save, "system.settings.save", Admin [],
            "Save the organisation's system settings, checked whole.", [
            param("title", "string", true, "The console's title, 1 to 60 characters"),
            param("faviconIco", "string", false, "The logo: an http(s) URL, a site path or a data:image URL (64 KiB); empty: none"),
            param("sessionMinutes", "integer", false, "Idle session timeout, 5 to 10080 minutes; 0: the deployment's"),
            param("retentionDays", "integer", false, "Days of signal history kept, 1 to 3650; 0: forever"),
        ]),
        route!(POST "/lfscada/system/backup", system_settings::backup, "system.backup", Admin [],
            "The whole SQLite database as a file (application/vnd.sqlite3); 1361 unless the caller administers the \
             deployment's first organisation, 1360 on PostgreSQL (use pg_dump).", []),
    ]
}

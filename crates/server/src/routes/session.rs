//! Session and account in the route table (spec section 2): the login captcha, login, the caller's info and logout;
//! the organisation's style; the caller's own console settings; and an object's operation log.

use super::table::{PAGE, PAGE_SIZE};
use super::*;
use crate::api::{oplog, settings, theme, user};

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/user/showVcode", user::show_vcode, "user.showVcode", Public [],
            "A new captcha image (data URL); the answer is kept server-side for 10 minutes and usable once.", []),
        route!(POST "/lfscada/user/login", user::login, "user.login", Public [],
        "Log in; parameters are sent in the query string. Sets the HttpOnly session cookie.", [
            text("loginname").max(limits::LOGIN_NAME_CHARS).required().doc("Login name"),
            text("password").max(limits::LOGIN_PASSWORD_CHARS).required().doc("Password"),
            text("vcode").required().doc("Captcha answer (not needed when the server runs with --no-captcha)"),
        ]),
        route!(GET "/lfscada/user/info", user::info, "user.info", Session [],
        "The signed-in user's info, or 1010 (not logged in) / 1006 (session lost).", [
            integer("t").doc("Cache buster (client time)"),
        ]),
        route!(POST "/lfscada/user/logout", user::logout, "user.logout", Session [], "End the session.", []),
        route!(POST "/org/StyleAction!loadStyle.action", theme::load_style, "org.loadStyle", Public [],
            "Theme of the caller's organisation (or the default one before login): {title, faviconIco}.", []),
        route!(POST "/lfscada/user/config/query", settings::query, "user.config.query", Session [],
            "The user's saved console settings (an object, {} when none).", []),
        route!(POST "/lfscada/user/config/save", settings::save, "user.config.save", Session [],
        "Save the user's console settings.", [
            object("config").required().doc("Settings object, as nested parameters or a JSON text (at most 64 KiB)"),
        ]),
        route!(POST "/lfscada/user/operationlog/queryByObjectId", oplog::query_by_object_id, "user.operationlog.queryByObjectId", Session [],
        "Operations recorded on one object, newest first, within the caller's organisation.", [
            text("objectId").max(limits::OPERATION_OBJECT_ID_CHARS).required().doc("Object id"),
            text("objectType").max(limits::OPERATION_OBJECT_TYPE_CHARS).doc("Object type (e.g. user, feedback); empty for any"),
            PAGE,
            PAGE_SIZE,
        ]),
    ]
}

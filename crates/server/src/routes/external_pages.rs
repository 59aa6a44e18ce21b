//! External pages in the route table (docs/frame.md; paths ours, the spec names none): the list the Manage menu
//! and the frame screen read, for accounts with `manage` (the frame routes are in the Manage area), and its
//! changes, the organisation's administrators' (`Admin`): each entry's origin is one the console may frame.

use super::*;
use crate::api::external_pages;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/system/frame/list", external_pages::list, "system.frame.list", Manage [],
            "The organisation's external pages in menu order: [{id, title, url}].", []),
        route!(POST "/lfscada/system/frame/save", external_pages::save, "system.frame.save", Admin ["id" => ExternalPage],
            "Add an external page (no id → {id}; 1363 beyond 20) or change one (1362 when not the organisation's).", [
            integer("id").doc("The entry to change; absent to add one"),
            text("title").max(limits::EXTERNAL_PAGE_TITLE_CHARS).required().doc("Its menu title"),
            text("url")
                .max(limits::EXTERNAL_PAGE_URL_CHARS)
                .required()
                .doc("An absolute http(s) address with a host, no user name or password"),
        ]),
        route!(POST "/lfscada/system/frame/delete", external_pages::delete, "system.frame.delete", Admin ["id" => ExternalPage],
            "Delete an external page (1362 when not the organisation's).", [
            integer("id").required().doc("The entry to delete"),
        ]),
    ]
}

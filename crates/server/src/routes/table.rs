//! The table itself: every area's routes (each with its access rule, parameters and description, in a file named
//! for its area, as `api/`'s handlers are) put together in the spec's order, and the parameters several areas share.

use super::*;

/// The expiry date of equipment and gateway forms (docs/messages.md, "Expire messages").
pub(super) const EXPIRE_DATE: ParamDef = param(
    "expireDate",
    "string",
    false,
    "Service expiry date YYYY-MM-DD (China time); empty clears it; absent keeps it",
);

/// The equipment a monitor call is about.
pub(super) const EQUIPMENT_ID: ParamDef = param("equipmentId", "integer", true, "Equipment id");

/// The filters of the monitor's card lists.
pub(super) const CARD_FILTERS: [ParamDef; 6] = [
    param("keyword", "string", false, "Part of the name, model, manufacturer or address"),
    param("online", "string", false, "true: gateway online; false: gateway offline or none; absent: any"),
    param("gatewayId", "integer", false, "Only equipment bound to this gateway (its id)"),
    param(
        "groupId",
        "integer",
        false,
        "Only this group; 0 for the ungrouped equipment; absent for any (1215 when unknown)",
    ),
    param("follow", "string", false, "true: only equipment the caller follows"),
    param(
        "sort",
        "string",
        false,
        "time (default, newest created first) or name; the caller's stuck equipment comes first",
    ),
];

/// The card list's filters and its paging.
pub(super) const CARD_QUERY: [ParamDef; 8] = {
    let mut params = [param("page", "integer", false, "Page, from 1"); 8];
    params[1] = param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)");
    let mut i = 0;
    while i < CARD_FILTERS.len() {
        params[i + 2] = CARD_FILTERS[i];
        i += 1;
    }
    params
};

/// Every API route: the areas in the spec's order, then this description of the API.
pub fn table() -> Vec<RouteDef> {
    let areas = [
        super::session::routes(),
        super::sub_accounts::routes(),
        super::messages::routes(),
        super::notify::routes(),
        super::ops_center::routes(),
        super::equipment::routes(),
        super::shares::routes(),
        super::pages::routes(),
        super::project_monitor::routes(),
        super::scenes::routes(),
        super::projects::routes(),
        super::monitor_list::routes(),
        super::gateways::routes(),
        super::monitor::routes(),
        super::alarms::routes(),
        super::reports::routes(),
        super::custom_reports::routes(),
        super::live::routes(),
        super::system::routes(),
        super::repairs::routes(),
        super::security::routes(),
        super::inspection::routes(),
        super::profile::routes(),
        super::external_pages::routes(),
        super::share_view::routes(),
        super::ezviz::routes(),
        vec![
            // Meta
            route!(GET "/lfscada/openapi.json", openapi_handler, "meta.openapi", Public [],
            "This description of the API.", []),
        ],
    ];
    areas.into_iter().flatten().collect()
}

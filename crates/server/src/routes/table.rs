//! The table itself: every area's routes (each with its access rule, parameters and description, in a file named
//! for its area, as `api/`'s handlers are) put together in the spec's order, and the parameters several areas share.

use super::*;

/// The page of a list call, from 1 (`Params::paging`).
pub(super) const PAGE: ParamDef = int("page", 1, limits::PAGE_MAX).default(1).doc("Page, from 1");
/// The rows per page of a list call (`Params::paging`).
pub(super) const PAGE_SIZE: ParamDef =
    int("pageSize", 1, limits::PAGE_SIZE_MAX).default(limits::PAGE_SIZE_DEFAULT).doc("Rows per page");

/// The expiry date of equipment and gateway forms (docs/messages.md, "Expire messages").
pub(super) const EXPIRE_DATE: ParamDef =
    text("expireDate").doc("Service expiry date YYYY-MM-DD (China time); empty clears it; absent keeps it");

/// The equipment a monitor call is about.
pub(super) const EQUIPMENT_ID: ParamDef = integer("equipmentId").required().doc("Equipment id");

/// The interval a gateway reports at while an equipment's monitor window is open, ms: one range for the gateway's
/// setting and the window's open, which the console sends the setting (`limits::MONITOR_INTERVAL_MS_MIN`).
pub(super) const MONITOR_INTERVAL: ParamDef =
    int("interval", limits::MONITOR_INTERVAL_MS_MIN, limits::MONITOR_INTERVAL_MS_MAX);

/// The two ends of a time range (`Params::time_range`), ms since the epoch; the range's rule is the handler's.
pub(super) const START_TIME: ParamDef = integer("startTime").required().doc("Start, ms since the epoch");
pub(super) const END_TIME: ParamDef =
    integer("endTime").required().doc("End, ms since the epoch, not before the start, at most 30 days after it");

/// The optional ends of an alarm-record query (`Params::optional_time_range`).
pub(super) const TRIGGERED_FROM: ParamDef = integer("startTime").doc("Triggered at or after, ms since the epoch");
pub(super) const TRIGGERED_TO: ParamDef = integer("endTime")
    .doc("Triggered at or before, ms since the epoch; not before the start, at most 30 days after it");

/// The search keyword of the equipment and gateway lists.
pub(super) const SEARCH_KEYWORD: ParamDef = text("keyword").max(limits::SEARCH_KEYWORD_CHARS);

/// Which kind of equipment a list covers.
pub(super) const KIND: ParamDef = text("kind").doc(
    "eg: equipment behind gateways; gm: GM equipment (adopted from a Sparkplug B node or JSON device); absent: both",
);

/// The filters of the monitor's card lists.
pub(super) const CARD_FILTERS: [ParamDef; 7] = [
    SEARCH_KEYWORD.doc("Part of the name, model, manufacturer or address"),
    flag("online")
        .doc("true: online (its gateway, or a GM equipment's own presence); false: offline or no gateway; absent: any"),
    KIND,
    integer("gatewayId").doc("Only equipment bound to this gateway (its id)"),
    integer("groupId").doc("Only this group; 0 for the ungrouped equipment; absent for any (1215 when unknown)"),
    flag("follow").doc("true: only equipment the caller follows"),
    text("sort").doc("time (default, newest created first) or name; the caller's stuck equipment comes first"),
];

/// The card list's filters and its paging.
pub(super) const CARD_QUERY: [ParamDef; 9] = {
    let mut params = [PAGE; 9];
    params[1] = PAGE_SIZE;
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
        super::project_live::routes(),
        super::project_data::routes(),
        super::scenes::routes(),
        super::projects::routes(),
        super::monitor_list::routes(),
        super::gateways::routes(),
        super::gm_sources::routes(),
        super::gm_devices::routes(),
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

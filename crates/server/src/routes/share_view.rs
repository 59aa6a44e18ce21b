//! The public share view and track playback in the route table (paths ours, the spec names neither).
//!
//! Share calls (docs/share.md) are `Public` for the access layer: their caller is a visitor with a share session
//! (its own cookie and table), never an account, so no user rule applies; `share/open` checks the share password
//! and every other share call checks in its handler that the session still holds and that `equipId` is its
//! equipment (1343, 1214), and that a signal or command is that equipment's.
//!
//! A track (docs/track.md) is history: any signed-in caller who sees the equipment may play it (`Session`,
//! `Equipment` guard: 1214 for equipment of another organisation or not granted), as `monitor/multi/history/query`.

use super::table::{END_TIME, EQUIPMENT_ID, PAGE, PAGE_SIZE, START_TIME, TRIGGERED_FROM, TRIGGERED_TO};
use super::*;
use crate::api::{share_pages, share_view, track};

const EQUIP_ID: ParamDef = integer("equipId").required().doc("The shared equipment (the share session's own)");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/share/open", share_view::open, "share.open", Public [],
        "Open a share visit with the share password → {equipId, equipName, auth} and the share_session cookie \
         (HttpOnly, SameSite=Strict, path /lfscada/share, 2 hours idle). Throttled per address and per equipment as \
         login (1007); an unknown equipment, sharing off, no password and a wrong one all answer 1342.", [
            EQUIP_ID,
            text("password").required().doc("The share password"),
        ]),
        route!(GET "/lfscada/share/info", share_view::info, "share.info", Public [],
            "The visited equipment: {equipId, equipName, auth (view|control), signals}. 1343 without a share session \
             that still holds (sharing off, password or authority changed, idle); 1214 for another equipment.",
            [EQUIP_ID]),
        route!(GET "/lfscada/share/values", share_view::values, "share.values", Public [],
            "The visited equipment's latest values and alarm states, as monitor/multi/signal/data (1343, 1214).",
            [EQUIP_ID]),
        route!(GET "/lfscada/share/pages", share_pages::list, "share.pages", Public [],
            "The visited equipment's configuration pages: {display (list|page: page opens its home page first), \
             pages (as configuration/page/query, without the pages that have their own password)} (1343, 1214).",
            [EQUIP_ID]),
        route!(GET "/lfscada/share/page/info", share_pages::info, "share.page.info", Public [],
        "A page of the visited equipment with its document, as configuration/page/info. A page of another \
         equipment, a project's page or no such page: 1214; a page with its own password: 1345 (1343).", [
            EQUIP_ID,
            integer("pageId").required().doc("A page of the visited equipment"),
        ]),
        route!(GET "/lfscada/share/history", share_pages::history, "share.history", Public [],
        "History of up to 10 signals of the visited equipment, as monitor/multi/history/query (1343, 1214).", [
            EQUIP_ID,
            ids("signalIds", limits::HISTORY_SIGNALS)
                .required()
                .doc("Signal ids of the visited equipment, comma-separated or an array"),
            START_TIME,
            END_TIME,
        ]),
        route!(GET "/lfscada/share/alarms", share_pages::alarm_records, "share.alarms", Public [],
        "Alarm records of the visited equipment, newest first, as monitor/multi/alarm/query: {total, list}; 2001 \
         when there are none (1343, 1214).", [
            EQUIP_ID,
            TRIGGERED_FROM,
            TRIGGERED_TO,
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/share/write", share_view::write, "share.write", Public [],
        "Write a value of the visited equipment → {online, uuid}, only when the share's authority is control (1344); \
         the monitor's write rules and path (2004, 2003, 1207).", [
            EQUIP_ID,
            integer("signalId").required().doc("A signal of the visited equipment"),
            number("value", f64::MIN, f64::MAX).required().doc("Engineering value"),
        ]),
        route!(POST "/lfscada/share/callback", share_view::callback, "share.callback", Public [],
            "A share write's outcome, as equipment/multi/callback; only commands on the visited equipment.",
            [EQUIP_ID, text("uuid").required().doc("The write's uuid")]),
        route!(POST "/lfscada/share/close", share_view::close, "share.close", Public [],
            "End the share visit and clear its cookie.", [EQUIP_ID]),
        route!(POST "/lfscada/monitor/multi/track/query", track::query, "monitor.multi.track.query", Session ["equipmentId" => Equipment],
        "The equipment's path over at most 30 days from the history of its latitude and longitude signals (found by \
         name: latitude/纬度, longitude/经度), paired by time and thinned to at most 2,000 points keeping the first \
         and last: {latitudeSignalId, longitudeSignalId, points: [{t, lat, lng}], total, simplified}. 1340 without \
         position signals; 1341 above 1,000,000 readings of one signal in the range.", [
            EQUIPMENT_ID,
            START_TIME,
            END_TIME,
        ]),
    ]
}

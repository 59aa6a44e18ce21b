//! The gateway registry in the route table (paths other than info are ours; the spec does not name them).

use super::table::{EXPIRE_DATE, MONITOR_INTERVAL, PAGE, PAGE_SIZE, SEARCH_KEYWORD};
use super::*;
use crate::api::gateways;

const SN: ParamDef = text("sn").max(limits::SERIAL_NUMBER_CHARS).required().doc("Serial number");
const NAME: ParamDef = text("name").max(limits::GATEWAY_NAME_CHARS).doc("Display name");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/gateway/add", gateways::add, "gateway.add", Manage [],
        "Register a gateway by serial number; answers the secret once.", [
            SN.doc("Serial number: A-Z a-z 0-9 - _ ."),
            NAME.doc("Display name (default: the serial number)"),
            text("model").max(limits::GATEWAY_MODEL_CHARS).doc("Hardware model"),
            text("firmware").max(limits::GATEWAY_FIRMWARE_CHARS).doc("Firmware version"),
            EXPIRE_DATE,
        ]),
        route!(POST "/lfscada/gateway/query", gateways::query, "gateway.query", Session [],
        "The organisation's gateways, newest first.", [
            SEARCH_KEYWORD.doc("Part of the serial number or name"),
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/gateway/info", gateways::info, "gateway.info", Session ["sn" => Gateway],
        "One gateway by serial number, or 2001 when there is none.", [
            SN,
        ]),
        route!(POST "/lfscada/gateway/edit", gateways::edit, "gateway.edit", Manage ["sn" => Gateway],
        "Change a gateway's settings; only the given ones.", [
            SN,
            NAME,
            MONITOR_INTERVAL.doc("Reporting interval while monitored, ms"),
            int("sampleInterval", limits::SAMPLE_INTERVAL_MS_MIN, limits::SAMPLE_INTERVAL_MS_MAX)
                .doc("History sample period, ms"),
            flag("economizeOpen").doc("Stop re-opening monitoring while the operator is away (also 1 or 0)"),
            EXPIRE_DATE,
        ]),
        route!(POST "/lfscada/gateway/rotateSecret", gateways::rotate_secret, "gateway.rotateSecret", Manage ["sn" => Gateway],
        "Issue a new secret (shown once); the old one stops working.", [
            SN,
        ]),
        route!(POST "/lfscada/gateway/delete", gateways::delete, "gateway.delete", Manage ["sn" => Gateway],
        "Delete a gateway.", [
            SN,
        ]),
    ]
}

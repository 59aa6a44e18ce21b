//! The gateway registry in the route table (paths other than info are ours; the spec does not name them).

use super::table::EXPIRE_DATE;
use super::*;
use crate::api::gateways;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/gateway/add", gateways::add, "gateway.add", Manage [],
        "Register a gateway by serial number; answers the secret once.", [
            param("sn", "string", true, "Serial number: 1 to 64 of A-Z a-z 0-9 - _ ."),
            param("name", "string", false, "Display name (default: the serial number), at most 60 characters"),
            param("model", "string", false, "Hardware model"),
            param("firmware", "string", false, "Firmware version"),
            EXPIRE_DATE,
        ]),
        route!(POST "/lfscada/gateway/query", gateways::query, "gateway.query", Session [],
        "The organisation's gateways, newest first.", [
            param("keyword", "string", false, "Part of the serial number or name"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/gateway/info", gateways::info, "gateway.info", Session ["sn" => Gateway],
        "One gateway by serial number, or 2001 when there is none.", [
            param("sn", "string", true, "Serial number"),
        ]),
        route!(POST "/lfscada/gateway/edit", gateways::edit, "gateway.edit", Manage ["sn" => Gateway],
        "Change a gateway's settings; only the given ones.", [
            param("sn", "string", true, "Serial number"),
            param("name", "string", false, "Display name, at most 60 characters"),
            param("interval", "integer", false, "Reporting interval while monitored, ms, 200 to 60000"),
            param("sampleInterval", "integer", false, "History sample period, ms, 1000 to 3600000"),
            param("economizeOpen", "string", false, "true or false: stop re-opening monitoring while the operator is away"),
            EXPIRE_DATE,
        ]),
        route!(POST "/lfscada/gateway/rotateSecret", gateways::rotate_secret, "gateway.rotateSecret", Manage ["sn" => Gateway],
        "Issue a new secret (shown once); the old one stops working.", [
            param("sn", "string", true, "Serial number"),
        ]),
        route!(POST "/lfscada/gateway/delete", gateways::delete, "gateway.delete", Manage ["sn" => Gateway],
        "Delete a gateway.", [
            param("sn", "string", true, "Serial number"),
        ]),
    ]
}

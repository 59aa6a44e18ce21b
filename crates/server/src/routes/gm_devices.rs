//! Adoption of what Sparkplug edge nodes announce, in the route table (docs/gm-equipment.md): the devices and
//! metrics a node's births announced, and adopting one as an equipment.

use super::*;
use crate::api::gm_devices;

const NODE_ID: ParamDef = integer("nodeId")
    .required()
    .doc("The collection source id (an edge node, or a JSON device: its one device '', the rule's signals)");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/gm/discovered/query", gm_devices::discovered, "gm.discovered.query", Manage ["nodeId" => GmSource],
        "The devices an edge node's births announced (deviceId '' for its own metrics), their metrics, and the equipment adopted from each.", [
            NODE_ID,
        ]),
        route!(POST "/lfscada/gm/adopt", gm_devices::adopt, "gm.adopt", Manage ["nodeId" => GmSource],
        "Adopt an announced device as an equipment whose signals are its numeric and boolean metrics; 1383 unknown device, 1384 adopted already, 1385 nothing to adopt.", [
            NODE_ID,
            text("deviceId").max(limits::SPARKPLUG_ID_CHARS).doc("The Sparkplug device id; empty for the edge node's own metrics"),
            text("equipName").max(limits::EQUIPMENT_NAME_CHARS).doc("The new equipment's name (default: the device id, or the node's name)"),
        ]),
    ]
}

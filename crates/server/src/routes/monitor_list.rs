//! The monitor list in the route table (spec section 7): groups, the card and map lists with their filters, and
//! following and pinning equipment.

use super::table::{CARD_FILTERS, CARD_QUERY, EQUIPMENT_ID, KIND};
use super::*;
use crate::api::{groups, monitor_list};

const GROUP_ID: ParamDef = integer("id").required().doc("Group id");
const GROUP_NAME: ParamDef = text("name").max(limits::GROUP_NAME_CHARS).required().doc("Group name (trimmed)");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/group/query", groups::query, "monitor.group.query", Session [],
            "The organisation's groups by name: [{id, name, equipmentCount}].", []),
        route!(POST "/lfscada/monitor/group/add", groups::add, "monitor.group.add", WholeOrg [],
            "Add a group → {id}; 1202 when the name exists.",
            [GROUP_NAME]),
        route!(POST "/lfscada/monitor/group/edit", groups::edit, "monitor.group.edit", WholeOrg ["id" => Group],
        "Rename a group; 1215 when it does not exist, 1202 when the name exists.", [
            GROUP_ID,
            GROUP_NAME,
        ]),
        route!(POST "/lfscada/monitor/group/delete", groups::delete, "monitor.group.delete", WholeOrg ["id" => Group],
            "Delete a group; its equipment becomes ungrouped.", [GROUP_ID]),
        route!(POST "/lfscada/monitor/group/equipment/move", groups::move_equipment, "monitor.group.equipment.move", Manage ["equipmentId" => Equipment, "groupId" => Group],
        "Put equipment into a group, or out of any.", [
            EQUIPMENT_ID,
            integer("groupId").doc("Group id; empty, absent or 0 to ungroup"),
        ]),
        route!(POST "/lfscada/monitor/group/equipment/queryByGroup", groups::query_by_group, "monitor.group.equipment.queryByGroup", Session ["groupId" => Group],
            "One group's equipment as {total, list: [card]} (groupId 0 or absent: the ungrouped). A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.",
            params = &CARD_QUERY),
        route!(POST "/lfscada/monitor/group/equipment/queryAllByGroup", groups::query_all_by_group, "monitor.group.equipment.queryAllByGroup", Session [],
            "Every group by name with its equipment, then {id: 0, name: '', equipment} for the ungrouped: \
             [{id, name, equipment: [{id, equipName}]}].", [KIND]),
        route!(POST "/lfscada/monitor/equipment/query", monitor_list::query, "monitor.equipment.query", Session ["groupId" => Group],
            "The monitor's equipment list {total, list: [card]}: the caller's stuck equipment first, then the sort. A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.",
            params = &CARD_QUERY),
        route!(POST "/lfscada/monitor/equipment/queryAll", monitor_list::query_all, "monitor.equipment.queryAll", Session ["groupId" => Group],
            "Every card in the list's order, without paging (the list's filters apply when given). A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.",
            params = &CARD_FILTERS),
        route!(POST "/lfscada/monitor/equipment/queryAllForMap", monitor_list::query_all_for_map, "monitor.equipment.queryAllForMap", Session [],
            "The cards with latitude and longitude, each with keyValues: [{signalId, name, value, unit, time, quality}] \
             of its first 4 signals by id. A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.", []),
        route!(POST "/lfscada/monitor/equipment/setFollow", monitor_list::set_follow, "monitor.equipment.setFollow", Session ["equipmentId" => Equipment],
            "Follow (star) the equipment, for the caller only.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/equipment/cancleFollow", monitor_list::cancel_follow, "monitor.equipment.cancleFollow", Session ["equipmentId" => Equipment],
            "Stop following the equipment (the spec's spelling).", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/equipment/setStick", monitor_list::set_stick, "monitor.equipment.setStick", Session ["equipmentId" => Equipment],
            "Stick (pin) the equipment to the top of the caller's lists.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/equipment/cancelStick", monitor_list::cancel_stick, "monitor.equipment.cancelStick", Session ["equipmentId" => Equipment],
            "Unpin the equipment.", [EQUIPMENT_ID]),
    ]
}

//! The management area's system screens in the route table (paths ours): gateway hardware, equipment models and
//! announcements.

use super::table::{EQUIPMENT_ID, PAGE, PAGE_SIZE};
use super::*;
use crate::api::system;

const MODEL_ID: ParamDef = integer("id").required().doc("Model id");
const MODEL_NAME: ParamDef =
    text("name").max(limits::MODEL_NAME_CHARS).required().doc("Model name (trimmed), unique in the organisation");
const ANNOUNCEMENT_ID: ParamDef = integer("id").required().doc("Announcement id");
const ANNOUNCEMENT_TITLE: ParamDef =
    text("title").max(limits::ANNOUNCEMENT_TITLE_CHARS).required().doc("Title (trimmed)");
const ANNOUNCEMENT_CONTENT: ParamDef =
    text("content").max(limits::ANNOUNCEMENT_CONTENT_CHARS).required().doc("Content");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/gateway/hardware/query", system::hardware, "gateway.hardware.query", Session [],
            "Gateway models and firmware in use: [{model, firmware, gateways, online}], from the organisation's gateways as they reported.", []),
        route!(POST "/lfscada/equipment/model/query", system::model_query, "equipment.model.query", Session [],
            "Equipment models (signal-list templates) by name: [{id, name, manufacturer, signalCount, updated}].", []),
        route!(POST "/lfscada/equipment/model/info", system::model_info, "equipment.model.info", Session ["id" => Model],
            "One model with its signals: {id, name, manufacturer, remark, signals: [SignalDef], signalCount, updated}; 1231 when it does not exist.",
            [MODEL_ID]),
        route!(POST "/lfscada/equipment/model/equipment", system::model_equipment, "equipment.model.equipment", Session [],
            "The organisation's equipment with its number of signals, for applying or making models: [{id, equipName, signalCount}].", []),
        route!(POST "/lfscada/equipment/model/add", system::model_add, "equipment.model.add", WholeOrg [],
        "Add a model → {id}; signals checked like signal/save (errors name signals.3.address); 1232 when the name exists.", [
            MODEL_NAME,
            text("manufacturer").max(limits::MANUFACTURER_CHARS).doc("Manufacturer"),
            text("remark").max(limits::REMARK_CHARS).doc("Remark"),
            list("signals").required().doc("JSON array of 1 to 2000 signal definitions (as signal/save)"),
        ]),
        route!(POST "/lfscada/equipment/model/edit", system::model_edit, "equipment.model.edit", Manage ["id" => ModelToChange],
        "Edit a model; signals absent keep the list; 1231 when it does not exist, 1232 when the name exists.", [
            MODEL_ID,
            MODEL_NAME,
            text("manufacturer").max(limits::MANUFACTURER_CHARS).doc("Manufacturer"),
            text("remark").max(limits::REMARK_CHARS).doc("Remark"),
            list("signals").doc("JSON array of signal definitions; absent keeps the list"),
        ]),
        route!(POST "/lfscada/equipment/model/delete", system::model_delete, "equipment.model.delete", Manage ["id" => ModelToChange],
            "Delete a model; equipment it was applied to keeps its signals.", [MODEL_ID]),
        route!(POST "/lfscada/equipment/model/apply", system::model_apply, "equipment.model.apply", Manage ["id" => Model, "equipmentId" => Equipment],
        "Copy a model's signals onto equipment without signals → {ids}, pushing the gateway's configuration; 1233 when it has signals.", [
            MODEL_ID,
            EQUIPMENT_ID,
        ]),
        route!(POST "/lfscada/equipment/model/fromEquipment", system::model_from_equipment, "equipment.model.fromEquipment", Manage ["equipmentId" => Equipment],
        "Make a model from an equipment's signals → {id}; 1234 when it has none, 1232 when the name exists.", [
            EQUIPMENT_ID,
            MODEL_NAME,
        ]),
        route!(POST "/lfscada/announcement/query", system::announcement_query, "announcement.query", WholeOrg [],
        "System announcements, newest first: {total, list: [{id, title, content, status, gmtCreate, gmtPublish}]}.", [
            PAGE,
            PAGE_SIZE,
            text("status").doc("draft, published or withdrawn; absent for any"),
        ]),
        route!(POST "/lfscada/announcement/add", system::announcement_add, "announcement.add", WholeOrg [],
        "Add a draft announcement → {id}.", [
            ANNOUNCEMENT_TITLE,
            ANNOUNCEMENT_CONTENT,
        ]),
        route!(POST "/lfscada/announcement/edit", system::announcement_edit, "announcement.edit", WholeOrg ["id" => Announcement],
        "Edit a draft; 1235 when it does not exist, 1236 when it is not a draft.", [
            ANNOUNCEMENT_ID,
            ANNOUNCEMENT_TITLE,
            ANNOUNCEMENT_CONTENT,
        ]),
        route!(POST "/lfscada/announcement/publish", system::announcement_publish, "announcement.publish", WholeOrg ["id" => Announcement],
            "Publish a draft → {messages}: every user of the organisation gets a notice message, pushed on the message socket; 1236 when not a draft.",
            [ANNOUNCEMENT_ID]),
        route!(POST "/lfscada/announcement/withdraw", system::announcement_withdraw, "announcement.withdraw", WholeOrg ["id" => Announcement],
            "Withdraw a published announcement → {removed}: its unread notice messages are deleted, read ones stay; 1237 when not published.",
            [ANNOUNCEMENT_ID]),
        route!(POST "/lfscada/announcement/delete", system::announcement_delete, "announcement.delete", WholeOrg ["id" => Announcement],
            "Delete a draft or withdrawn announcement; 1238 when published.",
            [ANNOUNCEMENT_ID]),
    ]
}

//! The management area's system screens in the route table (paths ours): gateway hardware, equipment models and
//! announcements.

use super::table::EQUIPMENT_ID;
use super::*;
use crate::api::system;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/gateway/hardware/query", system::hardware, "gateway.hardware.query", Session [],
            "Gateway models and firmware in use: [{model, firmware, gateways, online}], from the organisation's gateways as they reported.", []),
        route!(POST "/lfscada/equipment/model/query", system::model_query, "equipment.model.query", Session [],
            "Equipment models (signal-list templates) by name: [{id, name, manufacturer, signalCount, updated}].", []),
        route!(POST "/lfscada/equipment/model/info", system::model_info, "equipment.model.info", Session ["id" => Model],
            "One model with its signals: {id, name, manufacturer, remark, signals: [SignalDef], signalCount, updated}; 1231 when it does not exist.",
            [param("id", "integer", true, "Model id")]),
        route!(POST "/lfscada/equipment/model/equipment", system::model_equipment, "equipment.model.equipment", Session [],
            "The organisation's equipment with its number of signals, for applying or making models: [{id, equipName, signalCount}].", []),
        route!(POST "/lfscada/equipment/model/add", system::model_add, "equipment.model.add", WholeOrg [],
        "Add a model → {id}; signals checked like signal/save (errors name signals.3.address); 1232 when the name exists.", [
            param("name", "string", true, "Model name, 1 to 60 characters (trimmed), unique in the organisation"),
            param("manufacturer", "string", false, "Manufacturer, at most 60 characters"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("signals", "string", true, "JSON array of 1 to 2000 signal definitions (as signal/save)"),
        ]),
        route!(POST "/lfscada/equipment/model/edit", system::model_edit, "equipment.model.edit", Manage ["id" => ModelToChange],
        "Edit a model; signals absent keep the list; 1231 when it does not exist, 1232 when the name exists.", [
            param("id", "integer", true, "Model id"),
            param("name", "string", true, "Model name, 1 to 60 characters (trimmed), unique in the organisation"),
            param("manufacturer", "string", false, "Manufacturer, at most 60 characters"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("signals", "string", false, "JSON array of signal definitions; absent keeps the list"),
        ]),
        route!(POST "/lfscada/equipment/model/delete", system::model_delete, "equipment.model.delete", Manage ["id" => ModelToChange],
            "Delete a model; equipment it was applied to keeps its signals.", [param("id", "integer", true, "Model id")]),
        route!(POST "/lfscada/equipment/model/apply", system::model_apply, "equipment.model.apply", Manage ["id" => Model, "equipmentId" => Equipment],
        "Copy a model's signals onto equipment without signals → {ids}, pushing the gateway's configuration; 1233 when it has signals.", [
            param("id", "integer", true, "Model id"),
            EQUIPMENT_ID,
        ]),
        route!(POST "/lfscada/equipment/model/fromEquipment", system::model_from_equipment, "equipment.model.fromEquipment", Manage ["equipmentId" => Equipment],
        "Make a model from an equipment's signals → {id}; 1234 when it has none, 1232 when the name exists.", [
            EQUIPMENT_ID,
            param("name", "string", true, "Model name, 1 to 60 characters (trimmed), unique in the organisation"),
        ]),
        route!(POST "/lfscada/announcement/query", system::announcement_query, "announcement.query", WholeOrg [],
        "System announcements, newest first: {total, list: [{id, title, content, status, gmtCreate, gmtPublish}]}.", [
            param("page", "integer", false, "Page from 1 (default 1)"),
            param("pageSize", "integer", false, "1 to 100 (default 10)"),
            param("status", "string", false, "draft, published or withdrawn; absent for any"),
        ]),
        route!(POST "/lfscada/announcement/add", system::announcement_add, "announcement.add", WholeOrg [],
        "Add a draft announcement → {id}.", [
            param("title", "string", true, "Title, 1 to 100 characters (trimmed)"),
            param("content", "string", true, "Content, 1 to 5000 characters"),
        ]),
        route!(POST "/lfscada/announcement/edit", system::announcement_edit, "announcement.edit", WholeOrg ["id" => Announcement],
        "Edit a draft; 1235 when it does not exist, 1236 when it is not a draft.", [
            param("id", "integer", true, "Announcement id"),
            param("title", "string", true, "Title, 1 to 100 characters (trimmed)"),
            param("content", "string", true, "Content, 1 to 5000 characters"),
        ]),
        route!(POST "/lfscada/announcement/publish", system::announcement_publish, "announcement.publish", WholeOrg ["id" => Announcement],
            "Publish a draft → {messages}: every user of the organisation gets a notice message, pushed on the message socket; 1236 when not a draft.",
            [param("id", "integer", true, "Announcement id")]),
        route!(POST "/lfscada/announcement/withdraw", system::announcement_withdraw, "announcement.withdraw", WholeOrg ["id" => Announcement],
            "Withdraw a published announcement → {removed}: its unread notice messages are deleted, read ones stay; 1237 when not published.",
            [param("id", "integer", true, "Announcement id")]),
        route!(POST "/lfscada/announcement/delete", system::announcement_delete, "announcement.delete", WholeOrg ["id" => Announcement],
            "Delete a draft or withdrawn announcement; 1238 when published.",
            [param("id", "integer", true, "Announcement id")]),
    ]
}

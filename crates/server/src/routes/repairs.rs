//! Repair orders in the route table, after the system screens' announcements (docs/work-orders.md; paths ours, the
//! spec names none). Every route needs `Access::Repair` (the spec's
//! `monitor_multi_designer_repair`, or `manage`): 1212 otherwise. An order is seen where its equipment is
//! (`Object::RepairOrder`, 1290 otherwise); who may take which step is the domain's table, checked by the handler.

use super::table::{EQUIPMENT_ID, PAGE, PAGE_SIZE, SEARCH_KEYWORD};
use super::*;
use crate::api::repairs;

/// The order a call is about.
const ORDER_ID: ParamDef = integer("id").required().doc("Repair order id");
const REMARK: ParamDef = text("remark").max(limits::REPAIR_REMARK_CHARS).doc("Remark");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/ops/repair/query", repairs::query, "ops.repair.query", Repair ["equipmentId" => Equipment],
        "Repair orders the caller sees, newest first: {total, list: [{id, number, equipmentId, equipName, alarmId, \
         signalTitle, description, status, creatorId, creatorName, repairerId, repairerName, content, gmtCreate, gmtUpdate}]}.", [
            PAGE,
            PAGE_SIZE,
            text("status").doc("pending, dispatched, received, finished or early-finish; empty for any"),
            integer("equipmentId").doc("Only orders on this equipment"),
            SEARCH_KEYWORD.doc("Part of the number or the description, any case"),
            text("mine").doc("created: orders the caller created; assigned: orders dispatched to the caller"),
        ]),
        route!(POST "/lfscada/ops/repair/info", repairs::info, "ops.repair.info", Repair ["id" => RepairOrder],
            "One order with its steps (who, when, from, to, remark) and pictures: {order, steps, pictures}; the caller's \
             order messages about it become seen (dataStatus) and read.", [ORDER_ID]),
        route!(POST "/lfscada/ops/repair/add", repairs::add, "ops.repair.add", Repair ["equipmentId" => Equipment, "alarmId" => Alarm],
        "Create a pending order → {id, number} (number WX + the day in UTC+8 + the organisation's 4-digit sequence of \
         the day). From an alarm, the alarm names the equipment and the signal and its text is the default description.", [
            integer("equipmentId").doc("Equipment id (required without alarmId; with it, the alarm's equipment)"),
            integer("alarmId").doc("The alarm record the order is made from"),
            text("description")
                .max(limits::REPAIR_DESCRIPTION_CHARS)
                .doc("Problem description (required without alarmId)"),
        ]),
        route!(POST "/lfscada/ops/repair/users", repairs::users, "ops.repair.users", Repair ["equipmentId" => Equipment],
            "Whom an order on the equipment may be dispatched to: the organisation's enabled accounts that see it and may \
             handle repair orders, by name: [{userId, loginname}].", [EQUIPMENT_ID]),
        route!(POST "/lfscada/ops/repair/dispatch", repairs::dispatch, "ops.repair.dispatch", Repair ["id" => RepairOrder],
        "pending → dispatched, by the creator or a manage holder; the repairer is told (order message) → the order. \
         1291 wrong person, 1292 wrong status, 1293 the repairer cannot see the equipment.", [
            ORDER_ID,
            integer("repairerId").required().doc("The account to repair it (ops/repair/users)"),
            REMARK,
        ]),
        route!(POST "/lfscada/ops/repair/redispatch", repairs::redispatch, "ops.repair.redispatch", Repair ["id" => RepairOrder],
        "dispatched → dispatched with another repairer, by the creator or a manage holder, before the first received \
         it; the new repairer, the old one and the creator are told → the order. 1100 on repairerId when it names the \
         repairer already, 1291 wrong person, 1292 wrong status (received meanwhile, or reassigned by someone else), \
         1293 the repairer cannot see the equipment.", [
            ORDER_ID,
            integer("repairerId").required().doc("The account to repair it instead (ops/repair/users)"),
            REMARK,
        ]),
        route!(POST "/lfscada/ops/repair/receive", repairs::receive, "ops.repair.receive", Repair ["id" => RepairOrder],
        "dispatched → received, by the repairer; the creator is told → the order. 1291 wrong person, 1292 wrong status.", [
            ORDER_ID,
            REMARK,
        ]),
        route!(POST "/lfscada/ops/repair/finish", repairs::finish, "ops.repair.finish", Repair ["id" => RepairOrder],
        "received → finished, by the repairer, with the repair content; the creator is told → the order.", [
            ORDER_ID,
            text("content").max(limits::REPAIR_CONTENT_CHARS).required().doc("What was repaired"),
            REMARK,
        ]),
        route!(POST "/lfscada/ops/repair/earlyFinish", repairs::early_finish, "ops.repair.earlyFinish", Repair ["id" => RepairOrder],
        "→ early-finish with the reason: by the creator or a manage holder while pending or dispatched, by the repairer \
         once received; the others are told → the order.", [
            ORDER_ID,
            REMARK.required().doc("Why the order ends without a repair"),
        ]),
        upload!("/lfscada/ops/repair/picture/upload", repairs::picture_upload, "ops.repair.picture.upload", Repair ["id" => RepairOrder],
        "Add a picture to an order (multipart/form-data: id, file; png, jpg, gif, svg or webp by its bytes, at most 2 MiB, \
         at most 6 an order): the dispatcher's while pending, the repairer's while received → {id, path, uploadedBy, gmtCreate}.", [
            ORDER_ID.doc("Repair order id (multipart field)"),
            text("file").required().doc("The picture (multipart file field)"),
        ]),
        route!(POST "/lfscada/ops/repair/picture/delete", repairs::picture_delete, "ops.repair.picture.delete", Repair ["id" => RepairOrder],
        "Remove a picture its uploader added, while that person may still add pictures; 1242 otherwise.", [
            ORDER_ID,
            integer("pictureId").required().doc("The picture's id (of this order)"),
        ]),
        route!(POST "/lfscada/equipment/multi/repair/query", repairs::equipment_query, "equipment.multi.repair.query", Repair ["equipmentId" => Equipment],
        "The equipment's repair orders, newest first (the EG detail's repair record tab): {total, list} as ops/repair/query.", [
            EQUIPMENT_ID,
            PAGE,
            PAGE_SIZE,
        ]),
    ]
}

//! The inspection half of the work orders in the route table (docs/work-orders.md; paths ours, the spec names
//! none). Items are the organisation's checklist: read by whoever handles work orders (`Access::Repair`), changed
//! by `manage` holders that see the whole organisation (`WholeOrg`). Plans are `manage` holders'; a plan and a
//! worksheet are seen only where every equipment of the route is (`Object::InspectionPlan`, `Object::Worksheet`:
//! 1296, 1297 otherwise). Worksheets are handled under `Access::Repair` (1212); who takes which step is the
//! domain's table, checked by the handler.

use super::table::EQUIPMENT_ID;
use super::*;
use crate::api::{inspection, worksheets};

const ITEM_ID: ParamDef = param("id", "integer", true, "Inspection item id");
const PLAN_ID: ParamDef = param("id", "integer", true, "Inspection plan id");
const SHEET_ID: ParamDef = param("id", "integer", true, "Inspection worksheet id");
const PAGE: ParamDef = param("page", "integer", false, "Page from 1 (default 1)");
const PAGE_SIZE: ParamDef = param("pageSize", "integer", false, "1 to 100 (default 10)");
const ITEM_FIELDS: [ParamDef; 7] = [
    param("name", "string", true, "Name, 1 to 60 characters"),
    param("content", "string", false, "What to check, at most 500 characters"),
    param("kind", "string", true, "check (normal/abnormal), number (with minValue, maxValue, unit) or text"),
    param("minValue", "number", false, "number items: the lowest normal value"),
    param("maxValue", "number", false, "number items: the highest normal value"),
    param("unit", "string", false, "number items: the unit, at most 16 characters"),
    param("enabled", "string", false, "true (default) or false"),
];
const PLAN_FIELDS: [ParamDef; 9] = [
    param("name", "string", true, "Name, 1 to 60 characters"),
    param("equipmentIds", "string", true, "The route in order: 1 to 50 equipment the caller sees"),
    param("itemIds", "string", true, "The items checked on each, in order: 1 to 50 items of the organisation"),
    param("inspectorId", "integer", true, "The inspector (ops/inspection/plan/inspectors); 1310 otherwise"),
    param("frequency", "string", true, "daily, weekly or monthly"),
    param("day", "integer", false, "weekly: 1 (Monday) to 7; monthly: 1 to 28"),
    param("time", "string", true, "HH:MM, China time (UTC+8)"),
    param("allowedHours", "integer", false, "Hours a worksheet may take before it is overdue, 1 to 744 (default 24)"),
    param("enabled", "string", false, "true (default) or false"),
];

const ITEM_EDIT: [ParamDef; 8] = [
    ITEM_ID,
    ITEM_FIELDS[0],
    ITEM_FIELDS[1],
    ITEM_FIELDS[2],
    ITEM_FIELDS[3],
    ITEM_FIELDS[4],
    ITEM_FIELDS[5],
    ITEM_FIELDS[6],
];
const PLAN_EDIT: [ParamDef; 10] = [
    PLAN_ID,
    PLAN_FIELDS[0],
    PLAN_FIELDS[1],
    PLAN_FIELDS[2],
    PLAN_FIELDS[3],
    PLAN_FIELDS[4],
    PLAN_FIELDS[5],
    PLAN_FIELDS[6],
    PLAN_FIELDS[7],
    PLAN_FIELDS[8],
];

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/ops/inspection/item/query", inspection::item_query, "ops.inspection.item.query", Repair [],
            "The organisation's inspection items, oldest first: [{id, name, content, kind, minValue, maxValue, unit, \
             enabled, plans, gmtCreate, gmtUpdate}].", [param("enabled", "string", false, "true: only enabled items")]),
        route!(POST "/lfscada/ops/inspection/item/add", inspection::item_add, "ops.inspection.item.add", WholeOrg [],
            "Add an inspection item → {id}.", params = &ITEM_FIELDS),
        route!(POST "/lfscada/ops/inspection/item/edit", inspection::item_edit, "ops.inspection.item.edit", WholeOrg ["id" => InspectionItem],
            "Change an item (worksheets already generated keep their copy).", params = &ITEM_EDIT),
        route!(POST "/lfscada/ops/inspection/item/delete", inspection::item_delete, "ops.inspection.item.delete", WholeOrg ["id" => InspectionItem],
            "Delete an item; 1295 while a plan checks it (disable it instead).", [ITEM_ID]),
        route!(POST "/lfscada/ops/inspection/plan/query", inspection::plan_query, "ops.inspection.plan.query", Manage [],
            "The plans the caller sees (every equipment of the route), newest first: [{id, name, inspectorId, \
             inspectorName, frequency, day, minute, allowedHours, enabled, creatorId, creatorName, equipment, items, \
             gmtCreate, gmtUpdate}].", []),
        route!(POST "/lfscada/ops/inspection/plan/info", inspection::plan_info, "ops.inspection.plan.info", Manage ["id" => InspectionPlan],
            "One plan.", [PLAN_ID]),
        route!(POST "/lfscada/ops/inspection/plan/add", inspection::plan_add, "ops.inspection.plan.add", Manage ["equipmentIds" => EquipmentList],
            "Add a plan → {id}. Its worksheets are generated when due (China time) or by ops/inspection/plan/generate.",
            params = &PLAN_FIELDS),
        route!(POST "/lfscada/ops/inspection/plan/edit", inspection::plan_edit, "ops.inspection.plan.edit", Manage ["id" => InspectionPlan, "equipmentIds" => EquipmentList],
            "Change a plan (worksheets already generated keep their route and items).", params = &PLAN_EDIT),
        route!(POST "/lfscada/ops/inspection/plan/delete", inspection::plan_delete, "ops.inspection.plan.delete", Manage ["id" => InspectionPlan],
            "Delete a plan; its worksheets stay.", [PLAN_ID]),
        route!(POST "/lfscada/ops/inspection/plan/inspectors", inspection::inspectors, "ops.inspection.plan.inspectors", Manage ["equipmentIds" => EquipmentList],
            "Whom a plan over this route may name inspector: the organisation's enabled accounts that see every \
             equipment of it and may handle work orders: [{userId, loginname}].",
            [param("equipmentIds", "string", true, "The route: 1 to 50 equipment ids")]),
        route!(POST "/lfscada/ops/inspection/plan/generate", inspection::generate, "ops.inspection.plan.generate", Manage ["id" => InspectionPlan],
            "Generate the plan's worksheet now (number XJ + the day in UTC+8 + the 4-digit sequence); the inspector \
             is told → the worksheet. 1312 when the plan or its items are disabled.", [PLAN_ID]),
        route!(POST "/lfscada/ops/inspection/worksheet/query", worksheets::query, "ops.inspection.worksheet.query", Repair ["equipmentId" => Equipment],
            "Worksheets the caller sees, newest first: {total, list: [{id, number, planId, planName, inspectorId, \
             inspectorName, dueAt, deadline, status, overdue, remark, gmtSubmit, gmtCreate, gmtUpdate, equipment}]}.", [
            PAGE,
            PAGE_SIZE,
            param("status", "string", false, "not-started, aborted, normal or abnormal; empty for any"),
            param("planId", "integer", false, "Only this plan's"),
            param("equipmentId", "integer", false, "Only worksheets whose route holds this equipment"),
            param("mine", "string", false, "true: only the caller's to inspect"),
            param("overdue", "string", false, "true: only overdue ones (not started, past the deadline)"),
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/info", worksheets::info, "ops.inspection.worksheet.info", Repair ["id" => Worksheet],
            "One worksheet with its items, results, steps and the caller's possible actions: {worksheet, items, \
             results, steps, actions}; the caller's messages about it become seen and read.", [SHEET_ID]),
        route!(POST "/lfscada/ops/inspection/worksheet/save", worksheets::save, "ops.inspection.worksheet.save", Repair ["id" => Worksheet],
            "Save a draft of the results, by the inspector, while not started → the worksheet. 1298 wrong person, \
             1299 wrong status.", [
            SHEET_ID,
            param("results", "string", false, "JSON [{equipmentId, itemId, value, remark?}]: check normal|abnormal, number, text"),
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/submit", worksheets::submit, "ops.inspection.worksheet.submit", Repair ["id" => Worksheet],
            "Submit the results once, by the inspector: normal, or abnormal when any is (the plan's creator is \
             told) → the worksheet. 1311 when a check or number item has no value.", [
            SHEET_ID,
            param("results", "string", false, "As save; merged over the saved draft"),
            param("remark", "string", false, "Remark, at most 500 characters"),
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/abort", worksheets::abort, "ops.inspection.worksheet.abort", Repair ["id" => Worksheet],
            "not started → aborted, by the inspector or a manage holder, with the reason; the plan's creator is told.", [
            SHEET_ID,
            param("remark", "string", true, "Why, 1 to 500 characters"),
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/repair", worksheets::link_repair, "ops.inspection.worksheet.repair", Repair ["id" => Worksheet, "orderId" => RepairOrder],
            "Record the repair order made from an abnormal result of the worksheet.", [
            SHEET_ID,
            param("resultId", "integer", true, "An abnormal result of this worksheet"),
            param("orderId", "integer", true, "The repair order made from it"),
        ]),
        route!(POST "/lfscada/equipment/multi/inspection/query", worksheets::equipment_query, "equipment.multi.inspection.query", Repair ["equipmentId" => Equipment],
            "The submitted inspection results about the equipment, newest first (the EG detail's inspection records \
             tab): {total, list: [{worksheetId, number, status, inspectorName, gmtSubmit, itemName, kind, unit, value, \
             remark, abnormal, repairOrderId}]}.", [EQUIPMENT_ID, PAGE, PAGE_SIZE]),
    ]
}

//! The inspection half of the work orders in the route table (docs/work-orders.md; paths ours, the spec names
//! none). Items are the organisation's checklist: read by whoever handles work orders (`Access::Repair`), changed
//! by `manage` holders that see the whole organisation (`WholeOrg`). Plans are `manage` holders'; a plan and a
//! worksheet are seen only where every equipment of the route is (`Object::InspectionPlan`, `Object::Worksheet`:
//! 1296, 1297 otherwise). Worksheets are handled under `Access::Repair` (1212); who takes which step is the
//! domain's table, checked by the handler.

use super::table::{EQUIPMENT_ID, PAGE, PAGE_SIZE};
use super::*;
use crate::api::{inspection, worksheets};

const ITEM_ID: ParamDef = integer("id").required().doc("Inspection item id");
const PLAN_ID: ParamDef = integer("id").required().doc("Inspection plan id");
const SHEET_ID: ParamDef = integer("id").required().doc("Inspection worksheet id");
const NAME: ParamDef = text("name").max(limits::INSPECTION_NAME_CHARS).required().doc("Name");
const ENABLED: ParamDef = flag("enabled").doc("true (default) or false");
const REMARK: ParamDef = text("remark").max(limits::INSPECTION_REMARK_CHARS).doc("Remark");
/// The route of a plan: its equipment in order, each the caller sees.
const ROUTE: ParamDef = ids("equipmentIds", limits::INSPECTION_ROUTE_MAX).required();
const ITEM_FIELDS: [ParamDef; 7] = [
    NAME,
    text("content").max(limits::INSPECTION_CONTENT_CHARS).doc("What to check"),
    text("kind")
        .max(limits::INSPECTION_CHOICE_CHARS)
        .required()
        .doc("check (normal/abnormal), number (with minValue, maxValue, unit) or text"),
    number("minValue", f64::MIN, f64::MAX).doc("number items: the lowest normal value"),
    number("maxValue", f64::MIN, f64::MAX).doc("number items: the highest normal value"),
    text("unit").max(limits::INSPECTION_UNIT_CHARS).doc("number items: the unit"),
    ENABLED,
];
const PLAN_FIELDS: [ParamDef; 9] = [
    NAME,
    ROUTE.doc("The route in order: equipment the caller sees"),
    ids("itemIds", limits::INSPECTION_ITEMS_MAX)
        .required()
        .doc("The items checked on each, in order: items of the organisation"),
    integer("inspectorId").required().doc("The inspector (ops/inspection/plan/inspectors); 1310 otherwise"),
    text("frequency").max(limits::INSPECTION_CHOICE_CHARS).required().doc("daily, weekly or monthly"),
    // Its range depends on the frequency: the handler's.
    integer("day").doc("weekly: 1 (Monday) to 7; monthly: 1 to 28"),
    text("time").max(limits::INSPECTION_TIME_CHARS).required().doc("HH:MM, China time (UTC+8)"),
    int("allowedHours", 1, limits::INSPECTION_HOURS_MAX)
        .default(limits::INSPECTION_HOURS_DEFAULT)
        .doc("Hours a worksheet may take before it is overdue"),
    ENABLED,
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
             enabled, plans, gmtCreate, gmtUpdate}].", [flag("enabled").doc("true: only enabled items")]),
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
            [ROUTE.doc("The route: equipment ids")]),
        route!(POST "/lfscada/ops/inspection/plan/generate", inspection::generate, "ops.inspection.plan.generate", Manage ["id" => InspectionPlan],
            "Generate the plan's worksheet now (number XJ + the day in UTC+8 + the 4-digit sequence); the inspector \
             is told → the worksheet. 1312 when the plan or its items are disabled.", [PLAN_ID]),
        route!(POST "/lfscada/ops/inspection/worksheet/query", worksheets::query, "ops.inspection.worksheet.query", Repair ["equipmentId" => Equipment],
            "Worksheets the caller sees, newest first: {total, list: [{id, number, planId, planName, inspectorId, \
             inspectorName, dueAt, deadline, status, overdue, remark, gmtSubmit, gmtCreate, gmtUpdate, equipment}]}.", [
            PAGE,
            PAGE_SIZE,
            text("status").doc("not-started, aborted, normal or abnormal; empty for any"),
            integer("planId").doc("Only this plan's"),
            integer("equipmentId").doc("Only worksheets whose route holds this equipment"),
            flag("mine").doc("true: only the caller's to inspect"),
            flag("overdue").doc("true: only overdue ones (not started, past the deadline)"),
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/info", worksheets::info, "ops.inspection.worksheet.info", Repair ["id" => Worksheet],
            "One worksheet with its items, results, steps and the caller's possible actions: {worksheet, items, \
             results, steps, actions}; the caller's messages about it become seen and read.", [SHEET_ID]),
        route!(POST "/lfscada/ops/inspection/worksheet/save", worksheets::save, "ops.inspection.worksheet.save", Repair ["id" => Worksheet],
            "Save a draft of the results, by the inspector, while not started → the worksheet. 1298 wrong person, \
             1299 wrong status.", [
            SHEET_ID,
            list("results").doc("JSON [{equipmentId, itemId, value, remark?}]: check normal|abnormal, number, text"),
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/submit", worksheets::submit, "ops.inspection.worksheet.submit", Repair ["id" => Worksheet],
            "Submit the results once, by the inspector: normal, or abnormal when any is (the plan's creator is \
             told) → the worksheet. 1311 when a check or number item has no value.", [
            SHEET_ID,
            list("results").doc("As save; merged over the saved draft"),
            REMARK,
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/abort", worksheets::abort, "ops.inspection.worksheet.abort", Repair ["id" => Worksheet],
            "not started → aborted, by the inspector or a manage holder, with the reason; the plan's creator is told.", [
            SHEET_ID,
            REMARK.required().doc("Why"),
        ]),
        route!(POST "/lfscada/ops/inspection/worksheet/repair", worksheets::link_repair, "ops.inspection.worksheet.repair", Repair ["id" => Worksheet, "orderId" => RepairOrder],
            "Record the repair order made from an abnormal result of the worksheet.", [
            SHEET_ID,
            integer("resultId").required().doc("An abnormal result of this worksheet"),
            integer("orderId").required().doc("The repair order made from it"),
        ]),
        route!(POST "/lfscada/equipment/multi/inspection/query", worksheets::equipment_query, "equipment.multi.inspection.query", Repair ["equipmentId" => Equipment],
            "The submitted inspection results about the equipment, newest first (the EG detail's inspection records \
             tab): {total, list: [{worksheetId, number, status, inspectorName, gmtSubmit, itemName, kind, unit, value, \
             remark, abnormal, repairOrderId}]}.", [EQUIPMENT_ID, PAGE, PAGE_SIZE]),
    ]
}

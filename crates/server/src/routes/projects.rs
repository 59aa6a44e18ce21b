//! Projects in the route table: equipment grouped under a name (pages and the project monitor are
//! [`super::pages`] and [`super::project_monitor`]).

use super::table::{PAGE, PAGE_SIZE};
use super::*;
use crate::api::projects;

const PROJECT_ID: ParamDef = integer("id").required().doc("Project id");
const NAME: ParamDef = text("name").max(limits::PROJECT_NAME_CHARS).required().doc("Project name (trimmed)");
const REMARK: ParamDef = text("remark").max(limits::REMARK_CHARS).doc("Remark");
const EQUIPMENT_IDS: ParamDef = ids("equipmentIds", limits::PROJECT_EQUIPMENT)
    .doc("Member equipment ids (repeated key or comma-separated); empty for none");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/project/query", projects::query, "project.query", Session [],
            "One page of the organisation's projects by name: {total, list: [{id, name, remark, equipmentCount, updated}]}.", [
            PAGE,
            PAGE_SIZE,
            text("keyword").max(limits::PROJECT_NAME_CHARS).doc("Part of the name or remark, any case"),
        ]),
        route!(POST "/lfscada/project/info", projects::info, "project.info", Session ["id" => Project],
            "One project → {id, name, remark, equipment: [{id, equipName}]}; 1253 when it does not exist.",
            [PROJECT_ID]),
        route!(POST "/lfscada/project/add", projects::add, "project.add", WholeOrg ["equipmentIds" => EquipmentList],
            "Add a project → {id}; 1252 when the name exists, 1214 for equipment not the organisation's.", [
            NAME,
            REMARK,
            EQUIPMENT_IDS,
        ]),
        route!(POST "/lfscada/project/edit", projects::edit, "project.edit", WholeOrg ["id" => Project, "equipmentIds" => EquipmentList],
            "Change a project and replace its equipment; 1253 when it does not exist, 1252 when the name exists.", [
            PROJECT_ID,
            NAME,
            REMARK,
            EQUIPMENT_IDS,
        ]),
        route!(POST "/lfscada/project/delete", projects::delete, "project.delete", WholeOrg ["id" => Project],
            "Delete a project; its equipment stays.", [PROJECT_ID]),
    ]
}

//! Projects in the route table: equipment grouped under a name (pages and the project monitor are
//! [`super::pages`] and [`super::project_monitor`]).

use super::*;
use crate::api::projects;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/project/query", projects::query, "project.query", Session [],
            "One page of the organisation's projects by name: {total, list: [{id, name, remark, equipmentCount, updated}]}.", [
            param("page", "integer", false, "Page from 1"),
            param("pageSize", "integer", false, "1 to 100, default 10"),
            param("keyword", "string", false, "Part of the name or remark, any case"),
        ]),
        route!(POST "/lfscada/project/info", projects::info, "project.info", Session ["id" => Project],
            "One project → {id, name, remark, equipment: [{id, equipName}]}; 1253 when it does not exist.",
            [param("id", "integer", true, "Project id")]),
        route!(POST "/lfscada/project/add", projects::add, "project.add", WholeOrg ["equipmentIds" => EquipmentList],
            "Add a project → {id}; 1252 when the name exists, 1214 for equipment not the organisation's.", [
            param("name", "string", true, "Project name, 1 to 60 characters (trimmed)"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("equipmentIds", "string", false, "Member equipment ids (repeated key or comma-separated)"),
        ]),
        route!(POST "/lfscada/project/edit", projects::edit, "project.edit", WholeOrg ["id" => Project, "equipmentIds" => EquipmentList],
            "Change a project and replace its equipment; 1253 when it does not exist, 1252 when the name exists.", [
            param("id", "integer", true, "Project id"),
            param("name", "string", true, "Project name, 1 to 60 characters (trimmed)"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("equipmentIds", "string", false, "Member equipment ids (repeated key or comma-separated)"),
        ]),
        route!(POST "/lfscada/project/delete", projects::delete, "project.delete", WholeOrg ["id" => Project],
            "Delete a project; its equipment stays.", [param("id", "integer", true, "Project id")]),
    ]
}

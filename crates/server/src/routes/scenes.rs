//! Scenes in the route table (our paths): boards of chosen equipment cards with their latest values.

use super::*;
use crate::api::scenes;

const SCENE_ID: ParamDef = integer("id").required().doc("Scene id");
const NAME: ParamDef = text("name").max(limits::SCENE_NAME_CHARS).required().doc("Scene name (trimmed)");
const EQUIPMENT_IDS: ParamDef = ids("equipmentIds", limits::SCENE_EQUIPMENT)
    .required()
    .doc("Equipment ids in board order (repeated key or comma-separated)");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/scene/query", scenes::query, "scene.query", Session [],
            "The organisation's scenes by name: [{id, name, equipmentCount, updated}].", []),
        route!(POST "/lfscada/scene/info", scenes::info, "scene.info", Session ["id" => Scene],
            "One scene → {id, name, equipment: [card + keyValues: [{signalId, name, value, unit, time, quality}]]} in the chosen order; 1251 when it does not exist.",
            [SCENE_ID]),
        route!(POST "/lfscada/scene/add", scenes::add, "scene.add", WholeOrg ["equipmentIds" => EquipmentList],
            "Add a scene → {id}; 1250 when the name exists, 1214 for equipment not the organisation's.", [
            NAME,
            EQUIPMENT_IDS,
        ]),
        route!(POST "/lfscada/scene/edit", scenes::edit, "scene.edit", WholeOrg ["id" => Scene, "equipmentIds" => EquipmentList],
            "Rename a scene and replace its equipment; 1251 when it does not exist, 1250 when the name exists.", [
            SCENE_ID,
            NAME,
            EQUIPMENT_IDS,
        ]),
        route!(POST "/lfscada/scene/delete", scenes::delete, "scene.delete", WholeOrg ["id" => Scene],
            "Delete a scene; its equipment stays.", [SCENE_ID]),
    ]
}

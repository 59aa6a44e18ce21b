//! The project monitor's own calls (spec section 7, "Project monitor"; the project's pages are the designer
//! table's): the statistics a project page shows as system keys. A limited sub-account needs every equipment of
//! the project granted, as for the project's pages.

use super::*;
use crate::api::project_statistics;

const PROJECT_ID: ParamDef = param("projectId", "integer", true, "Project id");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/project/equip/queryCount", project_statistics::equipment_count, "monitor.project.equip.queryCount", Session ["projectId" => ProjectPages],
        "How many of the project's equipment → a number (system keys equipment_count, online_count, offline_count, \
         alarm_equipment). 1253 when the project does not exist or a limited account does not see all of its \
         equipment; with alarm, 1211 without the alarm permission of every rule type among them.", [
            PROJECT_ID,
            param("online", "boolean", false, "true: those whose gateway is online; false: the others"),
            param("alarm", "boolean", false, "true: those with an open alarm"),
        ]),
        route!(POST "/lfscada/monitor/project/alarm/queryCount", project_statistics::alarm_count, "monitor.project.alarm.queryCount", Session ["projectId" => ProjectPages],
        "How many alarms of the project's equipment are open (triggered, not released) → a number (system key \
         alarm_count). 1253 as above; 1211 without the alarm permission of every rule type among them.", [PROJECT_ID]),
    ]
}

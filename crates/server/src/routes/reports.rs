//! Reports in the route table: an equipment's report definitions and the columns a report reads.

use super::table::EQUIPMENT_ID;
use super::*;
use crate::api::reports;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/multi/report/queryAll", reports::query_all, "monitor.multi.report.queryAll", Session ["equipmentId" => Equipment],
            "The equipment's report definitions.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/report/queryCols", reports::query_cols, "monitor.multi.report.queryCols", Session ["reportId" => Report],
        "A report's table: columns (signals) and one row per period, newest first, each cell the period's last value.", [
            param("reportId", "integer", true, "Report id"),
            param("startTime", "integer", true, "Start, ms since the epoch"),
            param("endTime", "integer", true, "End, ms since the epoch, at most 30 days after the start"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/save", reports::save, "equipment.multi.report.save", Manage ["equipmentId" => Equipment, "signalIds" => Signals],
        "Define a report on the equipment.", [
            EQUIPMENT_ID,
            param("name", "string", true, "Report name, at most 60 characters"),
            param("periodMs", "integer", false, "Sampling period in ms: whole minutes, 60000 to 86400000 (default 3600000)"),
            param("signalIds", "string", true, "Signal ids of the equipment (columns), comma-separated or an array, at most 20"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/delete", reports::delete, "equipment.multi.report.delete", Manage ["id" => Report],
            "Delete a report definition.", [param("id", "integer", true, "Report id")]),
    ]
}

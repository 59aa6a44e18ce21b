//! Reports in the route table: an equipment's report definitions and the columns a report reads.

use super::table::{END_TIME, EQUIPMENT_ID, PAGE, PAGE_SIZE, START_TIME};
use super::*;
use crate::api::reports;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/multi/report/queryAll", reports::query_all, "monitor.multi.report.queryAll", Session ["equipmentId" => Equipment],
            "The equipment's report definitions.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/report/queryCols", reports::query_cols, "monitor.multi.report.queryCols", Session ["reportId" => Report],
        "A report's table: columns (signals) and one row per period, newest first, each cell the period's last value.", [
            integer("reportId").required().doc("Report id"),
            START_TIME,
            END_TIME,
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/equipment/multi/report/save", reports::save, "equipment.multi.report.save", Manage ["equipmentId" => Equipment, "signalIds" => Signals],
        "Define a report on the equipment.", [
            EQUIPMENT_ID,
            text("name").max(limits::REPORT_NAME_CHARS).required().doc("Report name"),
            int("periodMs", limits::REPORT_PERIOD_MS_MIN, limits::REPORT_PERIOD_MS_MAX)
                .default(limits::REPORT_PERIOD_MS_DEFAULT)
                .doc("Sampling period in ms: whole minutes"),
            ids("signalIds", limits::REPORT_COLUMNS)
                .required()
                .doc("Signal ids of the equipment (columns), comma-separated or an array"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/delete", reports::delete, "equipment.multi.report.delete", Manage ["id" => Report],
            "Delete a report definition.", [integer("id").required().doc("Report id")]),
    ]
}

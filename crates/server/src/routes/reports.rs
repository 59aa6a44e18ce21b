//! Reports in the route table: an equipment's report definitions, a report's table over a view, and the
//! organisation's shifts the shift view reads.

use super::table::EQUIPMENT_ID;
use super::*;
use crate::api::reports;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/multi/report/queryAll", reports::query_all, "monitor.multi.report.queryAll", Session ["equipmentId" => Equipment],
            "The equipment's report definitions.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/report/queryCols", reports::query_cols, "monitor.multi.report.queryCols", Session ["reportId" => Report],
        "A report's table over a view: its columns (a signal and a statistic each) and one row per period, oldest first, each cell the column's statistic of the period's good readings (null: none).", [
            param("reportId", "integer", true, "Report id"),
            param("view", "string", false, "day (by the hour), month (by the day), shift (the day's shifts) or range (the default: startTime to endTime in the report's step)"),
            param("date", "string", false, "day and shift views: the day, YYYY-MM-DD, in China time"),
            param("month", "string", false, "month view: the month, YYYY-MM"),
            param("startTime", "integer", false, "range view: start, ms since the epoch (to the minute)"),
            param("endTime", "integer", false, "range view: end, ms since the epoch, at most 30 days after the start"),
            param("page", "integer", false, "range view: page, from 1"),
            param("pageSize", "integer", false, "range view: rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/save", reports::save, "equipment.multi.report.save", Manage ["equipmentId" => Equipment, "id" => Report],
        "Define a report on the equipment, or change one (with id).", [
            EQUIPMENT_ID,
            param("id", "integer", false, "Report id, to change that report"),
            param("name", "string", true, "Report name, at most 60 characters"),
            param("periodMs", "integer", false, "The range view's step in ms: whole minutes, 60000 to 86400000 (default 3600000)"),
            param("columns", "array", true, "1 to 20 columns {signalId (a signal of the equipment), statistic: max|min|avg|first|last|difference|sum|count|onHours, wrapsAt? (difference only: the counter's range)}"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/delete", reports::delete, "equipment.multi.report.delete", Manage ["id" => Report],
            "Delete a report definition.", [param("id", "integer", true, "Report id")]),
        route!(POST "/lfscada/report/shifts/query", reports::shifts_query, "report.shifts.query", Session [],
            "The shifts of the organisation's day for shift reports ({name, startMinute, endMinute}; three of eight hours until set).", []),
        route!(POST "/lfscada/report/shifts/save", reports::shifts_save, "report.shifts.save", Admin [],
            "Set the shifts of the organisation's day: 1 to 6, not overlapping, minutes after midnight (an end at or before the start runs past midnight).", [
            param("shifts", "array", true, "[{name (1 to 20 characters), startMinute, endMinute}]"),
        ]),
    ]
}

//! Reports in the route table: an equipment's report definitions, a report's table over a view, and the
//! organisation's shifts the shift view reads.

use super::table::{EQUIPMENT_ID, PAGE, PAGE_SIZE};
use super::*;
use crate::api::{report_archive, reports};

/// A generated report's period (`api::report_archive`), shared with custom reports.
pub(super) const ARCHIVE: [ParamDef; 2] = [
    text("view").required().doc("day or month"),
    text("period").required().doc("the day, YYYY-MM-DD, or the month, YYYY-MM, in China time"),
];

/// The view a report's table is read over (`api::reports::view_of`), shared with custom reports.
pub(super) const VIEW: [ParamDef; 5] = [
    text("view").doc("day (by the hour), month (by the day), shift (the day's shifts) or range (the default: startTime to endTime in the report's step)"),
    text("date").doc("day and shift views: the day, YYYY-MM-DD, in China time"),
    text("month").doc("month view: the month, YYYY-MM"),
    integer("startTime").doc("range view: start, ms since the epoch (to the minute)"),
    integer("endTime").doc("range view: end, ms since the epoch, not before the start, at most 30 days after it"),
];

/// The name and range step of a report or custom report.
pub(super) const NAME: ParamDef = text("name").max(limits::REPORT_NAME_CHARS).required().doc("Report name");
pub(super) const PERIOD: ParamDef = int("periodMs", limits::REPORT_PERIOD_MS_MIN, limits::REPORT_PERIOD_MS_MAX)
    .default(limits::REPORT_PERIOD_MS_DEFAULT)
    .doc("The range view's step in ms: whole minutes");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/multi/report/queryAll", reports::query_all, "monitor.multi.report.queryAll", Session ["equipmentId" => Equipment],
            "The equipment's report definitions.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/report/queryCols", reports::query_cols, "monitor.multi.report.queryCols", Session ["reportId" => Report],
        "A report's table over a view: its columns (a signal and a statistic each) and one row per period, oldest first, each cell the column's statistic of the period's good readings (null: none).", [
            integer("reportId").required().doc("Report id"),
            VIEW[0], VIEW[1], VIEW[2], VIEW[3], VIEW[4],
            PAGE.doc("range view: page, from 1"),
            PAGE_SIZE.doc("range view: rows per page"),
        ]),
        route!(POST "/lfscada/monitor/multi/report/archive/query", report_archive::query, "monitor.multi.report.archive.query", Session ["reportId" => Report],
        "The report's generated reports (each closed day and month, made 10 minutes after it ends, kept with the definition), the newest period first.", [
            integer("reportId").required().doc("Report id"),
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/monitor/multi/report/archive/info", report_archive::info, "monitor.multi.report.archive.info", Session ["reportId" => Report],
        "A generated report with its table as it was made; 1100 on period when there is none.", [
            integer("reportId").required().doc("Report id"),
            ARCHIVE[0], ARCHIVE[1],
        ]),
        route!(POST "/lfscada/equipment/multi/report/save", reports::save, "equipment.multi.report.save", Manage ["equipmentId" => Equipment, "id" => Report],
        "Define a report on the equipment, or change one (with id).", [
            EQUIPMENT_ID,
            integer("id").doc("Report id, to change that report"),
            NAME,
            PERIOD,
            list("columns").required().doc("1 to 20 columns {signalId (a signal of the equipment), statistic: max|min|avg|first|last|difference|sum|count|onHours, wrapsAt? (difference only: the counter's range)}, as JSON or a form's columns.N.field"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/delete", reports::delete, "equipment.multi.report.delete", Manage ["id" => Report],
            "Delete a report definition.", [integer("id").required().doc("Report id")]),
        route!(POST "/lfscada/report/shifts/query", reports::shifts_query, "report.shifts.query", Session [],
            "The shifts of the organisation's day for shift reports ({name, startMinute, endMinute}; three of eight hours until set).", []),
        route!(POST "/lfscada/report/shifts/save", reports::shifts_save, "report.shifts.save", Admin [],
        "Set the shifts of the organisation's day: 1 to 6, not overlapping, minutes after midnight (an end at or before the start runs past midnight).", [
            list("shifts").required().doc("[{name (1 to 20 characters), startMinute, endMinute}], as JSON or a form's shifts.N.field"),
        ]),
    ]
}

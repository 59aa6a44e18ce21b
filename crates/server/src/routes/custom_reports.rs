//! A project's custom reports in the route table (the project monitor's calls of spec section 7; saving and
//! deleting are ours). Every call names the project or the report, checked as the project's pages are: a caller
//! who does not see every equipment of the project sees none of it.

use super::*;
use crate::api::custom_reports;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/project/custom/report/queryAll", custom_reports::query_all, "monitor.project.custom.report.queryAll", Session ["projectId" => ProjectPages],
            "The project's custom reports.", [param("projectId", "integer", true, "Project id")]),
        route!(POST "/lfscada/monitor/project/custom/report/data/query", custom_reports::data_query, "monitor.project.custom.report.data.query", Session ["customReportId" => CustomReport],
        "A custom report's table over a view, as an equipment report's (a range view paged).", [
            param("customReportId", "integer", true, "Custom report id"),
            param("view", "string", false, "day, month, shift or range (the default)"),
            param("date", "string", false, "day and shift views: YYYY-MM-DD in China time"),
            param("month", "string", false, "month view: YYYY-MM"),
            param("startTime", "integer", false, "range view: start, ms since the epoch"),
            param("endTime", "integer", false, "range view: end, ms, at most 30 days after the start"),
            param("page", "integer", false, "range view: page, from 1"),
            param("pageSize", "integer", false, "range view: rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/monitor/project/custom/report/queryAllForCurve", custom_reports::query_all_for_curve, "monitor.project.custom.report.queryAllForCurve", Session ["customReportId" => CustomReport],
        "A custom report's every period of a view at once, for a chart.", [
            param("customReportId", "integer", true, "Custom report id"),
            param("view", "string", false, "day, month, shift or range (the default)"),
            param("date", "string", false, "day and shift views: YYYY-MM-DD in China time"),
            param("month", "string", false, "month view: YYYY-MM"),
            param("startTime", "integer", false, "range view: start, ms since the epoch"),
            param("endTime", "integer", false, "range view: end, ms, at most 30 days after the start"),
        ]),
        route!(POST "/lfscada/project/custom/report/save", custom_reports::save, "project.custom.report.save", Manage ["projectId" => ProjectPages, "id" => CustomReport],
        "Define a custom report on the project, or change one (with id).", [
            param("projectId", "integer", true, "Project id"),
            param("id", "integer", false, "Custom report id, to change that report"),
            param("name", "string", true, "Report name, at most 60 characters"),
            param("periodMs", "integer", false, "The range view's step in ms: whole minutes, 60000 to 86400000 (default 3600000)"),
            param("columns", "array", true, "1 to 20 columns {equipmentId and signalId (a signal of an equipment of the project) | mvarId (a variable of the project, with a statistic it allows), statistic, wrapsAt?}"),
        ]),
        route!(POST "/lfscada/project/custom/report/delete", custom_reports::delete, "project.custom.report.delete", Manage ["id" => CustomReport],
            "Delete a custom report.", [param("id", "integer", true, "Custom report id")]),
        route!(POST "/lfscada/project/report/col/item/queryEquips", custom_reports::query_equips, "project.report.col.item.queryEquips", Session ["projectId" => ProjectPages],
            "The project's equipment with the signals a custom report's column may read.", [param("projectId", "integer", true, "Project id")]),
        route!(POST "/lfscada/project/report/mvar/validStatistics", custom_reports::valid_statistics, "project.report.mvar.validStatistics", Session ["mvarId" => Mvar],
            "The statistics a report column may read of an intermediate variable.", [param("mvarId", "integer", true, "Variable id")]),
    ]
}

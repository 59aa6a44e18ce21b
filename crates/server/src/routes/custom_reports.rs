//! A project's custom reports in the route table (the project monitor's calls of spec section 7; saving and
//! deleting are ours). Every call names the project or the report, checked as the project's pages are: a caller
//! who does not see every equipment of the project sees none of it.

use super::reports::{ARCHIVE, NAME, PERIOD, VIEW};
use super::table::{PAGE, PAGE_SIZE};
use super::*;
use crate::api::{custom_reports, report_archive};

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/project/custom/report/queryAll", custom_reports::query_all, "monitor.project.custom.report.queryAll", Session ["projectId" => ProjectPages],
            "The project's custom reports.", [integer("projectId").required().doc("Project id")]),
        route!(POST "/lfscada/monitor/project/custom/report/data/query", custom_reports::data_query, "monitor.project.custom.report.data.query", Session ["customReportId" => CustomReport],
        "A custom report's table over a view, as an equipment report's (a range view paged).", [
            integer("customReportId").required().doc("Custom report id"),
            VIEW[0], VIEW[1], VIEW[2], VIEW[3], VIEW[4],
            PAGE.doc("range view: page, from 1"),
            PAGE_SIZE.doc("range view: rows per page"),
        ]),
        route!(POST "/lfscada/monitor/project/custom/report/queryAllForCurve", custom_reports::query_all_for_curve, "monitor.project.custom.report.queryAllForCurve", Session ["customReportId" => CustomReport],
        "A custom report's every period of a view at once, for a chart.", [
            integer("customReportId").required().doc("Custom report id"),
            VIEW[0], VIEW[1], VIEW[2], VIEW[3], VIEW[4],
        ]),
        route!(POST "/lfscada/monitor/project/custom/report/archive/query", report_archive::custom_query, "monitor.project.custom.report.archive.query", Session ["customReportId" => CustomReport],
        "The custom report's generated reports (each closed day and month), the newest period first.", [
            integer("customReportId").required().doc("Custom report id"),
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/monitor/project/custom/report/archive/info", report_archive::custom_info, "monitor.project.custom.report.archive.info", Session ["customReportId" => CustomReport],
        "A generated custom report with its table as it was made; 1100 on period when there is none.", [
            integer("customReportId").required().doc("Custom report id"),
            ARCHIVE[0], ARCHIVE[1],
        ]),
        route!(POST "/lfscada/project/custom/report/save", custom_reports::save, "project.custom.report.save", Manage ["projectId" => ProjectPages, "id" => CustomReport],
        "Define a custom report on the project, or change one (with id).", [
            integer("projectId").required().doc("Project id"),
            integer("id").doc("Custom report id, to change that report"),
            NAME,
            PERIOD,
            list("columns").required().doc("1 to 20 columns {equipmentId and signalId (a signal of an equipment of the project) | mvarId (a variable of the project, with a statistic it allows), statistic, wrapsAt?}"),
        ]),
        route!(POST "/lfscada/project/custom/report/delete", custom_reports::delete, "project.custom.report.delete", Manage ["id" => CustomReport],
            "Delete a custom report.", [integer("id").required().doc("Custom report id")]),
        route!(POST "/lfscada/project/report/col/item/queryEquips", custom_reports::query_equips, "project.report.col.item.queryEquips", Session ["projectId" => ProjectPages],
            "The project's equipment with the signals a custom report's column may read.", [integer("projectId").required().doc("Project id")]),
        route!(POST "/lfscada/project/report/mvar/validStatistics", custom_reports::valid_statistics, "project.report.mvar.validStatistics", Session ["mvarId" => Mvar],
            "The statistics a report column may read of an intermediate variable.", [integer("mvarId").required().doc("Variable id")]),
    ]
}

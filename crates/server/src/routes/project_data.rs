//! The project monitor's data calls in the route table (spec section 7, "Project monitor"; docs/project-monitor.md):
//! a report of an equipment of the project, the project's history and its alarms. As every project call, a caller
//! who does not see every equipment of the project sees none of it (`ProjectPages`).

use super::reports::VIEW;
use super::table::{END_TIME, PAGE, PAGE_SIZE, START_TIME, TRIGGERED_FROM, TRIGGERED_TO};
use super::*;
use crate::api::project_data;

const PROJECT_ID: ParamDef = integer("projectId").required().doc("Project id");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/project/report/queryCols", project_data::report_cols, "monitor.project.report.queryCols", Session ["projectId" => ProjectPages, "reportId" => Report],
        "A report of an equipment of the project over a view, as monitor/multi/report/queryCols; 1100 naming \
         reportId for another equipment's report.", [
            PROJECT_ID,
            integer("reportId").required().doc("Report id"),
            VIEW[0], VIEW[1], VIEW[2], VIEW[3], VIEW[4],
            PAGE.doc("range view: page, from 1"),
            PAGE_SIZE.doc("range view: rows per page"),
        ]),
        route!(POST "/lfscada/monitor/project/history/queryAll", project_data::history_sources, "monitor.project.history.queryAll", Session ["projectId" => ProjectPages],
            "What the project's history may show: {signals: [{id, signalTitle, equipId, equipTitle, unit, …}], \
             mvars: [{id, name, calc, unit, decimals, …}]}.", [PROJECT_ID]),
        route!(POST "/lfscada/monitor/project/history/queryAllData", project_data::history_table, "monitor.project.history.queryAllData", Session ["projectId" => ProjectPages, "signalIds" => Signals],
        "A table of many signals and intermediate variables at once over at most 30 days, one row per minute, hour \
         or day, off the roll-ups: {cols: [{equipmentId?, signalId? | mvarId?, title, unit, decimals, statistic}], \
         rows: [{start, end, running, values}], total}; 1100 naming a signal or variable that is not the project's.", [
            PROJECT_ID,
            ids("signalIds", limits::PROJECT_HISTORY_COLUMNS).required().doc("Signals of the project's equipment, comma-joined"),
            ids("mvarIds", limits::PROJECT_HISTORY_COLUMNS).doc("The project's intermediate variables, comma-joined (at most 50 columns in all)"),
            START_TIME,
            END_TIME,
            text("timeUnit").doc("minute, hour (the default) or day: one row each"),
            text("statistic").doc("Each period's max, min, avg (the default), first, last, difference, sum, count or onHours; a variable whose rule does not allow it reads its last value"),
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/monitor/project/history/query", project_data::history_query, "monitor.project.history.query", Session ["projectId" => ProjectPages, "signalIds" => Signals],
        "History of up to 10 signals of the project's equipment, as monitor/multi/history/query; another signal is \
         refused by field (signalIds.N). With mvarIds, the project's intermediate variables as mvarSeries: \
         [{mvarId, name, unit, decimals, statistic, stepMs, points: [[period start, value | null]]}], a value per \
         minute over up to two days, per hour beyond, off the roll-ups (avg where the variable's rule allows it, \
         else its last value).", [
            PROJECT_ID,
            ids("signalIds", limits::HISTORY_SIGNALS).required().doc("Signal ids, comma-separated or an array"),
            ids("mvarIds", limits::PROJECT_HISTORY_COLUMNS).doc("The project's intermediate variables, comma-joined"),
            START_TIME,
            END_TIME,
        ]),
        route!(POST "/lfscada/monitor/project/alarm/query", project_data::alarm_query, "monitor.project.alarm.query", Session ["projectId" => ProjectPages],
        "Alarm records of the project's equipment, newest first: {total, list}; 2001 when there are none; 1211 \
         without the alarm permission of every rule type among them.", [
            PROJECT_ID,
            TRIGGERED_FROM,
            TRIGGERED_TO,
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/monitor/project/alarm/confirm", project_data::alarm_confirm, "monitor.project.alarm.confirm", Session ["projectId" => ProjectPages, "alarmId" => Alarm],
        "Confirm an alarm, as monitor/multi/alarm/confirm; with projectId, 1100 naming alarmId when the alarm is not \
         of the project's equipment.", [
            integer("projectId").doc("Project id: the alarm must be of its equipment"),
            integer("alarmId").required().doc("Alarm record id"),
        ]),
        route!(POST "/lfscada/monitor/project/alarm/queryAll", project_data::alarm_open, "monitor.project.alarm.queryAll", Session ["projectId" => ProjectPages],
            "The open (not released) alarms of the project's equipment, newest first, at most 500: {total, list} \
             (an empty list when none); 1211 as alarm/query.", [PROJECT_ID]),
    ]
}

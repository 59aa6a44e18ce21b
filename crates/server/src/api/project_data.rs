//! The project monitor's data calls (spec section 7, "Project monitor": `/report/queryCols`, `/history/queryAll`,
//! `/history/queryAllData`, `/history/query`, `/alarm/query`, `/alarm/confirm`, `/alarm/queryAll`;
//! docs/project-monitor.md): an equipment's report, history and alarms, bounded to the project a page belongs to.
//!
//! The route guards admit only a caller who sees the named project whole (`ProjectPages`) and the named report,
//! signals or alarm; each is then checked to be of the project's equipment. The answers are the EG monitor's,
//! built by the same functions (`crate::api::reports`, `crate::api::monitor::history_of`, `crate::api::alarms`),
//! and the history table a custom report's (`crate::api::custom_reports::ProjectColumns`).

use crate::AppState;
use crate::answers::Listed;
use crate::answers::alarm::AlarmRecord;
use crate::answers::history::MvarSeries;
use crate::answers::project::Mvar;
use crate::answers::project_monitor::{ProjectHistorySources, ProjectHistoryTable};
use crate::answers::signal::SignalEntry;
use crate::api::alarms::{alarm, confirm_record, records_of, require_project_alarm_view};
use crate::api::custom_reports::{ProjectColumns, mvar_statistics, project_signals};
use crate::api::monitor::history_of;
use crate::api::reports::{report_of, report_table, rows_of};
use crate::api::scenes::distinct;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, request_lang};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Reason;
use ironsight_domain::limits::{HISTORY_RANGE_DAYS, PROJECT_HISTORY_COLUMNS, PROJECT_OPEN_ALARMS};
use ironsight_domain::report::{CustomColumnDef, View};
use ironsight_domain::rollup::{MINUTE_MS, Statistic};
use ironsight_store::alarms::{AlarmQuery, AlarmScope};

/// The time units of the history table (`timeUnit`) and their steps.
pub const TIME_UNITS: [&str; 3] = ["minute", "hour", "day"];

/// The project named by `projectId` and its equipment (the guard has checked the caller sees it whole).
async fn project_equipment(
    state: &AppState,
    current: &CurrentUser,
    params: &Params,
) -> Result<(i64, Vec<i64>), ApiError> {
    let project_id = params.required_int("projectId")?;
    Ok((project_id, state.store.project_equipment_ids(current.user.org_id, project_id).await?))
}

/// `POST /lfscada/monitor/project/report/queryCols {projectId, reportId, view, …}`: the report of an equipment of
/// the project, as `monitor/multi/report/queryCols` answers it; another report is a field error naming `reportId`.
pub async fn report_cols(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (_, equipment) = project_equipment(&state, &current, &params).await?;
    let report = report_of(&state, &current, &params).await?;
    if !equipment.contains(&report.equipment_id) {
        return Err(ApiError::invalid("reportId", Reason::NotAllowed));
    }
    report_table(&state, &current, report, &params).await
}

/// `POST /lfscada/monitor/project/history/queryAll {projectId}` → `{signals, mvars}`: every signal of the project's
/// equipment (equipment by name, then the signals in their order) with its equipment's title, and the project's
/// intermediate variables by name, for the history chooser.
pub async fn history_sources(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let viewer = current.viewer();
    let mut signals = Vec::new();
    for (e, list) in project_signals(&state, &viewer, project_id).await? {
        signals.extend(list.iter().map(|s| SignalEntry::new(s, e.id, &e.equip_name)));
    }
    let mvars = state.store.mvars(viewer.org_id, project_id).await?.into_iter().map(Mvar::from).collect();
    Ok(ApiOk::new(ProjectHistorySources { signals, mvars }))
}

/// `POST /lfscada/monitor/project/history/queryAllData {projectId, signalIds, mvarIds?, startTime, endTime,
/// timeUnit, statistic, page, pageSize}` → `{cols, rows, total}`: a table of many signals and intermediate variables
/// at once, one row per minute, hour or day of the range (at most 30 days), read off the roll-ups as a custom
/// report's range view is. Signals take `statistic` (avg unless given); a variable takes it when its rule allows it
/// (`report/mvar/validStatistics`), else its last value, and its column says which. A signal or variable that is
/// not the project's is a field error naming it (`signalIds.2`).
pub async fn history_table(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let org_id = current.user.org_id;
    let signal_ids = distinct(params.id_list("signalIds")?);
    let mvar_ids = if params.get("mvarIds").is_some() { distinct(params.id_list("mvarIds")?) } else { Vec::new() };
    if signal_ids.len() + mvar_ids.len() > PROJECT_HISTORY_COLUMNS {
        return Err(ApiError::invalid("signalIds", Reason::TooMany { max: PROJECT_HISTORY_COLUMNS }));
    }
    let (start, end) = params.time_range(HISTORY_RANGE_DAYS)?;
    let step_ms = match params.text("timeUnit")?.as_deref().unwrap_or("hour") {
        "minute" => MINUTE_MS,
        "hour" => 60 * MINUTE_MS,
        "day" => 24 * 60 * MINUTE_MS,
        _ => return Err(ApiError::invalid("timeUnit", Reason::OneOf { allowed: &TIME_UNITS })),
    };
    let statistic = match params.text("statistic")? {
        None => Statistic::Avg,
        Some(text) => serde_json::from_value(serde_json::Value::String(text))
            .map_err(|_| ApiError::invalid("statistic", Reason::NotAllowed))?,
    };
    let viewer = current.viewer();
    let owners = state.store.project_signal_owners(org_id, project_id, &signal_ids).await?;
    let mut columns = ProjectColumns::load(&state, &viewer, project_id).await?;
    for (i, &signal_id) in signal_ids.iter().enumerate() {
        let equipment_id = owners.iter().find(|(s, _)| *s == signal_id).map(|(_, e)| *e);
        let column =
            CustomColumnDef { equipment_id, signal_id: Some(signal_id), mvar_id: None, statistic, wraps_at: None };
        if equipment_id.is_none() || !columns.push(&state, &viewer, &column).await? {
            return Err(ApiError::invalid(format!("signalIds.{i}"), Reason::NotProjectSignal { signal_id }));
        }
    }
    push_mvars(&state, &viewer, &mut columns, &mvar_ids, statistic).await?;
    let minute = |t: i64| t - t.rem_euclid(MINUTE_MS);
    let view = View::Range { start: minute(start), end: minute(end).max(minute(start) + MINUTE_MS), step_ms };
    let (rows, total) = rows_of(&state, org_id, &view, Some(params.paging()?), &columns.table).await?;
    Ok(ApiOk::new(ProjectHistoryTable { cols: columns.cols, rows, total }))
}

/// Adds a column of each variable to `columns`, with `statistic` where its rule allows it, else its last value; a
/// variable that is not the project's is a field error naming it (`mvarIds.1`).
async fn push_mvars(
    state: &AppState,
    viewer: &ironsight_store::access::Viewer,
    columns: &mut ProjectColumns,
    mvar_ids: &[i64],
    statistic: Statistic,
) -> Result<(), ApiError> {
    for (i, &mvar_id) in mvar_ids.iter().enumerate() {
        let allowed = columns.mvar(mvar_id).map(mvar_statistics).unwrap_or_default();
        let statistic = if allowed.contains(&statistic) { statistic } else { Statistic::Last };
        let column =
            CustomColumnDef { equipment_id: None, signal_id: None, mvar_id: Some(mvar_id), statistic, wraps_at: None };
        if allowed.is_empty() || !columns.push(state, viewer, &column).await? {
            return Err(ApiError::invalid(format!("mvarIds.{i}"), Reason::NotAllowed));
        }
    }
    Ok(())
}

/// The longest range whose variables are given per minute; a longer one is given per hour.
const MVAR_MINUTES_UP_TO_MS: i64 = 2 * 24 * 60 * MINUTE_MS;

/// `POST /lfscada/monitor/project/history/query {projectId, signalIds, mvarIds?, startTime, endTime}`: as
/// `monitor/multi/history/query`, for signals of the project's equipment only (another is refused by field); with
/// `mvarIds`, the project's intermediate variables as `mvarSeries`, one value per minute (per hour past two days).
pub async fn history_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (project_id, equipment) = project_equipment(&state, &current, &params).await?;
    let viewer = current.viewer();
    let mvar_ids = if params.get("mvarIds").is_some() { distinct(params.id_list("mvarIds")?) } else { Vec::new() };
    let mut mvar_series = Vec::new();
    if !mvar_ids.is_empty() {
        let (start, end) = params.time_range(HISTORY_RANGE_DAYS)?;
        let mut columns = ProjectColumns::load(&state, &viewer, project_id).await?;
        push_mvars(&state, &viewer, &mut columns, &mvar_ids, Statistic::Avg).await?;
        let step_ms = if end - start <= MVAR_MINUTES_UP_TO_MS { MINUTE_MS } else { 60 * MINUTE_MS };
        let floor = |t: i64| t - t.rem_euclid(step_ms);
        let view = View::Range { start: floor(start), end: floor(end).max(floor(start) + step_ms), step_ms };
        let (rows, _) = rows_of(&state, viewer.org_id, &view, None, &columns.table).await?;
        for (i, col) in columns.cols.into_iter().enumerate() {
            mvar_series.push(MvarSeries {
                mvar_id: col.mvar_id.unwrap_or_default(),
                name: col.title,
                unit: col.unit,
                decimals: col.decimals,
                statistic: col.statistic,
                step_ms,
                points: rows.iter().map(|row| (row.start, row.values.get(i).copied().flatten())).collect(),
            });
        }
    }
    history_of(&state, &viewer, Some(&equipment), &params, mvar_series).await
}

/// `POST /lfscada/monitor/project/alarm/query {projectId, startTime?, endTime?, page, pageSize}`: the alarm records
/// of the project's equipment, as `monitor/multi/alarm/query` answers an equipment's (2001 when none). Needs the
/// alarm permission of every rule type among the project's equipment (1211): part of the records would read as all.
pub async fn alarm_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    require_project_alarm_view(&state, &current, project_id).await?;
    records_of(&state, &current.viewer(), AlarmScope::Project(project_id), &params).await
}

/// `POST /lfscada/monitor/project/alarm/confirm {projectId?, alarmId}`: as `monitor/multi/alarm/confirm` (the
/// alarm permission of its equipment's rule type); with `projectId`, the alarm must be of the project's equipment
/// (else a field error naming `alarmId`).
pub async fn alarm_confirm(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let record = alarm(&state, &current, &params).await?;
    if let Some(project_id) = params.int("projectId")? {
        let equipment = state.store.project_equipment_ids(current.user.org_id, project_id).await?;
        if !equipment.contains(&record.equip_id) {
            return Err(ApiError::invalid("alarmId", Reason::NotAllowed));
        }
    }
    confirm_record(&state, &current, record).await
}

/// `POST /lfscada/monitor/project/alarm/queryAll {projectId}` → `{total, list}`: the open (not released) alarms of
/// the project's equipment, newest first, at most [`PROJECT_OPEN_ALARMS`] of them (`total` counts all): a page's
/// alarm table. None open is an empty list, not 2001. The alarm permission as for `alarm/query`.
pub async fn alarm_open(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    require_project_alarm_view(&state, &current, project_id).await?;
    let query = AlarmQuery { scope: AlarmScope::Project(project_id), from: 0, to: i64::MAX, open_only: true };
    let found = state.store.alarm_records_in(&current.viewer(), &query, 1, PROJECT_OPEN_ALARMS as i64).await?;
    let lang = request_lang();
    Ok(ApiOk::new(Listed::from_page(found, |r| AlarmRecord::new(r, lang))))
}

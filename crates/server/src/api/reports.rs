//! Reports: chosen signals of one equipment sampled on a fixed period (spec: `/monitor/multi/report/queryAll`,
//! `/report/queryCols`). Definitions are saved per equipment (paths ours); a report's table is read from history
//! when asked, each cell being the last value recorded in its period, so a report covers any past range.

use crate::AppState;
use crate::answers::Created;
use crate::answers::report::{Report, ReportColumn, ReportData, ReportRow};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::REPORT_RANGE_DAYS;
use ironsight_domain::{Code, Reason};
use std::collections::BTreeMap;

/// `POST /lfscada/equipment/multi/report/save {equipmentId, name, periodMs, signalIds}` → `{id}`.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    let name = params.name("name")?;
    // In the row's range (`limits::REPORT_PERIOD_MS_MIN` to `MAX`, the minute limits in ms); whole minutes.
    let period = params.int_or_default("periodMs")?;
    if period % 60_000 != 0 {
        return Err(ApiError::invalid("periodMs", Reason::NotAllowed));
    }
    let signal_ids = params.id_list("signalIds")?;
    let signals = state.store.signals(&current.viewer(), equipment_id).await?;
    let signals = signals.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    if let Some(i) = signal_ids.iter().position(|id| !signals.iter().any(|s| s.id == *id)) {
        return Err(ApiError::invalid(format!("signalIds.{i}"), Reason::NotAllowed));
    }
    let id = state.store.add_report(&current.viewer(), equipment_id, &name, period, &signal_ids).await?;
    let id = id.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    Ok(ApiOk::new(Created { id }).audit("report", id))
}

/// `POST /lfscada/equipment/multi/report/delete {id}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_report(&current.viewer(), id).await? {
        return Err(ApiError::invalid("id", Reason::NotAllowed));
    }
    Ok(ApiOk::empty().audit("report", id))
}

/// `POST /lfscada/monitor/multi/report/queryAll {equipmentId}` → the equipment's report definitions.
pub async fn query_all(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    if state.store.equipment(&current.viewer(), equipment_id).await?.is_none() {
        return Err(ApiError::code(Code::EquipmentNotFound));
    }
    Ok(ApiOk::new(
        state.store.reports(&current.viewer(), equipment_id).await?.into_iter().map(Report::from).collect::<Vec<_>>(),
    ))
}

/// `POST /lfscada/monitor/multi/report/queryCols {reportId, startTime, endTime, page, pageSize}` → `{cols, rows,
/// total}`: one row per period of the range (newest first), each with the last value of every column's signal in
/// that period (absent when it recorded none).
pub async fn query_cols(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let report_id = params.required_int("reportId")?;
    let (start, end) = params.time_range(REPORT_RANGE_DAYS)?;
    let (page, page_size) = params.paging()?;
    let report = state.store.report(&current.viewer(), report_id).await?;
    let report = report.ok_or_else(|| ApiError::invalid("reportId", Reason::NotAllowed))?;
    let signals = state.store.signals(&current.viewer(), report.equipment_id).await?.unwrap_or_default();
    let mut cols = Vec::new();
    // Period start → column → value.
    let mut cells: BTreeMap<i64, BTreeMap<String, Option<f64>>> = BTreeMap::new();
    for id in &report.signal_ids {
        // A signal deleted since the report was defined is left out (its column goes).
        let Some(signal) = signals.iter().find(|s| s.id == *id) else { continue };
        cols.push(ReportColumn {
            signal_id: *id,
            signal_title: signal.name.clone(),
            unit: signal.unit.clone(),
            decimals: signal.decimals,
        });
        for (t, v) in state.store.sample_history(*id, start, end, report.period_ms).await? {
            cells.entry(t).or_default().insert(id.to_string(), v);
        }
    }
    let periods = (end - start) / report.period_ms + 1;
    let first = end - (end - start) % report.period_ms; // start of the newest period
    let rows: Vec<ReportRow> = (0..periods)
        .skip(((page - 1) * page_size) as usize)
        .take(page_size as usize)
        .map(|i| {
            let t = first - i * report.period_ms;
            ReportRow { time: t, values: cells.get(&t).cloned().unwrap_or_default() }
        })
        .collect();
    Ok(ApiOk::new(ReportData { report: Report::from(report), cols, rows, total: periods }))
}

//! Reports (spec: `/monitor/multi/report/queryAll`, `/report/queryCols`): an equipment's report definitions
//! (saved on its report tab; paths ours), a definition's table over a view (a day by the hour, a month by the day,
//! a day's shifts, or a range in steps), computed from the history roll-ups (`crate::report_table`), and the
//! organisation's shifts.

use crate::AppState;
use crate::answers::Created;
use crate::answers::report::{Report, ReportColumn, ReportData, ReportRow};
use crate::api::notify::list_of;
use crate::error::ApiError;
use crate::params::Params;
use crate::report_table::{Source, TableColumn};
use crate::response::{ApiOk, ApiResult, request_lang};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::expiry::Day;
use ironsight_domain::limits::{REPORT_COLUMNS, REPORT_RANGE_DAYS, SHIFTS_PER_DAY};
use ironsight_domain::report::{ColumnDef, Period, Shift, View, check_shifts, default_shifts, parse_month};
use ironsight_domain::rollup::{MINUTE_MS, Statistic};
use ironsight_domain::{Code, Reason};
use ironsight_store::access::Viewer;
use ironsight_store::reports::{Report as StoredReport, ReportFields};
use serde_json::Value;

/// The `columns` parameter: 1 to [`REPORT_COLUMNS`] of `{signalId, statistic, wrapsAt?}`, each checked.
fn column_list(params: &Params) -> Result<Vec<ColumnDef>, ApiError> {
    let items = list_of(params.get("columns"), "columns")?.unwrap_or_default();
    if items.is_empty() {
        return Err(ApiError::invalid("columns", Reason::Required));
    }
    if items.len() > REPORT_COLUMNS {
        return Err(ApiError::invalid("columns", Reason::TooMany { max: REPORT_COLUMNS }));
    }
    items.iter().enumerate().map(|(i, item)| column_of(item, &format!("columns.{i}"))).collect()
}

/// A number given as JSON or as a form's text; `Ok(None)` when absent, null or an empty text.
pub(crate) fn number_in(item: &Value, key: &str, field: &str) -> Result<Option<f64>, ApiError> {
    let bad = || ApiError::invalid(format!("{field}.{key}"), Reason::NotNumber);
    match item.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_f64().map(Some).ok_or_else(bad),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse::<f64>().ok().filter(|v| v.is_finite()).map(Some).ok_or_else(bad),
        Some(_) => Err(bad()),
    }
}

/// A column's `statistic`, one of [`Statistic`]'s names.
pub(crate) fn statistic_in(item: &Value, field: &str) -> Result<Statistic, ApiError> {
    item.get("statistic")
        .cloned()
        .and_then(|v| serde_json::from_value::<Statistic>(v).ok())
        .ok_or_else(|| ApiError::invalid(format!("{field}.statistic"), Reason::NotAllowed))
}

/// One column, `{signalId, statistic, wrapsAt?}`, as JSON or as a form's nested texts.
fn column_of(item: &Value, field: &str) -> Result<ColumnDef, ApiError> {
    if !item.is_object() {
        return Err(ApiError::invalid(field, Reason::NotObject));
    }
    let signal_id = number_in(item, "signalId", field)?
        .filter(|v| v.fract() == 0.0)
        .ok_or_else(|| ApiError::invalid(format!("{field}.signalId"), Reason::Required))? as i64;
    let column =
        ColumnDef { signal_id, statistic: statistic_in(item, field)?, wraps_at: number_in(item, "wrapsAt", field)? };
    column.check().map_err(|r| ApiError::invalid(format!("{field}.wrapsAt"), r))?;
    Ok(column)
}

/// `POST /lfscada/equipment/multi/report/save {equipmentId, id?, name, periodMs, columns}` → `{id}`: adds a
/// report, or changes report `id` of the equipment.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    let id = params.int("id")?;
    let name = params.name("name")?;
    // In the row's range (`limits::REPORT_PERIOD_MS_MIN` to `MAX`); whole minutes.
    let period_ms = params.int_or_default("periodMs")?;
    if period_ms % MINUTE_MS != 0 {
        return Err(ApiError::invalid("periodMs", Reason::NotAllowed));
    }
    let columns = column_list(&params)?;
    let signals = state.store.signals(&current.viewer(), equipment_id).await?;
    let signals = signals.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    if let Some(i) = columns.iter().position(|c| !signals.iter().any(|s| s.id == c.signal_id)) {
        return Err(ApiError::invalid(format!("columns.{i}.signalId"), Reason::NotAllowed));
    }
    let fields = ReportFields { name: &name, period_ms, columns: &columns };
    let id = match id {
        Some(id) => {
            let report = state.store.report(&current.viewer(), id).await?;
            if report.is_none_or(|r| r.equipment_id != equipment_id) {
                return Err(ApiError::invalid("id", Reason::NotAllowed));
            }
            state.store.edit_report(&current.viewer(), id, &fields).await?;
            id
        }
        None => state
            .store
            .add_report(&current.viewer(), equipment_id, &fields)
            .await?
            .ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?,
    };
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

/// The view a table is asked for: `view` is `day` (with `date`), `month` (with `month`), `shift` (with `date`) or
/// `range` (with `startTime` and `endTime`, cut in the report's step; the default).
pub(crate) fn view_of(params: &Params, step_ms: i64) -> Result<View, ApiError> {
    let day = || {
        let text = params.required_text("date")?;
        Day::parse(&text).map_err(|r| ApiError::invalid("date", r))
    };
    match params.text("view")?.as_deref().unwrap_or("range") {
        "day" => Ok(View::Day(day()?)),
        "shift" => Ok(View::Shifts(day()?)),
        "month" => {
            let (year, month) =
                parse_month(&params.required_text("month")?).map_err(|r| ApiError::invalid("month", r))?;
            Ok(View::Month { year, month })
        }
        "range" => {
            let (start, end) = params.time_range(REPORT_RANGE_DAYS)?;
            let minute = |t: i64| t - t.rem_euclid(MINUTE_MS);
            Ok(View::Range { start: minute(start), end: minute(end).max(minute(start) + MINUTE_MS), step_ms })
        }
        _ => Err(ApiError::invalid("view", Reason::NotAllowed)),
    }
}

/// The organisation's shifts, or the default three when it has set none.
async fn shifts_of(state: &AppState, org_id: i64) -> anyhow::Result<Vec<Shift>> {
    Ok(state.store.org_shifts(org_id).await?.unwrap_or_else(|| default_shifts(request_lang())))
}

/// `POST /lfscada/monitor/multi/report/queryCols {reportId, view, date | month | startTime + endTime, page,
/// pageSize}` → `{report, cols, rows, total}`: the report's columns (signals deleted since are left out) and one
/// row per period, oldest first; a range view answers a page of its periods, the others all of theirs.
pub async fn query_cols(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let report = report_of(&state, &current, &params).await?;
    report_table(&state, &current, report, &params).await
}

/// The caller's report named by `reportId` (a field error when it is not the caller's).
pub(crate) async fn report_of(
    state: &AppState,
    current: &CurrentUser,
    params: &Params,
) -> Result<ironsight_store::reports::Report, ApiError> {
    let report = state.store.report(&current.viewer(), params.required_int("reportId")?).await?;
    report.ok_or_else(|| ApiError::invalid("reportId", Reason::NotAllowed))
}

/// `report`'s table over the view the parameters give, as `report/queryCols` answers it (the EG monitor's and the
/// project monitor's `monitor/project/report/queryCols`).
pub(crate) async fn report_table(
    state: &AppState,
    current: &CurrentUser,
    report: ironsight_store::reports::Report,
    params: &Params,
) -> ApiResult {
    let view = view_of(params, report.period_ms)?;
    let paging = if matches!(view, View::Range { .. }) { Some(params.paging()?) } else { None };
    let (cols, table) = columns_of_report(state, &current.viewer(), &report).await?;
    let (rows, total) = rows_of(state, current.user.org_id, &view, paging, &table).await?;
    Ok(ApiOk::new(ReportData { report: Report::from(report), cols, rows, total }))
}

/// A report's columns as its signals are now (signals deleted since are left out), with what each reads.
pub(crate) async fn columns_of_report(
    state: &AppState,
    viewer: &Viewer,
    report: &StoredReport,
) -> anyhow::Result<(Vec<ReportColumn>, Vec<TableColumn>)> {
    let signals = state.store.signals(viewer, report.equipment_id).await?.unwrap_or_default();
    let (mut cols, mut table) = (Vec::new(), Vec::new());
    for column in &report.columns {
        // A signal deleted since the report was defined is left out (its column goes).
        let Some(signal) = signals.iter().find(|s| s.id == column.signal_id) else { continue };
        cols.push(ReportColumn {
            signal_id: signal.id,
            signal_title: signal.name.clone(),
            unit: signal.unit.clone(),
            decimals: signal.decimals,
            statistic: column.statistic,
            wraps_at: column.wraps_at,
        });
        table.push(TableColumn {
            source: Source::Signal(signal.id),
            statistic: column.statistic,
            wraps_at: column.wraps_at,
        });
    }
    Ok((cols, table))
}

/// A view's rows of `table`'s columns, with the number of periods of the whole view; `paging` (page, size) takes
/// a page of them (a range view's).
pub(crate) async fn rows_of(
    state: &AppState,
    org_id: i64,
    view: &View,
    paging: Option<(i64, i64)>,
    table: &[TableColumn],
) -> Result<(Vec<ReportRow>, i64), ApiError> {
    let shifts = shifts_of(state, org_id).await?;
    let mut periods = view.periods(&shifts);
    let total = periods.len() as i64;
    if let Some((page, page_size)) = paging {
        periods = periods.into_iter().skip(((page - 1) * page_size) as usize).take(page_size as usize).collect();
    }
    let now = ironsight_store::now_ms();
    let cells = crate::report_table::cells(&state.store, table, &periods, now).await?;
    let rows = periods
        .iter()
        .zip(cells)
        .map(|(period, values): (&Period, _)| ReportRow {
            start: period.start,
            end: period.end,
            shift: period.shift.map(|i| shifts[i].name.clone()),
            running: period.end > now,
            values,
        })
        .collect();
    Ok((rows, total))
}

/// `POST /lfscada/report/shifts/query` → the shifts of the organisation's day (the default three until set).
pub async fn shifts_query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(shifts_of(&state, current.user.org_id).await?))
}

/// `POST /lfscada/report/shifts/save {shifts: [{name, startMinute, endMinute}]}`: 1 to 6 shifts that do not
/// overlap.
pub async fn shifts_save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let items = list_of(params.get("shifts"), "shifts")?.unwrap_or_default();
    if items.len() > SHIFTS_PER_DAY {
        return Err(ApiError::invalid("shifts", Reason::TooMany { max: SHIFTS_PER_DAY }));
    }
    let shifts: Vec<Shift> =
        items.iter().enumerate().map(|(i, item)| shift_of(item, &format!("shifts.{i}"))).collect::<Result<_, _>>()?;
    check_shifts(&shifts).map_err(|r| ApiError::invalid("shifts", r))?;
    state.store.save_org_shifts(current.user.org_id, &shifts).await?;
    Ok(ApiOk::empty().audit("shifts", current.user.org_id))
}

/// One shift, `{name, startMinute, endMinute}`, as JSON or as a form's nested texts; the name trimmed.
fn shift_of(item: &Value, field: &str) -> Result<Shift, ApiError> {
    if !item.is_object() {
        return Err(ApiError::invalid(field, Reason::NotObject));
    }
    let minute = |key: &str| -> Result<i64, ApiError> {
        number_in(item, key, field)?
            .filter(|v| v.fract() == 0.0 && v.abs() < 1e9)
            .map(|v| v as i64)
            .ok_or_else(|| ApiError::invalid(format!("{field}.{key}"), Reason::NotInteger))
    };
    let name = match item.get("name") {
        Some(Value::String(s)) => s.trim().to_owned(),
        _ => return Err(ApiError::invalid(format!("{field}.name"), Reason::Required)),
    };
    Ok(Shift { name, start_minute: minute("startMinute")?, end_minute: minute("endMinute")? })
}

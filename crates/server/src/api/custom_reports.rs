//! A project's custom reports (spec section 7, project monitor: `/monitor/project/custom/report/queryAll`,
//! `/custom/report/data/query`, `/queryAllForCurve`, `/lfscada/project/report/col/item/queryEquips`,
//! `/lfscada/project/report/mvar/validStatistics`; saving and deleting are ours): columns over any equipment of
//! the project and its intermediate variables, read over the same views as an equipment's report
//! (`crate::api::reports`), from the same roll-ups (`crate::report_table`).

use crate::AppState;
use crate::answers::Created;
use crate::answers::report::{CustomReport, CustomReportColumn, CustomReportData, ReportEquipment, ReportSignal};
use crate::api::notify::list_of;
use crate::api::reports::{number_in, rows_of, statistic_in, view_of};
use crate::error::ApiError;
use crate::params::Params;
use crate::report_table::{MvarRule, Source, TableColumn};
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::REPORT_COLUMNS;
use ironsight_domain::mvar::{Calc, Formula, report_statistics};
use ironsight_domain::report::{CustomColumnDef, View};
use ironsight_domain::rollup::MINUTE_MS;
use ironsight_domain::{Code, Reason};
use ironsight_protocol::payload::SignalDef;
use ironsight_store::access::Viewer;
use ironsight_store::custom_reports::{CustomReport as StoredCustomReport, CustomReportFields};
use ironsight_store::monitor::EquipmentName;
use ironsight_store::mvars::Mvar;
use serde_json::Value;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// A variable's rule as a column reads it; `None` for a stored calc type or formula that no longer parses.
fn rule_of(mvar: &Mvar) -> Option<MvarRule> {
    let calc = Calc::parse(&mvar.calc)?;
    let formula = match calc {
        Calc::Custom => Some(Formula::parse(&mvar.formula).ok()?),
        _ => None,
    };
    Some(MvarRule { calc, formula, signal_ids: mvar.signal_ids.clone() })
}

/// One column, `{equipmentId, signalId | mvarId, statistic, wrapsAt?}`, as JSON or a form's nested texts.
fn column_of(item: &Value, field: &str) -> Result<CustomColumnDef, ApiError> {
    if !item.is_object() {
        return Err(ApiError::invalid(field, Reason::NotObject));
    }
    let id = |key: &str| -> Result<Option<i64>, ApiError> {
        Ok(number_in(item, key, field)?.filter(|v| v.fract() == 0.0 && v.abs() < 1e15).map(|v| v as i64))
    };
    let column = CustomColumnDef {
        equipment_id: id("equipmentId")?,
        signal_id: id("signalId")?,
        mvar_id: id("mvarId")?,
        statistic: statistic_in(item, field)?,
        wraps_at: number_in(item, "wrapsAt", field)?,
    };
    column.check().map_err(|(key, reason)| ApiError::invalid(format!("{field}.{key}"), reason))?;
    Ok(column)
}

/// The `columns` parameter, each column checked against the project: a signal of one of its equipment, or one of
/// its variables with a statistic the variable allows.
async fn columns_of(
    state: &AppState,
    current: &CurrentUser,
    project_id: i64,
    params: &Params,
) -> Result<Vec<CustomColumnDef>, ApiError> {
    let items = list_of(params.get("columns"), "columns")?.unwrap_or_default();
    if items.is_empty() {
        return Err(ApiError::invalid("columns", Reason::Required));
    }
    if items.len() > REPORT_COLUMNS {
        return Err(ApiError::invalid("columns", Reason::TooMany { max: REPORT_COLUMNS }));
    }
    let columns: Vec<CustomColumnDef> =
        items.iter().enumerate().map(|(i, item)| column_of(item, &format!("columns.{i}"))).collect::<Result<_, _>>()?;
    let org_id = current.user.org_id;
    let signal_ids: Vec<i64> = columns.iter().filter_map(|c| c.signal_id).collect();
    let owners = state.store.project_signal_owners(org_id, project_id, &signal_ids).await?;
    let mvars = state.store.mvars(org_id, project_id).await?;
    for (i, column) in columns.iter().enumerate() {
        if let (Some(equipment_id), Some(signal_id)) = (column.equipment_id, column.signal_id)
            && !owners.contains(&(signal_id, equipment_id))
        {
            return Err(ApiError::invalid(format!("columns.{i}.signalId"), Reason::NotAllowed));
        }
        if let Some(mvar_id) = column.mvar_id {
            let rule = mvars.iter().find(|m| m.id == mvar_id).and_then(rule_of);
            let rule = rule.ok_or_else(|| ApiError::invalid(format!("columns.{i}.mvarId"), Reason::NotAllowed))?;
            if !report_statistics(rule.calc, rule.formula.as_ref()).contains(&column.statistic) {
                return Err(ApiError::invalid(format!("columns.{i}.statistic"), Reason::NotAllowed));
            }
        }
    }
    Ok(columns)
}

/// `POST /lfscada/project/custom/report/save {projectId, id?, name, periodMs, columns}` → `{id}`.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let id = params.int("id")?;
    let name = params.name("name")?;
    // In the row's range (`limits::REPORT_PERIOD_MS_MIN` to `MAX`); whole minutes.
    let period_ms = params.int_or_default("periodMs")?;
    if period_ms % MINUTE_MS != 0 {
        return Err(ApiError::invalid("periodMs", Reason::NotAllowed));
    }
    let columns = columns_of(&state, &current, project_id, &params).await?;
    let fields = CustomReportFields { name: &name, period_ms, columns: &columns };
    let viewer = current.viewer();
    let id = match id {
        Some(id) => {
            let report = state.store.custom_report(&viewer, id).await?;
            if report.is_none_or(|r| r.project_id != project_id) {
                return Err(ApiError::invalid("id", Reason::NotAllowed));
            }
            state.store.edit_custom_report(&viewer, id, &fields).await?;
            id
        }
        None => state
            .store
            .add_custom_report(&viewer, project_id, &fields)
            .await?
            .ok_or_else(|| ApiError::code(Code::ProjectNotFound))?,
    };
    Ok(ApiOk::new(Created { id }).audit("customReport", id))
}

/// `POST /lfscada/project/custom/report/delete {id}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_custom_report(&current.viewer(), id).await? {
        return Err(ApiError::invalid("id", Reason::NotAllowed));
    }
    Ok(ApiOk::empty().audit("customReport", id))
}

/// `POST /lfscada/monitor/project/custom/report/queryAll {projectId}` → the project's custom reports.
pub async fn query_all(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let reports = state.store.custom_reports(&current.viewer(), project_id).await?;
    Ok(ApiOk::new(reports.into_iter().map(CustomReport::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/monitor/project/custom/report/data/query {customReportId, view, date | month | startTime +
/// endTime, page, pageSize}` → `{report, cols, rows, total}`, as an equipment's report (a range view paged).
pub async fn data_query(state: State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    data(state, current, params, true).await
}

/// `POST /lfscada/monitor/project/custom/report/queryAllForCurve {customReportId, view, …}`: every period of the
/// view at once, for a chart.
pub async fn query_all_for_curve(state: State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    data(state, current, params, false).await
}

async fn data(State(state): State<AppState>, current: CurrentUser, params: Params, paged: bool) -> ApiResult {
    let id = params.required_int("customReportId")?;
    let viewer = current.viewer();
    let report = state.store.custom_report(&viewer, id).await?;
    let report = report.ok_or_else(|| ApiError::invalid("customReportId", Reason::NotAllowed))?;
    let view = view_of(&params, report.period_ms)?;
    let (cols, table) =
        columns_of_custom(&state, &viewer, &report).await?.ok_or_else(|| ApiError::code(Code::ProjectNotFound))?;
    let paging = if paged && matches!(view, View::Range { .. }) { Some(params.paging()?) } else { None };
    let (rows, total) = rows_of(&state, current.user.org_id, &view, paging, &table).await?;
    Ok(ApiOk::new(CustomReportData { report: CustomReport::from(report), cols, rows, total }))
}

/// A custom report's columns as the project's equipment, signals and variables are now (what was deleted since, or
/// an equipment no longer of the project, drops its column), with what each reads; `None` when the viewer does
/// not see the project whole.
pub(crate) async fn columns_of_custom(
    state: &AppState,
    viewer: &Viewer,
    report: &StoredCustomReport,
) -> anyhow::Result<Option<(Vec<CustomReportColumn>, Vec<TableColumn>)>> {
    let Some(mut columns) = ProjectColumns::of(state, viewer, report.project_id).await? else { return Ok(None) };
    for column in &report.columns {
        columns.push(state, viewer, column).await?;
    }
    Ok(Some((columns.cols, columns.table)))
}

/// A table's columns over a project's signals and intermediate variables, as a custom report and the project
/// history table (`monitor/project/history/queryAllData`) read them: the headers the answer shows and the sources
/// `crate::report_table` reads. Each equipment's signals are read once, however many columns read it.
pub(crate) struct ProjectColumns {
    project: ironsight_store::projects::Project,
    mvars: Vec<Mvar>,
    signals_of: HashMap<i64, Vec<SignalDef>>,
    pub cols: Vec<CustomReportColumn>,
    pub table: Vec<TableColumn>,
}

impl ProjectColumns {
    /// No columns yet, over project `project_id` as `viewer` sees it; `None` when it does not see it whole.
    pub(crate) async fn of(
        state: &AppState,
        viewer: &Viewer,
        project_id: i64,
    ) -> anyhow::Result<Option<ProjectColumns>> {
        let Some(project) = state.store.project(viewer, project_id).await? else { return Ok(None) };
        let mvars = state.store.mvars(viewer.org_id, project_id).await?;
        Ok(Some(ProjectColumns { project, mvars, signals_of: HashMap::new(), cols: Vec::new(), table: Vec::new() }))
    }

    /// As [`ProjectColumns::of`], 1253 when the viewer does not see the project whole.
    pub(crate) async fn load(state: &AppState, viewer: &Viewer, project_id: i64) -> Result<ProjectColumns, ApiError> {
        Self::of(state, viewer, project_id).await?.ok_or_else(|| ApiError::code(Code::ProjectNotFound))
    }

    /// The project's variable `id`.
    pub(crate) fn mvar(&self, id: i64) -> Option<&Mvar> {
        self.mvars.iter().find(|m| m.id == id)
    }

    /// Adds `column`; false, adding nothing, when its variable or signal is gone, its variable's rule no longer
    /// parses, or its equipment is not the project's.
    pub(crate) async fn push(
        &mut self,
        state: &AppState,
        viewer: &Viewer,
        column: &CustomColumnDef,
    ) -> anyhow::Result<bool> {
        let (source, (title, unit, decimals)) = if let Some(mvar_id) = column.mvar_id {
            let Some(mvar) = self.mvar(mvar_id) else { return Ok(false) };
            let Some(rule) = rule_of(mvar) else { return Ok(false) };
            (Source::Mvar(rule), (mvar.name.clone(), mvar.unit.clone(), mvar.decimals))
        } else {
            let (Some(equipment_id), Some(signal_id)) = (column.equipment_id, column.signal_id) else {
                return Ok(false);
            };
            let Some(equipment) = self.project.equipment.iter().find(|e| e.id == equipment_id) else {
                return Ok(false);
            };
            if let Entry::Vacant(entry) = self.signals_of.entry(equipment_id) {
                entry.insert(state.store.signals(viewer, equipment_id).await?.unwrap_or_default());
            }
            let Some(signal) = self.signals_of[&equipment_id].iter().find(|s| s.id == signal_id) else {
                return Ok(false);
            };
            let title = format!("{} · {}", equipment.equip_name, signal.name);
            (Source::Signal(signal_id), (title, signal.unit.clone(), i64::from(signal.decimals)))
        };
        self.cols.push(CustomReportColumn {
            equipment_id: column.equipment_id,
            signal_id: column.signal_id,
            mvar_id: column.mvar_id,
            title,
            unit,
            decimals,
            statistic: column.statistic,
            wraps_at: column.wraps_at,
        });
        self.table.push(TableColumn { source, statistic: column.statistic, wraps_at: column.wraps_at });
        Ok(true)
    }
}

/// The statistics a report column may read of `mvar` (none when its rule no longer parses).
pub(crate) fn mvar_statistics(mvar: &Mvar) -> Vec<ironsight_domain::rollup::Statistic> {
    rule_of(mvar).map(|r| report_statistics(r.calc, r.formula.as_ref())).unwrap_or_default()
}

/// The project's equipment by name, each with its signals in their order (1253 when the viewer does not see the
/// project): what a custom report's columns and the project's history may read.
pub(crate) async fn project_signals(
    state: &AppState,
    viewer: &Viewer,
    project_id: i64,
) -> Result<Vec<(EquipmentName, Vec<SignalDef>)>, ApiError> {
    let project = state.store.project(viewer, project_id).await?;
    let project = project.ok_or_else(|| ApiError::code(Code::ProjectNotFound))?;
    let mut list = Vec::with_capacity(project.equipment.len());
    for e in project.equipment {
        let signals = state.store.signals(viewer, e.id).await?.unwrap_or_default();
        list.push((e, signals));
    }
    Ok(list)
}

/// `POST /lfscada/project/report/col/item/queryEquips {projectId}` → the project's equipment, each with the
/// signals a column may read.
pub async fn query_equips(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let mut equipment = Vec::new();
    for (e, signals) in project_signals(&state, &current.viewer(), project_id).await? {
        equipment.push(ReportEquipment {
            equipment_id: e.id,
            equip_name: e.equip_name,
            signals: signals
                .into_iter()
                .map(|s| ReportSignal { signal_id: s.id, name: s.name, unit: s.unit, decimals: s.decimals })
                .collect(),
        });
    }
    Ok(ApiOk::new(equipment))
}

/// `POST /lfscada/project/report/mvar/validStatistics {mvarId}` → the statistics a report column may read of the
/// variable (`ironsight_domain::mvar::report_statistics`).
pub async fn valid_statistics(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("mvarId")?;
    let mvar = state.store.mvar(current.user.org_id, id).await?.ok_or_else(|| ApiError::code(Code::MvarNotFound))?;
    Ok(ApiOk::new(mvar_statistics(&mvar)))
}

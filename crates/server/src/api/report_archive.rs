//! Generated reports (docs/reports.md, "Generated reports"; paths ours): the list of a report definition's or a
//! custom report's archived days and months, and one of them with its table as it was made
//! (`crate::report_archive` makes them). Seen where the definition is seen.

use crate::AppState;
use crate::answers::Listed;
use crate::answers::report::{ArchivedReport, CustomReportArchive, ReportArchive};
use crate::error::ApiError;
use crate::params::Params;
use crate::report_archive::StoredTable;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Reason;
use ironsight_store::report_archive::{ArchiveEntry, ArchiveOwner};

/// The equipment report `reportId`, when the caller sees it.
async fn report_of(state: &AppState, current: &CurrentUser, params: &Params) -> Result<ArchiveOwner, ApiError> {
    let id = params.required_int("reportId")?;
    match state.store.report(&current.viewer(), id).await? {
        Some(_) => Ok(ArchiveOwner::Report(id)),
        None => Err(ApiError::invalid("reportId", Reason::NotAllowed)),
    }
}

/// The custom report `customReportId`, when the caller sees its project whole.
async fn custom_of(state: &AppState, current: &CurrentUser, params: &Params) -> Result<ArchiveOwner, ApiError> {
    let id = params.required_int("customReportId")?;
    match state.store.custom_report(&current.viewer(), id).await? {
        Some(_) => Ok(ArchiveOwner::Custom(id)),
        None => Err(ApiError::invalid("customReportId", Reason::NotAllowed)),
    }
}

async fn list(state: &AppState, owner: ArchiveOwner, params: &Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let listed = state.store.archive_list(owner, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(listed, ArchivedReport::from)))
}

/// `POST /lfscada/monitor/multi/report/archive/query {reportId, page, pageSize}` → the report's generated
/// reports, the newest period first.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let owner = report_of(&state, &current, &params).await?;
    list(&state, owner, &params).await
}

/// `POST /lfscada/monitor/project/custom/report/archive/query {customReportId, page, pageSize}`: as [`query`].
pub async fn custom_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let owner = custom_of(&state, &current, &params).await?;
    list(&state, owner, &params).await
}

/// The archive `view` + `period` of `owner`, with its stored table.
async fn stored(state: &AppState, owner: ArchiveOwner, params: &Params) -> Result<(ArchivedReport, String), ApiError> {
    let view = params.required_text("view")?;
    let period = params.required_text("period")?;
    if view != "day" && view != "month" {
        return Err(ApiError::invalid("view", Reason::NotAllowed));
    }
    let found = state.store.archive(owner, &view, &period).await?;
    let (entry, data): (ArchiveEntry, String) = found.ok_or_else(|| ApiError::invalid("period", Reason::NotAllowed))?;
    Ok((ArchivedReport::from(entry), data))
}

fn table_of<C: serde::de::DeserializeOwned>(data: &str) -> Result<StoredTable<C>, ApiError> {
    serde_json::from_str(data).map_err(|e| ApiError::from(anyhow::anyhow!("a stored report's table: {e}")))
}

/// `POST /lfscada/monitor/multi/report/archive/info {reportId, view, period}` → the generated report with its
/// table as it was made.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let owner = report_of(&state, &current, &params).await?;
    let (archive, data) = stored(&state, owner, &params).await?;
    let table = table_of(&data)?;
    Ok(ApiOk::new(ReportArchive { archive, cols: table.cols, rows: table.rows }))
}

/// `POST /lfscada/monitor/project/custom/report/archive/info {customReportId, view, period}`: as [`info`], of a
/// custom report.
pub async fn custom_info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let owner = custom_of(&state, &current, &params).await?;
    let (archive, data) = stored(&state, owner, &params).await?;
    let table = table_of(&data)?;
    Ok(ApiOk::new(CustomReportArchive { archive, cols: table.cols, rows: table.rows }))
}

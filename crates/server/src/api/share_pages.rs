//! The shared equipment's configuration pages in the public share view (docs/share.md): the share counterparts of
//! the console calls the page viewer makes (the page list, `page/info`, and what the widgets read: history for the
//! history table, alarm records for the alarm table; values are `share/values`), each scoped to the share
//! session's equipment exactly as the other share calls (`share_view::visitor`: 1343 for a visit that no longer
//! holds, 1214 for another equipment).
//!
//! Only pages the equipment owns are shown: a project's page (bound to signals of other equipment) and any page of
//! another equipment answer 1214, the same as a page that does not exist, so a visitor learns nothing of other
//! pages. A page with its own password (1345) is left out of the list: the page password is given in a console
//! session, which a visitor does not have. The reads are GETs (no operation-log row for a polling page).

use crate::AppState;
use crate::answers::page::PageSummary;
use crate::answers::share::SharePages;
use crate::api::share_view::visitor;
use crate::api::{alarms, monitor, pages};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use axum::extract::State;
use axum::http::HeaderMap;
use ironsight_domain::Code;
use ironsight_store::access::Viewer;
use ironsight_store::alarms::AlarmScope;
use ironsight_store::pages::PageOwner;

/// `GET /lfscada/share/pages?equipId=` → `{display, pages}`.
pub async fn list(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    let viewer = Viewer::server(scope.org_id);
    let equipment = state.store.equipment(&viewer, scope.equipment_id).await?;
    let equipment = equipment.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    let owned = state.store.pages_of(&viewer, PageOwner::Equipment(scope.equipment_id)).await?.unwrap_or_default();
    let pages = owned.into_iter().filter(|p| !p.protected).map(PageSummary::from).collect();
    Ok(ApiOk::new(SharePages { display: equipment.fields.display, pages }))
}

/// `GET /lfscada/share/page/info?equipId=&pageId=` → the page and its document, as `configuration/page/info`.
pub async fn info(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    let page_id = params.required_int("pageId")?;
    let detail = state.store.page_info(&Viewer::server(scope.org_id), page_id).await?;
    let detail = detail
        .filter(|d| d.summary.equipment_id == Some(scope.equipment_id) && d.summary.project_id.is_none())
        .ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    if detail.summary.protected {
        return Err(ApiError::code(Code::SharePageProtected));
    }
    pages::page_answer(&detail)
}

/// `GET /lfscada/share/history?equipId=&signalIds=&startTime=&endTime=` → as `monitor/multi/history/query`, only
/// for signals of the visited equipment.
pub async fn history(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    monitor::history_of(&state, &Viewer::server(scope.org_id), Some(&[scope.equipment_id]), &params, Vec::new()).await
}

/// `GET /lfscada/share/alarms?equipId=&startTime=&endTime=&page=&pageSize=` → the visited equipment's alarm
/// records, as `monitor/multi/alarm/query` (2001 when there is none). Reading only: a visitor confirms nothing.
pub async fn alarm_records(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    alarms::records_of(&state, &Viewer::server(scope.org_id), AlarmScope::Equipment(scope.equipment_id), &params).await
}

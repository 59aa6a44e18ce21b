//! Configuration pages of an equipment (`/lfscada/configuration/page/*`): the list, add, rename, delete, and the
//! organisation's home page. The designer that edits a page's document comes later. Changes need the manage
//! permission; another organisation's equipment or page answers "not found" (1214, 1205).

use crate::AppState;
use crate::error::{ApiError, ApiOk, ApiResult};
use crate::params::Params;
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::display_name;
use ironsight_domain::{Code, permission};
use serde_json::json;

/// Longest page title.
const MAX_TITLE: usize = 60;
/// Canvas sizes a page may have, in units (spec default 1024 by 768).
const MIN_SIZE: i64 = 100;
const MAX_SIZE: i64 = 10_000;

fn title(params: &Params) -> Result<String, ApiError> {
    let raw = params.text("title")?.unwrap_or_default();
    Ok(display_name(&raw, MAX_TITLE).map_err(|r| ApiError::invalid("title", r))?.to_owned())
}

/// `POST /lfscada/configuration/page/query {equipmentId}` → `[{id, equipmentId, title, width, height, updated}]`.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    let pages = state.store.pages_of(&current.viewer(), equipment_id).await?;
    pages.map(ApiOk::new).ok_or_else(|| ApiError::code(Code::EquipmentNotFound))
}

/// `POST /lfscada/configuration/page/add {equipmentId, title, width?, height?}` → `{id}`.
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    current.require(permission::MANAGE)?;
    let equipment_id = params.required_int("equipmentId")?;
    let title = title(&params)?;
    let width = params.int_in("width", MIN_SIZE, MAX_SIZE, 1024)?;
    let height = params.int_in("height", MIN_SIZE, MAX_SIZE, 768)?;
    let id = state
        .store
        .add_page(&current.viewer(), equipment_id, &title, width, height)
        .await?
        .ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    Ok(ApiOk::new(json!({ "id": id })).audit("page", id))
}

/// `POST /lfscada/configuration/page/edit {id, title}`: rename.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    current.require(permission::MANAGE)?;
    let id = params.required_int("id")?;
    let title = title(&params)?;
    if !state.store.rename_page(&current.viewer(), id, &title).await? {
        return Err(ApiError::code(Code::PageNotFound));
    }
    Ok(ApiOk::empty().audit("page", id))
}

/// `POST /lfscada/configuration/page/delete {id}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    current.require(permission::MANAGE)?;
    let id = params.required_int("id")?;
    if !state.store.delete_page(&current.viewer(), id).await? {
        return Err(ApiError::code(Code::PageNotFound));
    }
    Ok(ApiOk::empty().audit("page", id))
}

/// `POST /lfscada/configuration/page/queryHome {}` → the organisation's first page, or null when it has none.
pub async fn query_home(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(state.store.home_page(&current.viewer()).await?))
}

//! The operation log, read by object (`/lfscada/user/operationlog/queryByObjectId`).

use crate::AppState;
use crate::error::{ApiError, ApiOk, ApiResult};
use crate::params::Params;
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::bounded_text;

/// Default page size (spec section 9: 10 per page).
pub const PAGE_SIZE: i64 = 10;

pub async fn query_by_object_id(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let object_id = params.required_text("objectId")?;
    bounded_text(&object_id, 128).map_err(|r| ApiError::invalid("objectId", r))?;
    let object_type = params.text("objectType")?.unwrap_or_default();
    bounded_text(&object_type, 64).map_err(|r| ApiError::invalid("objectType", r))?;
    let page = params.int_in("page", 1, 1_000_000, 1)?;
    let page_size = params.int_in("pageSize", 1, 100, PAGE_SIZE)?;
    let found =
        state.store.operations_by_object(current.user.org_id, &object_type, &object_id, page, page_size).await?;
    Ok(ApiOk::new(found))
}

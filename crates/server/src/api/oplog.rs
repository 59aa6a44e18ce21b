//! The operation log, read by object (`/lfscada/user/operationlog/queryByObjectId`).

use crate::AppState;
use crate::error::{ApiError, ApiOk, ApiResult};
use crate::params::Params;
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::bounded_text;

pub async fn query_by_object_id(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let object_id = params.required_text("objectId")?;
    bounded_text(&object_id, 128).map_err(|r| ApiError::invalid("objectId", r))?;
    let object_type = params.text("objectType")?.unwrap_or_default();
    bounded_text(&object_type, 64).map_err(|r| ApiError::invalid("objectType", r))?;
    let (page, page_size) = params.paging()?;
    let found =
        state.store.operations_by_object(current.user.org_id, &object_type, &object_id, page, page_size).await?;
    Ok(ApiOk::new(found))
}

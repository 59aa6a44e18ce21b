//! The operation log, read by object (`/lfscada/user/operationlog/queryByObjectId`).
//!
//! A sub-account limited to its granted equipment reads the log of an equipment, or of what hangs off one (a
//! signal, an alarm, a report), only when it sees that equipment; the log of its own account; and the log of the
//! organisation-wide objects (gateways, groups, scenes, projects, models, announcements). Anything else answers
//! as if absent, so the log does not tell what the account may not see.

use crate::AppState;
use crate::answers::{self, Listed};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Code;
use ironsight_domain::limits::{OPERATION_OBJECT_ID_CHARS, OPERATION_OBJECT_TYPE_CHARS};
use ironsight_domain::validate::bounded_text;

/// Object types of the whole organisation, whose log every account of it may read.
const ORG_WIDE_TYPES: &[&str] = &["gateway", "group", "scene", "project", "model", "announcement"];

pub async fn query_by_object_id(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let object_id = params.required_text("objectId")?;
    bounded_text(&object_id, OPERATION_OBJECT_ID_CHARS).map_err(|r| ApiError::invalid("objectId", r))?;
    let object_type = params.text("objectType")?.unwrap_or_default();
    bounded_text(&object_type, OPERATION_OBJECT_TYPE_CHARS).map_err(|r| ApiError::invalid("objectType", r))?;
    check_sight(&state, &current, &object_type, &object_id).await?;
    let (page, page_size) = params.paging()?;
    let found =
        state.store.operations_by_object(current.user.org_id, &object_type, &object_id, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answers::system::Operation::from)))
}

/// Refuses a sub-account the log of an object it cannot see (see the module docs).
async fn check_sight(
    state: &AppState,
    current: &CurrentUser,
    object_type: &str,
    object_id: &str,
) -> Result<(), ApiError> {
    let viewer = current.viewer();
    if !viewer.granted_only || ORG_WIDE_TYPES.contains(&object_type) {
        return Ok(());
    }
    let not_found = || ApiError::code(Code::EquipmentNotFound);
    let Ok(id) = object_id.trim().parse::<i64>() else { return Err(not_found()) };
    let seen = match object_type {
        "equipment" => state.store.equipment_visible(&viewer, id).await?,
        "signal" => state.store.owned_signal(&viewer, id).await?.is_some(),
        "alarm" => state.store.alarm_record(&viewer, id).await?.is_some(),
        "report" => state.store.report(&viewer, id).await?.is_some(),
        "user" | "user_config" => id == current.user.id,
        _ => false,
    };
    if seen { Ok(()) } else { Err(not_found()) }
}

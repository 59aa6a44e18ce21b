//! Per-user console settings (`/lfscada/user/config/query` and `/save`). The server keeps the document whole;
//! the console decides its fields.

use crate::AppState;
use crate::answers::account::UserConfig;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Reason;
use serde_json::{Map, Value};

/// Largest settings document, in bytes of JSON.
pub const MAX_CONFIG_BYTES: usize = 64 * 1024;

pub async fn query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let stored = state.store.user_config(current.user.id).await?;
    let config = stored.and_then(|text| serde_json::from_str::<Map<String, Value>>(&text).ok()).unwrap_or_default();
    Ok(ApiOk::new(UserConfig(config)))
}

pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let config = params.object("config")?.ok_or_else(|| ApiError::invalid("config", Reason::Required))?;
    let text = Value::Object(config).to_string();
    if text.len() > MAX_CONFIG_BYTES {
        return Err(ApiError::invalid("config", Reason::TooLong { max: MAX_CONFIG_BYTES }));
    }
    state.store.save_user_config(current.user.id, &text).await?;
    Ok(ApiOk::empty().audit("user_config", current.user.id))
}

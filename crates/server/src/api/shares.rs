//! Sharing of an equipment (`/lfscada/equipment/multi/share/*`): whether it is shared, its password and what a
//! visitor may do. The password follows the spec's rule (at least 4 letters or digits, `SharePassword`) and is
//! stored as an argon2id hash like account passwords, so the console can only learn whether one is set.
//! Changes need the manage permission; another organisation's equipment answers 1214.

use crate::AppState;
use crate::answers;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::SharePassword;
use ironsight_domain::{Code, Reason};
use ironsight_store::shares::SHARE_AUTHS;

fn not_found() -> ApiError {
    ApiError::code(Code::EquipmentNotFound)
}

/// `POST /lfscada/equipment/multi/share/info {equipId}` → `{equipId, enabled, hasPassword, auth}`.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let info = state.store.share_info(&current.viewer(), params.required_int("equipId")?).await?;
    info.map(|i| ApiOk::new(answers::message::ShareInfo::from(i))).ok_or_else(not_found)
}

/// `POST /lfscada/equipment/multi/share/editPwd {equipId, password}`: sets the password and turns sharing on.
pub async fn edit_password(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("equipId")?;
    let password = SharePassword::parse(&params.text("password")?.unwrap_or_default())
        .map_err(|r| ApiError::invalid("password", r))?;
    // Checked before hashing, so a call for a stranger's equipment costs no hash.
    if state.store.share_info(&current.viewer(), id).await?.is_none() {
        return Err(not_found());
    }
    let hash = crate::password::hash_blocking(password.as_str().to_owned()).await?;
    if !state.store.set_share_password(&current.viewer(), id, &hash).await? {
        return Err(not_found());
    }
    Ok(ApiOk::empty().audit("equipment", id))
}

/// `POST /lfscada/equipment/multi/share/editAuth {equipId, auth (view|control), enabled? (true|false)}`.
pub async fn edit_auth(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("equipId")?;
    let auth = params.required_text("auth")?;
    if !SHARE_AUTHS.contains(&auth.as_str()) {
        return Err(ApiError::invalid("auth", Reason::NotAllowed));
    }
    let enabled = params.flag("enabled")?;
    if !state.store.set_share_auth(&current.viewer(), id, &auth, enabled).await? {
        return Err(not_found());
    }
    Ok(ApiOk::empty().audit("equipment", id))
}

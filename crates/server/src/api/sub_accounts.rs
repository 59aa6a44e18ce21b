//! Sub-accounts of an organisation (`/lfscada/user/sub/*`), managed by its administrators.
//!
//! The spec shows roles (`roleId`, `roleType`) and a data range but not what they mean, nor a screen to manage
//! them; these calls are ours. An administrator (`roleType` `admin`) creates ordinary accounts, sets their
//! permission codes and data range (`all`: every equipment of the organisation; `authorised`: only the
//! equipment granted to them), grants equipment, resets passwords ("a superior administrator can reset
//! passwords") and disables accounts. Accounts are disabled, never deleted, so the log and the alarm
//! confirmations they made keep their name. Every call answers 1011 to anyone but an administrator, and 1217
//! for an account that is not a sub-account of the caller's organisation.

use crate::AppState;
use crate::answers::account::{GrantCount, GrantedEquipment, NewSubAccount, SubAccount};
use crate::error::ApiError;
use crate::live::AccessChange;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::{LoginName, NewPassword, email, telephone};
use ironsight_domain::{Code, Reason, permission};
use ironsight_store::access::{DATA_RANGE_ALL, DATA_RANGE_AUTHORISED, ROLE_USER};
use ironsight_store::users::{NewUser, SubAccountFields, User};
use serde_json::Value;

fn not_found() -> ApiError {
    ApiError::code(Code::SubAccountNotFound)
}

/// The sub-account `userId` of the caller's organisation.
async fn sub_account(state: &AppState, current: &CurrentUser, params: &Params) -> Result<User, ApiError> {
    state.store.sub_account(current.user.org_id, params.required_int("userId")?).await?.ok_or_else(not_found)
}

/// The permission codes at `auths` (an array or comma-separated text), each one of [`permission::ALL`].
fn auths(params: &Params) -> Result<Vec<String>, ApiError> {
    let codes: Vec<String> = match params.get("auths") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or_else(|| ApiError::invalid("auths", Reason::NotText))?,
        Some(Value::String(text)) => {
            text.split(',').map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned).collect()
        }
        Some(_) => return Err(ApiError::invalid("auths", Reason::NotText)),
    };
    if let Some(i) = codes.iter().position(|c| !permission::ALL.contains(&c.as_str())) {
        return Err(ApiError::invalid(format!("auths.{i}"), Reason::NotAllowed));
    }
    let mut unique: Vec<String> = Vec::with_capacity(codes.len());
    for code in codes {
        if !unique.contains(&code) {
            unique.push(code);
        }
    }
    Ok(unique)
}

/// The editable fields, validated: `tel`, `email`, `dataRange` (`all` or `authorised`, default `authorised`),
/// `auths`.
struct Fields {
    tel: String,
    email: String,
    data_range: String,
    auths: Vec<String>,
}

fn fields(params: &Params) -> Result<Fields, ApiError> {
    let tel = params.text("tel")?.unwrap_or_default();
    let tel = telephone(&tel).map_err(|r| ApiError::invalid("tel", r))?.to_owned();
    let mail = params.text("email")?.unwrap_or_default();
    let mail = email(&mail).map_err(|r| ApiError::invalid("email", r))?.to_owned();
    let data_range = match params.text("dataRange")?.as_deref().map(str::trim) {
        None | Some("") => DATA_RANGE_AUTHORISED.to_owned(),
        Some(range) if range == DATA_RANGE_ALL || range == DATA_RANGE_AUTHORISED => range.to_owned(),
        Some(_) => return Err(ApiError::invalid("dataRange", Reason::NotAllowed)),
    };
    Ok(Fields { tel, email: mail, data_range, auths: auths(params)? })
}

fn new_password(params: &Params) -> Result<NewPassword, ApiError> {
    NewPassword::parse(&params.text("password")?.unwrap_or_default()).map_err(|r| ApiError::invalid("password", r))
}

/// `POST /lfscada/user/sub/query` → the organisation's sub-accounts by login name.
pub async fn query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let list = state.store.sub_accounts(current.user.org_id).await?;
    Ok(ApiOk::new(list.iter().map(|(user, granted)| SubAccount::new(user, *granted)).collect::<Vec<_>>()))
}

/// `POST /lfscada/user/sub/add {loginname, password, tel, email, dataRange, auths}` → `{userId}`; 1201 when the
/// login name is taken (in any organisation: login names are global).
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let loginname = LoginName::parse(&params.text("loginname")?.unwrap_or_default())
        .map_err(|r| ApiError::invalid("loginname", r))?;
    let password = new_password(&params)?;
    let f = fields(&params)?;
    if state.store.user_by_loginname(loginname.as_str()).await?.is_some() {
        return Err(ApiError::code(Code::UserExists));
    }
    let hash = crate::password::hash_blocking(password.as_str().to_owned()).await?;
    let new = NewUser {
        loginname: loginname.as_str(),
        password_hash: &hash,
        org_id: current.user.org_id,
        role_type: ROLE_USER,
        data_range: &f.data_range,
        auths: &f.auths,
        tel: &f.tel,
        email: &f.email,
    };
    let id = state.store.create_user(&new).await?.ok_or_else(|| ApiError::code(Code::UserExists))?;
    Ok(ApiOk::new(NewSubAccount { user_id: id }).audit("user", id))
}

/// `POST /lfscada/user/sub/edit {userId, tel, email, dataRange, auths}`.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("userId")?;
    let f = fields(&params)?;
    let changes = SubAccountFields { tel: &f.tel, email: &f.email, data_range: &f.data_range, auths: &f.auths };
    if !state.store.edit_sub_account(current.user.org_id, id, &changes).await? {
        return Err(not_found());
    }
    account_changed(&state, id);
    Ok(ApiOk::empty().audit("user", id))
}

/// Open live sockets of the account re-check at once: its sessions may have ended or its sight narrowed.
fn account_changed(state: &AppState, user_id: i64) {
    state.live.access_changed(AccessChange::Account(user_id));
}

/// `POST /lfscada/user/sub/resetPwd {userId, password, forceChange}`: a new password (the spec's rule); the
/// account's sessions end. With `forceChange` the account must choose its own password at its next login before
/// any other call answers (1330; docs/security.md).
pub async fn reset_password(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let password = new_password(&params)?;
    let force_change = params.flag("forceChange")?.unwrap_or(false);
    let user = sub_account(&state, &current, &params).await?;
    let hash = crate::password::hash_blocking(password.as_str().to_owned()).await?;
    state.store.reset_password(user.id, &hash).await?;
    state.store.set_must_change_password(user.id, force_change).await?;
    account_changed(&state, user.id);
    Ok(ApiOk::empty().audit("user", user.id))
}

/// `POST /lfscada/user/sub/disable {userId, disabled (true|false)}`: disabling ends the account's sessions.
pub async fn disable(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("userId")?;
    let disabled = params.flag("disabled")?.ok_or_else(|| ApiError::invalid("disabled", Reason::Required))?;
    if !state.store.set_sub_account_disabled(current.user.org_id, id, disabled).await? {
        return Err(not_found());
    }
    account_changed(&state, id);
    Ok(ApiOk::empty().audit("user", id))
}

/// `POST /lfscada/user/sub/equipment {userId}` → `{equipmentIds}`: the equipment granted to the account.
pub async fn granted(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let user = sub_account(&state, &current, &params).await?;
    Ok(ApiOk::new(GrantedEquipment { equipment_ids: state.store.granted_equipment(user.id).await? }))
}

/// `POST /lfscada/user/sub/authorise {userId, equipmentIds}` → `{count}`: replaces the account's grants. `equipmentIds`
/// may be empty (nothing granted); an id that is not an equipment of the organisation is refused (1214) and
/// nothing changes.
pub async fn authorise(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let user = sub_account(&state, &current, &params).await?;
    let empty = match params.get("equipmentIds") {
        None | Some(Value::Null) => true,
        Some(Value::String(text)) => text.trim().is_empty(),
        Some(Value::Array(items)) => items.is_empty(),
        Some(_) => false,
    };
    let mut ids = if empty { Vec::new() } else { params.id_list("equipmentIds")? };
    ids.sort_unstable();
    ids.dedup();
    let count = state
        .store
        .set_granted_equipment(current.user.org_id, user.id, &ids)
        .await?
        .ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    account_changed(&state, user.id);
    Ok(ApiOk::new(GrantCount { count }).audit("user", user.id))
}

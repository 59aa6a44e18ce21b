//! The public share view (docs/share.md): a visitor with the share link and its password sees ONE equipment's
//! realtime values and, where the share's authority is `control`, writes them, without an account.
//!
//! `share/open` checks the password (argon2, counted per address and per equipment before it is checked, as
//! login: `login_guard`) and opens a share session: its own random token, its own table and its own cookie
//! (`share_session`, HttpOnly, SameSite=Strict, sent only to `/lfscada/share/…`), never a user session, so it
//! reaches no console call and a console session reaches none of these. Every later call names the equipment it
//! is about and is refused unless it is the session's (1214, as a stranger's equipment), and unless the share is
//! still on under the generation the session was opened with (1343): turning sharing off, or a new password or
//! authority, revokes every visitor on their next call. An unknown equipment, sharing off, no password and a
//! wrong password all answer 1342, after the same argon2 work.

use crate::AppState;
use crate::answers::share::{ShareVisit, SharedEquipment};
use crate::answers::signal::SignalEntry;
use crate::api::monitor::{command_outcome, latest_frame, write_signal};
use crate::error::ApiError;
use crate::login_guard;
use crate::params::Params;
use crate::password;
use crate::response::{ApiOk, ApiResult};
use crate::session::{self, ClientAddr};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use ironsight_domain::{Code, Reason};
use ironsight_store::access::Viewer;
use ironsight_store::now_ms;
use ironsight_store::share_sessions::ShareScope;

/// The visitor's cookie.
pub const SHARE_COOKIE: &str = "share_session";
/// Where the cookie is sent: the share calls only.
const SHARE_COOKIE_PATH: &str = "/lfscada/share";
/// A share session ends after this long without a call.
pub const SHARE_IDLE_MS: i64 = 2 * 3_600_000;
/// A session's last-seen time is written at most this often.
const TOUCH_EVERY_MS: i64 = 60_000;

/// The throttle's subject for an equipment's share (its own namespace beside login names).
fn throttle_key(equipment_id: i64) -> String {
    format!("share:{equipment_id}")
}

fn share_cookie(value: &str, max_age_s: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SHARE_COOKIE}={value}; Path={SHARE_COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age={max_age_s}{secure}"
    ))
    .expect("cookie values are URL-safe tokens")
}

/// `POST /lfscada/share/open {equipId, password}` → `{equipId, equipName, auth}` and the share cookie.
pub async fn open(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    params: Params,
) -> ApiResult {
    let equipment_id = params.required_int("equipId")?;
    let given = params.text("password")?.unwrap_or_default();
    if given.is_empty() {
        return Err(ApiError::invalid("password", Reason::Required));
    }
    // A password longer than any share password is wrong without hashing it (no free argon2 work on megabytes).
    let given = (given.chars().count() <= 64).then_some(given);
    let now = now_ms();
    state.store.purge_share_sessions(now).await?;
    let attempt = login_guard::begin(&state, &throttle_key(equipment_id), &address, false, now).await?;
    let secret = state.store.share_secret(equipment_id).await?;
    let usable = secret.as_ref().filter(|s| s.enabled).and_then(|s| s.password_hash.clone());
    let stored = usable.clone().unwrap_or_else(|| state.dummy_hash.as_str().to_owned());
    let matches = password::verify_blocking(given.clone().unwrap_or_default(), stored)
        .await
        .map_err(|_| login_guard::throttled_for(60_000))?;
    let (Some(secret), true, Some(_), Some(_)) = (secret, matches, usable, given) else {
        return Err(ApiError::code(Code::ShareRefused));
    };
    attempt.succeeded(&state.store).await?;
    let token = session::new_token();
    let hash = session::token_hash(&token);
    state.store.create_share_session(&hash, &secret, now, now + SHARE_IDLE_MS, &address).await?;
    let scope = state.store.share_session(&hash, now).await?.ok_or_else(|| ApiError::code(Code::ShareRefused))?;
    let cookie = share_cookie(&token, 24 * 3600, session::cookies_secure(&state, &headers));
    Ok(ApiOk::new(ShareVisit { equip_id: scope.equipment_id, equip_name: scope.equip_name, auth: scope.auth })
        .header(header::SET_COOKIE, cookie))
}

/// The visitor's scope, for the equipment `equipId` names: 1343 without a share session that still holds, 1214
/// when the session is another equipment's.
pub(crate) async fn visitor(
    state: &AppState,
    headers: &HeaderMap,
    params: &Params,
) -> Result<(ShareScope, String), ApiError> {
    let equipment_id = params.required_int("equipId")?;
    let hash = session::cookie(headers, SHARE_COOKIE)
        .map(|token| session::token_hash(&token))
        .ok_or_else(|| ApiError::code(Code::ShareSessionLost))?;
    let now = now_ms();
    let scope = state.store.share_session(&hash, now).await?.ok_or_else(|| ApiError::code(Code::ShareSessionLost))?;
    if scope.equipment_id != equipment_id {
        return Err(ApiError::code(Code::EquipmentNotFound));
    }
    if now - scope.last_seen_ms >= TOUCH_EVERY_MS {
        state.store.touch_share_session(&hash, now, now + SHARE_IDLE_MS).await?;
    }
    Ok((scope, hash))
}

/// `GET /lfscada/share/info?equipId=` → the equipment's name, the visitor's authority and its signals. The
/// reads are GETs: a visitor's page polls them, and a GET writes no operation-log row.
pub async fn info(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    let viewer = Viewer::server(scope.org_id);
    let signals = state.store.signals(&viewer, scope.equipment_id).await?.unwrap_or_default();
    let signals = signals.iter().map(|s| SignalEntry::new(s, scope.equipment_id, &scope.equip_name)).collect();
    let visit = ShareVisit { equip_id: scope.equipment_id, equip_name: scope.equip_name, auth: scope.auth };
    Ok(ApiOk::new(SharedEquipment { visit, signals }))
}

/// `GET /lfscada/share/values?equipId=` → the latest values and alarm states, as `monitor/multi/signal/data`.
pub async fn values(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    Ok(ApiOk::new(latest_frame(&state, scope.equipment_id).await?))
}

/// `POST /lfscada/share/write {equipId, signalId, value}` → `{online, uuid}`: only under `control` (1344), only a
/// signal of the session's equipment (field error otherwise), through the monitor's write path.
pub async fn write(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    if scope.auth != "control" {
        return Err(ApiError::code(Code::ShareViewOnly));
    }
    let signal_id = params.required_int("signalId")?;
    let owned = state.store.owned_signal(&Viewer::server(scope.org_id), signal_id).await?;
    let owned = owned
        .filter(|o| o.equipment_id == scope.equipment_id)
        .ok_or_else(|| ApiError::invalid("signalId", Reason::NotAllowed))?;
    let value = params.float("value")?.ok_or_else(|| ApiError::invalid("value", Reason::Required))?;
    write_signal(&state, scope.org_id, 0, &owned, value).await
}

/// `POST /lfscada/share/callback {equipId, uuid}` → a write's outcome, as `equipment/multi/callback`; only a
/// command on the session's equipment.
pub async fn callback(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (scope, _) = visitor(&state, &headers, &params).await?;
    let uuid = params.required_text("uuid")?;
    let record = state.store.command(&Viewer::server(scope.org_id), uuid.trim()).await?;
    let record = record
        .filter(|r| r.equipment_id == scope.equipment_id)
        .ok_or_else(|| ApiError::invalid("uuid", Reason::NotAllowed))?;
    Ok(ApiOk::new(command_outcome(&record)))
}

/// `POST /lfscada/share/close {equipId}`: ends the visitor's session and clears its cookie.
pub async fn close(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (_, hash) = visitor(&state, &headers, &params).await?;
    state.store.end_share_session(&hash).await?;
    let cookie = share_cookie("", 0, session::cookies_secure(&state, &headers));
    Ok(ApiOk::empty().header(header::SET_COOKIE, cookie))
}

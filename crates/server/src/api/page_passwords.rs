//! Page passwords (spec section 3, `checkpwd` and `password`): the designer sets or removes one, the viewer asks
//! for it. The rule is the sharing password's (4 to 32 letters or digits); the hash is argon2id through the bounded
//! pool, like every person's password, and wrong guesses are counted per user and page like logins.

use crate::AppState;
use crate::error::ApiError;
use crate::login_guard::throttled_for as throttled;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::SharePassword;
use ironsight_domain::{Code, Reason};

/// Wrong passwords one user may give for one page within [`GUESS_WINDOW_MS`].
const GUESSES: i64 = 5;
const GUESS_WINDOW_MS: i64 = 15 * 60 * 1000;
const THROTTLE_SCOPE: &str = "page_password";

/// `POST /lfscada/configuration/page/setPassword {id, password}`: sets the page's password, or removes it when
/// `password` is empty; either way every session has to give the new one. Needs the manage permission.
pub async fn set_password(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let raw = params.text("password")?.unwrap_or_default();
    let hash = if raw.is_empty() {
        None
    } else {
        let password = SharePassword::parse(&raw).map_err(|reason| ApiError::invalid("password", reason))?;
        Some(crate::password::hash_blocking(password.as_str().to_owned()).await?)
    };
    if !state.store.set_page_password(&current.viewer(), id, hash.as_deref()).await? {
        return Err(ApiError::code(Code::PageNotFound));
    }
    Ok(ApiOk::empty().audit("page", id))
}

/// `POST /lfscada/configuration/page/validPassword {id, password}`: checks the password of a protected page; when
/// right, this session's viewer opens the page from now on (`page/info`). A page without a password needs none.
pub async fn valid_password(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let password = params.text("password")?.unwrap_or_default();
    if password.is_empty() {
        return Err(ApiError::invalid("password", Reason::Required));
    }
    let hash = state
        .store
        .page_password_hash(&current.viewer(), id)
        .await?
        .ok_or_else(|| ApiError::code(Code::PageNotFound))?;
    let Some(hash) = hash else { return Ok(ApiOk::empty()) };
    let subject = format!("{}:{id}", current.user.id);
    let now = ironsight_store::now_ms();
    let attempt = state.store.reserve_login_attempt(THROTTLE_SCOPE, &subject, now, GUESS_WINDOW_MS).await?;
    if attempt.failures > GUESSES {
        state.store.release_login_attempt(THROTTLE_SCOPE, &subject).await?;
        let left_ms = attempt.window_start_ms + GUESS_WINDOW_MS - now;
        return Err(throttled(left_ms));
    }
    let right = crate::password::verify_blocking(password, hash).await.map_err(|_| throttled(60_000))?;
    if !right {
        return Err(ApiError::code(Code::PagePasswordWrong));
    }
    state.store.clear_login_failures(THROTTLE_SCOPE, &subject).await?;
    state.store.unlock_page(&current.token_hash, id).await?;
    Ok(ApiOk::empty())
}

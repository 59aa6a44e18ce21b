//! Session and account calls: captcha, login, user info, logout.
//!
//! Login errors: "username does not exist" (1005) is never answered by login. Telling a stranger which account
//! names exist helps them guess passwords, so an unknown name gets the same answer as a wrong password (1002),
//! after the same argon2 work, so timing does not tell either. 1005 stays in the catalogue for the password
//! recovery wizard, where the spec's flow must say so.

use crate::AppState;
use crate::answers::account::{Captcha, UserInfo};
use crate::captcha;
use crate::error::ApiError;
use crate::live::AccessChange;
use crate::login_guard;
use crate::params::Params;
use crate::password;
use crate::response::{ApiOk, ApiResult};
use crate::session::{self, ClientAddr, CurrentUser, SESSION_COOKIE, VCODE_COOKIE};
use axum::extract::State;
use axum::http::{HeaderMap, header};
use ironsight_domain::validate::{LoginName, LoginPassword};
use ironsight_domain::{Code, Reason};
use ironsight_store::now_ms;

/// How long a captcha answer stays valid (spec: verification codes are valid for 10 minutes).
pub const CAPTCHA_TTL_MS: i64 = 10 * 60_000;

/// `POST /lfscada/user/showVcode`: a new captcha image; the answer stays on the server, named by a cookie.
pub async fn show_vcode(State(state): State<AppState>, headers: HeaderMap) -> ApiResult {
    let drawn = captcha::generate();
    let id = session::new_token();
    let now = now_ms();
    state.store.purge_captchas(now).await?;
    state.store.put_captcha(&id, &drawn.answer, now + CAPTCHA_TTL_MS).await?;
    let cookie =
        session::set_cookie(VCODE_COOKIE, &id, CAPTCHA_TTL_MS / 1000, session::cookies_secure(&state, &headers));
    Ok(ApiOk::new(Captcha { image: drawn.data_url, expires_in: CAPTCHA_TTL_MS / 1000 })
        .header(header::SET_COOKIE, cookie))
}

/// `POST /lfscada/user/login?loginname=&password=&vcode=`.
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    params: Params,
) -> ApiResult {
    let loginname =
        LoginName::parse(&params.text("loginname")?.unwrap_or_default()).map_err(|reason| match reason {
            Reason::Required => ApiError::code(Code::UsernameRequired),
            reason => ApiError::invalid("loginname", reason),
        })?;
    let password =
        LoginPassword::parse(&params.text("password")?.unwrap_or_default()).map_err(|reason| match reason {
            Reason::Required => ApiError::code(Code::PasswordRequired),
            reason => ApiError::invalid("password", reason),
        })?;
    let vcode = params.text("vcode")?.unwrap_or_default();
    if state.config.captcha && vcode.trim().is_empty() {
        return Err(ApiError::code(Code::VcodeRequired));
    }
    let account_key = loginname.as_str().to_lowercase();
    let now = now_ms();
    if state.config.captcha {
        let shown = match session::cookie(&headers, VCODE_COOKIE) {
            Some(id) => state.store.take_captcha(&id).await?,
            None => None,
        };
        match shown {
            Some((answer, expires)) if expires > now && captcha::matches(&vcode, &answer) => {}
            _ => return Err(ApiError::code(Code::VcodeInvalid)),
        }
    }
    // Counted before the password is checked (login_guard), so parallel guesses cannot slip under the limit.
    let attempt = login_guard::begin(&state, &account_key, &address, state.config.captcha, now).await?;
    let user = state.store.user_by_loginname(loginname.as_str()).await?;
    let stored = user.as_ref().map(|u| u.password_hash.clone()).unwrap_or_else(|| state.dummy_hash.as_str().to_owned());
    let password_ok = password::verify_blocking(password.as_str().to_owned(), stored).await.map_err(|_| busy())?;
    let Some(user) = user.filter(|_| password_ok) else {
        return Err(ApiError::code(Code::BadCredentials));
    };
    attempt.succeeded(&state.store).await?;
    // Said only to whoever knows the password, so it tells a stranger nothing.
    if user.disabled {
        return Err(ApiError::code(Code::AccountDisabled));
    }
    if let Some(old) = session::cookie(&headers, SESSION_COOKIE) {
        let old = session::token_hash(&old);
        state.store.end_session(&old, now).await?;
        state.live.access_changed(AccessChange::Session(old));
    }
    let token = session::new_token();
    let idle_ms = session::idle_ms(&state, user.org_id).await?;
    state.store.create_session(&session::token_hash(&token), user.id, now, now + idle_ms, &address).await?;
    let secure = session::cookies_secure(&state, &headers);
    // The cookie outlives any idle expiry; the server decides when the session ends.
    let cookie = session::set_cookie(SESSION_COOKIE, &token, 30 * 24 * 3600, secure);
    let spent_captcha = session::set_cookie(VCODE_COOKIE, "", 0, secure);
    Ok(ApiOk::new(UserInfo::from(&user))
        .header(header::SET_COOKIE, cookie)
        .header(header::SET_COOKIE, spent_captcha)
        .audit_user(user.id, &user.loginname))
}

/// The argon2 pool is full (a flood of logins): the throttle code, try again in a minute.
fn busy() -> ApiError {
    ApiError::Business(Code::LoginThrottled, vec![("minutes", "1".to_owned())])
}

/// `GET /lfscada/user/info?t=`: the signed-in user (1010 or 1006 come from the session layer).
pub async fn info(current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(UserInfo::from(&current.user)))
}

/// `POST /lfscada/user/logout`: ends the session; later calls with the same cookie answer 1006.
pub async fn logout(State(state): State<AppState>, headers: HeaderMap, current: CurrentUser) -> ApiResult {
    state.store.end_session(&current.token_hash, now_ms()).await?;
    state.live.access_changed(AccessChange::Session(current.token_hash.clone()));
    let cookie = session::set_cookie(SESSION_COOKIE, "", 0, session::cookies_secure(&state, &headers));
    Ok(ApiOk::empty().header(header::SET_COOKIE, cookie).audit("user", current.user.id))
}

//! Session cookies and the signed-in user.
//!
//! A session token is 32 random bytes sent only in an HttpOnly, SameSite=Lax cookie; the database keeps its
//! SHA-256, so the stored rows cannot be replayed. No cookie, or a token the server never issued, is 1010 (not
//! logged in); a token that was logged out or sat idle past its expiry is 1006 (session lost), so the console can
//! tell "please log in" from "you were logged out".

use crate::AppState;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Request, header};
use base64::Engine;
use ironsight_domain::Code;
use ironsight_store::access::Viewer;
use ironsight_store::{now_ms, users::User};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::net::SocketAddr;

/// The session cookie.
pub const SESSION_COOKIE: &str = "ironsight_session";
/// The cookie naming the captcha this browser was shown.
pub const VCODE_COOKIE: &str = "ironsight_vcode";
/// A session's last-seen time is written at most this often, so reads do not turn into writes.
const TOUCH_EVERY_MS: i64 = 60_000;

/// A new random token, URL-safe.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database stores for a token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The value of cookie `name`, if sent.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers.get_all(header::COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';')).find_map(|pair| {
        let (k, v) = pair.trim().split_once('=')?;
        (k == name && !v.is_empty()).then(|| v.to_owned())
    })
}

/// A `Set-Cookie` value: HttpOnly, SameSite=Lax, whole site; `max_age_s` of 0 deletes it.
pub fn set_cookie(name: &str, value: &str, max_age_s: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_s}{secure}"))
        .expect("cookie values are URL-safe tokens")
}

/// True when cookies for this request should carry `Secure`.
pub fn cookies_secure(state: &AppState, headers: &HeaderMap) -> bool {
    state.config.cookie_secure
        || (state.config.trust_proxy && headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok()) == Some("https"))
}

/// The caller's address: the peer, or the first `X-Forwarded-For` entry when the proxy is trusted.
#[derive(Clone, Debug)]
pub struct ClientAddr(pub String);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<ClientAddr, ApiError> {
        Ok(ClientAddr(client_addr(parts, state)))
    }
}

fn client_addr(parts: &Parts, state: &AppState) -> String {
    address_from(&parts.headers, &parts.extensions, state)
}

/// The caller's address of a whole request (for layers, which hold the request rather than its parts).
pub fn client_addr_of(request: &Request<axum::body::Body>, state: &AppState) -> String {
    address_from(request.headers(), request.extensions(), state)
}

fn address_from(headers: &HeaderMap, extensions: &axum::http::Extensions, state: &AppState) -> String {
    // The last entry is the one our proxy appended; anything before it was written by the client and could name
    // any address (a guesser would change it every try to dodge the per-address count).
    let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
    if let Some(last) = forwarded.filter(|_| state.config.trust_proxy).and_then(|f| f.rsplit(',').next()).map(str::trim)
        && !last.is_empty()
    {
        return last.chars().take(64).collect();
    }
    extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip().to_string()).unwrap_or_default()
}

/// The signed-in user of a request, placed by [`require_session`].
#[derive(Clone, Debug)]
pub struct CurrentUser {
    pub user: User,
    /// Hash of the session token, to end the session at logout.
    pub token_hash: String,
}

impl CurrentUser {
    /// Which equipment this user may see (per-device authorisation): every store call that reads or changes
    /// equipment takes it.
    pub fn viewer(&self) -> Viewer {
        self.user.viewer()
    }

    /// Refuses with 1011 (no permission) unless the user's `auths` holds `permission`.
    pub fn require(&self, permission: &str) -> Result<(), ApiError> {
        if ironsight_domain::permission::has(&self.user.auths, permission) {
            Ok(())
        } else {
            Err(ApiError::code(Code::NoPermission))
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<CurrentUser, ApiError> {
        parts.extensions.get::<CurrentUser>().cloned().ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("route reads the user but is not marked as needing a session"))
        })
    }
}

/// The outcome of looking a request's session up.
pub enum SessionLookup {
    Valid(Box<CurrentUser>),
    /// 1010.
    NotLoggedIn,
    /// 1006.
    Lost,
}

/// How long an idle session of the organisation lives: its administrator's system setting, else the deployment's
/// `--session-idle-minutes` (docs/account.md). Read when a session starts and each time it slides, so a change
/// applies to every session from its next activity.
pub async fn idle_ms(state: &AppState, org_id: i64) -> anyhow::Result<i64> {
    let minutes = state.store.org_settings(org_id).await?.session_minutes;
    Ok(if minutes > 0 { minutes * 60_000 } else { state.config.session_idle_ms })
}

/// Finds the session a request's cookie names, sliding its idle expiry.
pub async fn lookup(state: &AppState, headers: &HeaderMap) -> anyhow::Result<SessionLookup> {
    let Some(token) = cookie(headers, SESSION_COOKIE) else {
        return Ok(SessionLookup::NotLoggedIn);
    };
    let hash = token_hash(&token);
    let Some(session) = state.store.session(&hash).await? else {
        return Ok(SessionLookup::NotLoggedIn);
    };
    let now = now_ms();
    if session.ended_ms.is_some() || session.expires_ms <= now {
        return Ok(SessionLookup::Lost);
    }
    // A disabled account's sessions are ended when it is disabled; the check here also covers a session that
    // raced that.
    let Some(user) = state.store.user(session.user_id).await?.filter(|u| !u.disabled) else {
        return Ok(SessionLookup::Lost);
    };
    if now - session.last_seen_ms >= TOUCH_EVERY_MS {
        state.store.touch_session(&hash, now, now + idle_ms(state, user.org_id).await?).await?;
    }
    Ok(SessionLookup::Valid(Box::new(CurrentUser { user, token_hash: hash })))
}

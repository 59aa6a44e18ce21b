//! Password recovery (`/lfscada/findpwd/*`, the console's `/findpwd` wizard), for someone who cannot log in:
//! account → how to prove it (the methods set up) → a code to the verified phone or e-mail, or the security
//! answer → a new password. Every call is public, so each is bounded:
//! - `account` needs the login captcha (one try per captcha) and counts against the caller's address
//!   ([`ADDRESS_MAX`] lookups per [`crate::login_guard::FAILURE_WINDOW_MS`]), like login;
//! - it answers "username does not exist" (1005), the spec's step: who solves a captcha for each name learns
//!   which names exist, at the login's pace (docs/security.md, "Password recovery");
//! - the recovery is a random ticket in an HttpOnly cookie, its hash kept on the server for [`TICKET_TTL_MS`]; it
//!   takes [`TICKET_MAX_ATTEMPTS`] wrong answers, then it is gone; codes have their own tries and resend limits;
//! - the new password needs a ticket whose check passed, uses it up, and ends every session of the account.

use super::security_codes::{self as codes, Purpose};
use crate::AppState;
use crate::answers::account::{Proven, RecoveryMethods};
use crate::error::ApiError;
use crate::live::AccessChange;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::{self, ClientAddr, VCODE_COOKIE};
use axum::extract::State;
use axum::http::{HeaderMap, header};
use ironsight_domain::validate::LoginName;
use ironsight_domain::{Code, Reason};
use ironsight_store::now_ms;
use ironsight_store::security::{Contact, Ticket};
use ironsight_store::users::User;

/// The recovery cookie.
pub const RECOVERY_COOKIE: &str = "ironsight_recovery";
/// How long a recovery lasts from the account step.
pub const TICKET_TTL_MS: i64 = 15 * 60_000;
/// Wrong security answers one recovery takes.
pub const TICKET_MAX_ATTEMPTS: i64 = 5;
/// Account lookups one address may make in the login's window.
pub const ADDRESS_MAX: i64 = 20;

/// `POST /lfscada/findpwd/account {loginname, vcode}` → the methods set up; sets the recovery cookie.
pub async fn account(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    params: Params,
) -> ApiResult {
    let loginname = LoginName::parse(&params.text("loginname")?.unwrap_or_default()).map_err(|r| match r {
        Reason::Required => ApiError::code(Code::UsernameRequired),
        r => ApiError::invalid("loginname", r),
    })?;
    let vcode = params.text("vcode")?.unwrap_or_default();
    let now = now_ms();
    if state.config.captcha {
        if vcode.trim().is_empty() {
            return Err(ApiError::code(Code::VcodeRequired));
        }
        let shown = match session::cookie(&headers, VCODE_COOKIE) {
            Some(id) => state.store.take_captcha(&id).await?,
            None => None,
        };
        match shown {
            Some((answer, expires)) if expires > now && crate::captcha::matches(&vcode, &answer) => {}
            _ => return Err(ApiError::code(Code::VcodeInvalid)),
        }
    }
    let window = crate::login_guard::FAILURE_WINDOW_MS;
    let lookups = state.store.reserve_login_attempt("recover-address", &address, now, window).await?;
    if lookups.failures > ADDRESS_MAX {
        return Err(crate::login_guard::throttled_for(lookups.window_start_ms + window - now));
    }
    let user =
        state.store.user_by_loginname(loginname.as_str()).await?.ok_or_else(|| ApiError::code(Code::UserNotFound))?;
    if user.disabled {
        return Err(ApiError::code(Code::AccountDisabled));
    }
    let token = session::new_token();
    state.store.put_ticket(&session::token_hash(&token), user.id, now, now + TICKET_TTL_MS).await?;
    let smtp_ready = state.store.smtp_settings(user.org_id).await?.is_some();
    let methods = RecoveryMethods {
        tel: codes::verified_address(&user, Contact::Tel)
            .filter(|_| state.config.sms.is_some())
            .map(|tel| codes::mask(Contact::Tel, tel)),
        email: codes::verified_address(&user, Contact::Email)
            .filter(|_| smtp_ready)
            .map(|email| codes::mask(Contact::Email, email)),
        question: (!user.answer_hash.is_empty()).then(|| user.question.clone()),
        expires_in: TICKET_TTL_MS / 1000,
    };
    let secure = session::cookies_secure(&state, &headers);
    Ok(ApiOk::new(methods)
        .header(header::SET_COOKIE, session::set_cookie(RECOVERY_COOKIE, &token, TICKET_TTL_MS / 1000, secure))
        .header(header::SET_COOKIE, session::set_cookie(VCODE_COOKIE, "", 0, secure)))
}

/// The recovery the cookie names, unexpired, and its account (enabled): 1329 otherwise.
async fn recovery(state: &AppState, headers: &HeaderMap) -> Result<(String, Ticket, User), ApiError> {
    let expired = || ApiError::code(Code::RecoveryExpired);
    let token = session::cookie(headers, RECOVERY_COOKIE).ok_or_else(expired)?;
    let hash = session::token_hash(&token);
    let ticket = state.store.ticket(&hash).await?.filter(|t| t.expires_ms > now_ms()).ok_or_else(expired)?;
    let user = state.store.user(ticket.user_id).await?.filter(|u| !u.disabled).ok_or_else(expired)?;
    Ok((hash, ticket, user))
}

/// `POST /lfscada/findpwd/sendCode {channel: tel|email}`: a code to the account's verified phone or e-mail.
pub async fn send_code(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let contact = codes::channel(&params, "channel")?;
    let (_, _, user) = recovery(&state, &headers).await?;
    let address =
        codes::verified_address(&user, contact).ok_or_else(|| ApiError::code(Code::ContactNotVerified))?.to_owned();
    codes::send(&state, &user, contact, &address, Purpose::Recover, crate::response::request_lang()).await?;
    Ok(ApiOk::new(super::security::code_sent(&state, contact, &address)))
}

/// `POST /lfscada/findpwd/verify {method: tel|email|question, code, answer}`: the identity check of the recovery.
pub async fn verify(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (hash, ticket, user) = recovery(&state, &headers).await?;
    match params.text("method")?.as_deref().map(str::trim) {
        Some("question") => {
            let answer = codes::question_answer(&user, &params)?;
            // Counted before the argon2 work, so parallel guesses cannot pass the limit.
            if ticket.attempts >= TICKET_MAX_ATTEMPTS
                || !state.store.count_ticket_attempt(&hash, TICKET_MAX_ATTEMPTS).await?
            {
                return Err(ApiError::code(Code::RecoveryExpired));
            }
            let right = crate::password::verify_blocking(answer, user.answer_hash.clone())
                .await
                .map_err(|_| crate::login_guard::throttled_for(60_000))?;
            if !right {
                return Err(ApiError::code(Code::SecurityAnswerWrong));
            }
        }
        Some(method @ ("tel" | "email")) => {
            let contact = if method == "tel" { Contact::Tel } else { Contact::Email };
            let to = codes::verified_address(&user, contact).ok_or_else(|| ApiError::code(Code::ContactNotVerified))?;
            let code = params.text("code")?.unwrap_or_default();
            codes::check(&state, user.id, contact, to, Purpose::Recover, &code).await?;
        }
        None | Some("") => return Err(ApiError::invalid("method", Reason::Required)),
        Some(_) => return Err(ApiError::invalid("method", Reason::OneOf { allowed: &["tel", "email", "question"] })),
    }
    state.store.verify_ticket(&hash).await?;
    let left = (ticket.expires_ms - now_ms()).max(0) / 1000;
    Ok(ApiOk::new(Proven { expires_in: left }))
}

/// `POST /lfscada/findpwd/password {password}`: the new password; the recovery is used up and every session of
/// the account ends.
pub async fn password(State(state): State<AppState>, headers: HeaderMap, params: Params) -> ApiResult {
    let (hash, ticket, user) = recovery(&state, &headers).await?;
    if !ticket.verified {
        return Err(ApiError::code(Code::IdentityNotProven));
    }
    let new_hash = super::security::new_password(&params, "password", &user.password_hash).await?;
    let now = now_ms();
    if state.store.take_verified_ticket(&hash, now).await? != Some(user.id) {
        return Err(ApiError::code(Code::RecoveryExpired));
    }
    state.store.change_password(user.id, &new_hash, None, now).await?;
    state.live.access_changed(AccessChange::Account(user.id));
    let cookie = session::set_cookie(RECOVERY_COOKIE, "", 0, session::cookies_secure(&state, &headers));
    Ok(ApiOk::empty().header(header::SET_COOKIE, cookie).audit_user(user.id, &user.loginname))
}

//! The account's own security (`/lfscada/user/security/*`, the console's `/account/security/{sms,nosms}` and its
//! set-up wizard): every change first proves who is at the keyboard, by the current password, a code to the
//! account's verified phone or e-mail, or the security answer. The proof is held on the server for this session
//! only, 10 minutes ([`PROOF_TTL_MS`]); then the password, phone, e-mail and question may change. A password or
//! answer guess is counted like a login's (crate::login_guard), so the wizard is no way around the login's
//! throttle. A changed password ends the account's other sessions.

use super::security_codes::{self as codes, Purpose};
use crate::AppState;
use crate::answers::account::{CodeSent, Proven, SecurityState};
use crate::error::ApiError;
use crate::live::AccessChange;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::{ClientAddr, CurrentUser};
use axum::extract::State;
use ironsight_domain::limits::SECURITY_QUESTION_CHARS;
use ironsight_domain::validate::{LoginPassword, NewPassword};
use ironsight_domain::{Code, Reason};
use ironsight_store::now_ms;
use ironsight_store::security::Contact;
use ironsight_store::users::User;

/// How long a proven identity lets the wizard change things.
pub const PROOF_TTL_MS: i64 = 10 * 60_000;

/// `POST /lfscada/user/security/state` → what is set up, masked.
pub async fn state(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let user = &current.user;
    let proven = state.store.has_proof(&current.token_hash, user.id, now_ms()).await?;
    Ok(ApiOk::new(SecurityState {
        password_set: true,
        tel: codes::mask(Contact::Tel, &user.tel),
        tel_verified: user.tel_verified,
        email: codes::mask(Contact::Email, &user.email),
        email_verified: user.email_verified,
        question_set: !user.answer_hash.is_empty(),
        question: user.question.clone(),
        sms_available: state.config.sms.is_some(),
        must_change_password: user.must_change_password,
        proof_expires_in: if proven { PROOF_TTL_MS / 1000 } else { 0 },
    }))
}

/// `POST /lfscada/user/security/sendCode {purpose: identity|bind, channel: tel|email, address}`: a code to the
/// account's verified address (identity), or, once the identity is proven, to a new address to bind.
pub async fn send_code(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let contact = codes::channel(&params, "channel")?;
    let purpose = match params.text("purpose")?.as_deref().map(str::trim) {
        Some("identity") => Purpose::Identity,
        Some("bind") => Purpose::Bind,
        None | Some("") => return Err(ApiError::invalid("purpose", Reason::Required)),
        Some(_) => return Err(ApiError::invalid("purpose", Reason::OneOf { allowed: &["identity", "bind"] })),
    };
    let address = match purpose {
        Purpose::Bind => {
            let address = codes::new_address(&params, contact, "address")?;
            require_proof(&state, &current).await?;
            address
        }
        _ => codes::verified_address(&current.user, contact)
            .ok_or_else(|| ApiError::code(Code::ContactNotVerified))?
            .to_owned(),
    };
    codes::send(&state, &current.user, contact, &address, purpose, crate::response::request_lang()).await?;
    Ok(ApiOk::new(code_sent(&state, contact, &address)))
}

/// What `sendCode` answers.
pub fn code_sent(state: &AppState, contact: Contact, address: &str) -> CodeSent {
    CodeSent {
        to: codes::mask(contact, address),
        resend_in: state.config.code_resend_wait_ms / 1000,
        expires_in: codes::CODE_TTL_MS / 1000,
    }
}

/// `POST /lfscada/user/security/verify {method: password|tel|email|question, password, code, answer}`: proves the
/// identity for [`PROOF_TTL_MS`]. A wrong password is 1203 (the spec's "original password wrong"), a wrong
/// answer 1327; both count as failed logins.
pub async fn verify(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    current: CurrentUser,
    params: Params,
) -> ApiResult {
    let user = &current.user;
    match params.text("method")?.as_deref().map(str::trim) {
        Some("password") => {
            let password = LoginPassword::parse(&params.text("password")?.unwrap_or_default())
                .map_err(|r| ApiError::invalid("password", r))?;
            guarded_guess(&state, user, &address, password.as_str(), &user.password_hash, Code::OriginalPasswordWrong)
                .await?;
        }
        Some("question") => {
            let answer = codes::question_answer(user, &params)?;
            guarded_guess(&state, user, &address, &answer, &user.answer_hash, Code::SecurityAnswerWrong).await?;
        }
        Some(method @ ("tel" | "email")) => {
            let contact = if method == "tel" { Contact::Tel } else { Contact::Email };
            let to = codes::verified_address(user, contact).ok_or_else(|| ApiError::code(Code::ContactNotVerified))?;
            let code = params.text("code")?.unwrap_or_default();
            codes::check(&state, user.id, contact, to, Purpose::Identity, &code).await?;
        }
        None | Some("") => return Err(ApiError::invalid("method", Reason::Required)),
        Some(_) => {
            return Err(ApiError::invalid(
                "method",
                Reason::OneOf { allowed: &["password", "tel", "email", "question"] },
            ));
        }
    }
    let now = now_ms();
    state.store.put_proof(&current.token_hash, user.id, now, now + PROOF_TTL_MS).await?;
    Ok(ApiOk::new(Proven { expires_in: PROOF_TTL_MS / 1000 }).audit("user", user.id))
}

/// Checks a password or an answer against its argon2 hash, counted as a login attempt on the account from this
/// address (1007 past the login's limits); `wrong` when it does not match.
async fn guarded_guess(
    state: &AppState,
    user: &User,
    address: &str,
    guess: &str,
    stored: &str,
    wrong: Code,
) -> Result<(), ApiError> {
    let attempt = crate::login_guard::begin(state, &user.loginname.to_lowercase(), address, false, now_ms()).await?;
    let matches = crate::password::verify_blocking(guess.to_owned(), stored.to_owned())
        .await
        .map_err(|_| crate::login_guard::throttled_for(60_000))?;
    if !matches {
        return Err(ApiError::code(wrong));
    }
    attempt.succeeded(&state.store).await?;
    Ok(())
}

/// 1325 unless this session proved its identity within [`PROOF_TTL_MS`].
async fn require_proof(state: &AppState, current: &CurrentUser) -> Result<(), ApiError> {
    if state.store.has_proof(&current.token_hash, current.user.id, now_ms()).await? {
        Ok(())
    } else {
        Err(ApiError::code(Code::IdentityNotProven))
    }
}

/// A new password from `field`: the spec's rule (1100 otherwise), and not the current one (1331).
pub async fn new_password(params: &Params, field: &str, current_hash: &str) -> Result<String, ApiError> {
    let password =
        NewPassword::parse(&params.text(field)?.unwrap_or_default()).map_err(|r| ApiError::invalid(field, r))?;
    let same = crate::password::verify_blocking(password.as_str().to_owned(), current_hash.to_owned())
        .await
        .map_err(|_| crate::login_guard::throttled_for(60_000))?;
    if same {
        return Err(ApiError::code(Code::PasswordUnchanged));
    }
    Ok(crate::password::hash_blocking(password.as_str().to_owned()).await?)
}

/// `POST /lfscada/user/security/password {password}`: the new password; the account's other sessions end.
pub async fn password(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let hash = new_password(&params, "password", &current.user.password_hash).await?;
    require_proof(&state, &current).await?;
    state.store.change_password(current.user.id, &hash, Some(&current.token_hash), now_ms()).await?;
    state.live.access_changed(AccessChange::Account(current.user.id));
    Ok(ApiOk::empty().audit("user", current.user.id))
}

/// `POST /lfscada/user/security/tel {tel, code}`: binds a phone number. With SMS the code sent to it (purpose
/// bind) proves it; without, the number is a contact field and stays unverified.
pub async fn tel(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    bind(&state, &current, &params, Contact::Tel, "tel").await
}

/// `POST /lfscada/user/security/email {email, code}`: binds an e-mail address proven by the code sent to it.
pub async fn email(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    bind(&state, &current, &params, Contact::Email, "email").await
}

async fn bind(state: &AppState, current: &CurrentUser, params: &Params, contact: Contact, field: &str) -> ApiResult {
    let address = codes::new_address(params, contact, field)?;
    let verifiable = contact == Contact::Email || state.config.sms.is_some();
    let code = params.text("code")?.unwrap_or_default();
    require_proof(state, current).await?;
    if verifiable {
        codes::check(state, current.user.id, contact, &address, Purpose::Bind, &code).await?;
    }
    state.store.set_contact(current.user.id, contact, &address, verifiable).await?;
    Ok(ApiOk::empty().audit("user", current.user.id))
}

/// `POST /lfscada/user/security/question {question, answer}`: sets the security question; the answer is kept
/// argon2id-hashed after case and spaces are normalised.
pub async fn question(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let question = bounded_text(&params, "question")?;
    let answer = codes::normalise_answer(&bounded_text(&params, "answer")?);
    require_proof(&state, &current).await?;
    let hash = crate::password::hash_blocking(answer).await?;
    state.store.set_security_question(current.user.id, &question, &hash).await?;
    Ok(ApiOk::empty().audit("user", current.user.id))
}

/// Required text of at most [`SECURITY_QUESTION_CHARS`] characters, trimmed, without control characters.
fn bounded_text(params: &Params, field: &str) -> Result<String, ApiError> {
    let text = params.text(field)?.unwrap_or_default().trim().to_owned();
    if text.is_empty() {
        return Err(ApiError::invalid(field, Reason::Required));
    }
    if text.chars().count() > SECURITY_QUESTION_CHARS {
        return Err(ApiError::invalid(field, Reason::TooLong { max: SECURITY_QUESTION_CHARS }));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::invalid(field, Reason::ControlCharacters));
    }
    Ok(text)
}

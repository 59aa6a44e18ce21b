//! Verification codes, shared by the security wizard ([`super::security`]) and password recovery
//! ([`super::findpwd`]): 6 digits, valid 10 minutes (spec section 9), single use, at most 5 tries, bound to the
//! account, its purpose and the address it went to, kept as a salted SHA-256 only. A code to an address may be
//! asked for once a minute and [`HOURLY_MAX`] times an hour, so no caller can make the server mail or text an
//! address without bound. E-mail goes through the organisation's SMTP server (the alarm e-mails' one sender),
//! SMS through the deployment's provider ([`crate::sms`]).

use crate::AppState;
use crate::error::ApiError;
use crate::params::Params;
use ironsight_domain::validate::{email, telephone};
use ironsight_domain::{Code, Lang, Reason};
use ironsight_store::security::{Contact, NewCode};
use ironsight_store::users::User;
use rand::Rng;
use std::time::Duration;

/// How long a code may be used (spec: verification codes are valid for 10 minutes).
pub const CODE_TTL_MS: i64 = 10 * 60_000;
/// Wrong tries a code takes; the next try, right or wrong, is refused (1320).
pub const CODE_MAX_ATTEMPTS: i64 = 5;
/// The wait between two codes to one address (`Config::code_resend_wait_ms`, which only a test shortens).
pub const RESEND_WAIT_MS: i64 = 60_000;
/// Codes one address may receive in an hour.
pub const HOURLY_MAX: i64 = 10;
const HOUR_MS: i64 = 3_600_000;
/// How long the SMTP server has to take a code.
const MAIL_TIMEOUT: Duration = Duration::from_secs(15);

/// What a code is for: a code sent for one purpose never passes another's check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Proving who you are to the security wizard (to the account's verified address).
    Identity,
    /// Binding a new phone or e-mail address (to that address).
    Bind,
    /// Password recovery (to the account's verified address).
    Recover,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Identity => "identity",
            Purpose::Bind => "bind",
            Purpose::Recover => "recover",
        }
    }
}

/// `channel`: `tel` or `email`.
pub fn channel(params: &Params, field: &str) -> Result<Contact, ApiError> {
    match params.text(field)?.as_deref().map(str::trim) {
        Some("tel") => Ok(Contact::Tel),
        Some("email") => Ok(Contact::Email),
        None | Some("") => Err(ApiError::invalid(field, Reason::Required)),
        Some(_) => Err(ApiError::invalid(field, Reason::OneOf { allowed: &["tel", "email"] })),
    }
}

/// A new address to bind, required and well formed: the phone number or e-mail address at `field`.
pub fn new_address(params: &Params, contact: Contact, field: &str) -> Result<String, ApiError> {
    let raw = params.text(field)?.unwrap_or_default();
    let checked = match contact {
        Contact::Tel => telephone(&raw),
        Contact::Email => email(&raw),
    }
    .map_err(|r| ApiError::invalid(field, r))?;
    if checked.is_empty() {
        return Err(ApiError::invalid(field, Reason::Required));
    }
    Ok(checked.to_owned())
}

/// The account's address of `contact`, when set and proven by a code.
pub fn verified_address(user: &User, contact: Contact) -> Option<&str> {
    match contact {
        Contact::Tel => (user.tel_verified && !user.tel.is_empty()).then_some(user.tel.as_str()),
        Contact::Email => (user.email_verified && !user.email.is_empty()).then_some(user.email.as_str()),
    }
}

/// The address as counted and checked: a phone by its digits (and a leading `+`), an e-mail address in lower case.
fn address_key(contact: Contact, address: &str) -> String {
    match contact {
        Contact::Tel => {
            let plus = if address.trim_start().starts_with('+') { "+" } else { "" };
            format!("tel:{plus}{}", address.chars().filter(char::is_ascii_digit).collect::<String>())
        }
        Contact::Email => format!("email:{}", address.trim().to_lowercase()),
    }
}

/// A phone number or e-mail address as the screens show it: `138****5678`, `o***@plant.example`.
pub fn mask(contact: Contact, address: &str) -> String {
    if address.is_empty() {
        return String::new();
    }
    match contact {
        Contact::Tel => {
            let chars: Vec<char> = address.chars().collect();
            let (head, tail) = if chars.len() >= 8 { (3, 4) } else { (1, 2.min(chars.len().saturating_sub(1))) };
            let hidden = chars.len().saturating_sub(head + tail);
            let mut out: String = chars[..head.min(chars.len())].iter().collect();
            out.push_str(&"*".repeat(hidden.max(1)));
            out.extend(&chars[chars.len() - tail..]);
            out
        }
        Contact::Email => match address.split_once('@') {
            Some((local, domain)) => format!("{}***@{domain}", local.chars().next().unwrap_or('*')),
            None => "***".to_owned(),
        },
    }
}

fn digest(salt: &str, code: &str) -> String {
    crate::session::token_hash(&format!("{salt}:{code}"))
}

/// Sends a new code for `purpose` to `address` (the account's, or one it is binding) and keeps its digest.
/// Refused with 1323 without SMS, 1282 without the organisation's SMTP server, 1321 within a minute of the last
/// code to the address, 1322 past its hourly number, 1324 when the provider or the mail server did not take it.
pub async fn send(
    state: &AppState,
    user: &User,
    contact: Contact,
    address: &str,
    purpose: Purpose,
    lang: Lang,
) -> Result<(), ApiError> {
    let sms = match contact {
        Contact::Tel => Some(crate::sms::provider(&state.config).ok_or_else(|| ApiError::code(Code::SmsNotAvailable))?),
        Contact::Email => None,
    };
    let smtp = match contact {
        Contact::Email => {
            Some(state.store.smtp_settings(user.org_id).await?.ok_or_else(|| ApiError::code(Code::SmtpNotConfigured))?)
        }
        Contact::Tel => None,
    };
    let key = address_key(contact, address);
    let now = ironsight_store::now_ms();
    let history = state.store.code_sends(&key, now - HOUR_MS).await?;
    let wait = state.config.code_resend_wait_ms;
    if let Some(last) = history.last_sent_ms.filter(|last| now - last < wait) {
        let seconds = (wait - (now - last) + 999) / 1000;
        return Err(ApiError::Business(Code::CodeResendTooSoon, vec![("seconds", seconds.to_string())]));
    }
    if history.sent_in_window >= HOURLY_MAX {
        return Err(ApiError::code(Code::CodeHourlyLimit));
    }
    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    let salt = crate::session::new_token();
    let stored = NewCode {
        user_id: user.id,
        purpose: purpose.as_str(),
        address: &key,
        salt: &salt,
        code_hash: &digest(&salt, &code),
        now,
        expires_ms: now + CODE_TTL_MS,
    };
    state.store.put_code(&stored, now - HOUR_MS).await?;
    let delivered = match (sms, smtp) {
        (Some(sms), _) => sms.send(address, &code).await,
        (None, Some(smtp)) => {
            let (subject, body) = mail_text(lang, &code);
            crate::notify::send::send_mail(&smtp, address, subject, body, MAIL_TIMEOUT)
                .await
                .map_err(|failure| failure.text().to_owned())
        }
        (None, None) => unreachable!("a channel was chosen above"),
    };
    delivered.map_err(|reason| {
        tracing::warn!(user = user.id, ?contact, %reason, "a verification code could not be sent");
        ApiError::code(Code::CodeSendFailed)
    })
}

/// The code e-mail's subject and text in the caller's language.
fn mail_text(lang: Lang, code: &str) -> (&'static str, String) {
    match lang {
        Lang::Zh => (
            "Ironsight 验证码",
            format!("您的验证码是 {code}，10 分钟内有效，只能使用一次。如非本人操作，请忽略本邮件。"),
        ),
        Lang::En => (
            "Ironsight verification code",
            format!(
                "Your verification code is {code}. It is valid for 10 minutes and can be used once. If you did not ask \
                 for it, ignore this e-mail."
            ),
        ),
    }
}

/// Checks `code` against the newest code sent for `purpose` to `address` of `user_id` and uses it up. Wrong,
/// expired, used or missing: 1004; a code that had its 5 wrong tries: 1320 (whatever this try is).
pub async fn check(
    state: &AppState,
    user_id: i64,
    contact: Contact,
    address: &str,
    purpose: Purpose,
    code: &str,
) -> Result<(), ApiError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(ApiError::code(Code::VcodeRequired));
    }
    let key = address_key(contact, address);
    let now = ironsight_store::now_ms();
    let Some(stored) = state.store.newest_code(user_id, purpose.as_str(), &key).await? else {
        return Err(ApiError::code(Code::VcodeInvalid));
    };
    if stored.attempts >= CODE_MAX_ATTEMPTS {
        return Err(ApiError::code(Code::CodeAttemptsExceeded));
    }
    if stored.used || stored.expires_ms <= now {
        return Err(ApiError::code(Code::VcodeInvalid));
    }
    let right = crate::password::constant_time_eq(digest(&stored.salt, code).as_bytes(), stored.code_hash.as_bytes());
    if !right {
        if !state.store.count_code_attempt(stored.id, CODE_MAX_ATTEMPTS).await? {
            return Err(ApiError::code(Code::CodeAttemptsExceeded));
        }
        return Err(ApiError::code(Code::VcodeInvalid));
    }
    if !state.store.use_code(stored.id, CODE_MAX_ATTEMPTS, now).await? {
        return Err(ApiError::code(Code::VcodeInvalid));
    }
    Ok(())
}

/// A security answer as compared: case and runs of white space do not matter.
pub fn normalise_answer(answer: &str) -> String {
    answer.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The `answer` given to `user`'s security question, normalised: 1328 when the account has no question, the
/// field required when blank. The wizard's identity check and the recovery's both read it so.
pub fn question_answer(user: &User, params: &Params) -> Result<String, ApiError> {
    if user.answer_hash.is_empty() {
        return Err(ApiError::code(Code::SecurityQuestionNotSet));
    }
    let answer = normalise_answer(&params.text("answer")?.unwrap_or_default());
    if answer.is_empty() {
        return Err(ApiError::invalid("answer", Reason::Required));
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_masked_and_keyed() {
        assert_eq!(mask(Contact::Tel, "13812345678"), "138****5678");
        assert_eq!(mask(Contact::Tel, "12345"), "1**45");
        assert_eq!(mask(Contact::Email, "ops@plant.example"), "o***@plant.example");
        assert_eq!(mask(Contact::Email, ""), "");
        assert_eq!(address_key(Contact::Tel, "+86 138-1234-5678"), "tel:+8613812345678");
        assert_eq!(address_key(Contact::Email, " Ops@Plant.Example "), "email:ops@plant.example");
    }

    #[test]
    fn answers_compare_without_case_or_extra_spaces() {
        assert_eq!(normalise_answer("  My First   Pump "), "my first pump");
        assert_eq!(normalise_answer("上海\t 水厂"), "上海 水厂");
    }
}

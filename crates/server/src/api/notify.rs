//! Alarm notification beyond the browser (ours: the spec names no calls; docs/messages.md, "Beyond the browser"):
//! the caller's prompt types and channels, a test of one channel, the caller's delivery log, and the
//! organisation's SMTP server (administrators only).
//!
//! A save is checked whole before anything is stored, each refusal naming its field (`channels.2.target`), so
//! bad input changes nothing. Secrets are write-only: a channel's `secret` and the SMTP `password` are taken when
//! given and kept when left out, and never answered.

use crate::AppState;
use crate::answers::notify as answer;
use crate::answers::{Created, Listed, SavedIds};
use crate::error::ApiError;
use crate::notify::{CHANNEL_KINDS, address, takes_secret};
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, request_lang};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::{
    NOTIFY_CHANNEL_NAME_CHARS, NOTIFY_CHANNELS, NOTIFY_SECRET_CHARS, NOTIFY_URL_CHARS, SMTP_CREDENTIAL_CHARS,
    SMTP_FROM_NAME_CHARS, SMTP_HOST_CHARS,
};
use ironsight_domain::{Code, Reason, validate};
use ironsight_store::notify::{ChannelSave, SmtpSettings, UnknownChannel};
use serde_json::Value;

/// How new messages are announced in the browser (spec section 3: `prompType`).
pub const PROMPT_TYPES: &[&str] = &["sound", "title", "alter"];
/// SMTP connection security: plain, STARTTLS upgrade, TLS from the first byte.
pub const SMTP_SECURITY: &[&str] = &["none", "starttls", "tls"];
/// Alarm levels, 1 most urgent.
const LEVELS: std::ops::RangeInclusive<i64> = 1..=3;

/// A list parameter: a JSON array, a text holding one, an object keyed by index (a form's `channels.0.kind=…`), a
/// comma-separated text or one scalar (a form's single repeated key). `None` when absent or empty.
pub(crate) fn list_of(value: Option<&Value>, field: &str) -> Result<Option<Vec<Value>>, ApiError> {
    let bad = |reason| ApiError::invalid(field, reason);
    Ok(match value {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => Some(items.clone()),
        Some(Value::String(text)) if text.trim_start().starts_with('[') => match serde_json::from_str(text) {
            Ok(Value::Array(items)) => Some(items),
            _ => return Err(bad(Reason::BadJson)),
        },
        Some(Value::String(text)) => {
            Some(text.split(',').map(str::trim).filter(|p| !p.is_empty()).map(Value::from).collect())
        }
        Some(Value::Object(map)) => {
            let mut entries: Vec<(usize, Value)> = map
                .iter()
                .map(|(k, v)| k.parse::<usize>().map(|i| (i, v.clone())))
                .collect::<Result<_, _>>()
                .map_err(|_| bad(Reason::NotArray))?;
            entries.sort_by_key(|(i, _)| *i);
            Some(entries.into_iter().map(|(_, v)| v).collect())
        }
        Some(scalar) => Some(vec![scalar.clone()]),
    })
}

/// A value's text (numbers and booleans as written); `None` when absent or null.
fn text_of(value: Option<&Value>, field: &str) -> Result<Option<String>, ApiError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(Value::Bool(b)) => Ok(Some(b.to_string())),
        Some(_) => Err(ApiError::invalid(field, Reason::NotText)),
    }
}

/// The `prompType` parameter: required (an empty text for none), each one of [`PROMPT_TYPES`], kept in their
/// order without repeats.
fn prompt_types(params: &Params) -> Result<Vec<String>, ApiError> {
    if params.get("prompType").is_none() {
        return Err(ApiError::invalid("prompType", Reason::Required));
    }
    let mut chosen = Vec::new();
    for item in list_of(params.get("prompType"), "prompType")?.unwrap_or_default() {
        let text = text_of(Some(&item), "prompType")?.unwrap_or_default();
        let text = text.trim();
        if !PROMPT_TYPES.contains(&text) {
            return Err(ApiError::invalid("prompType", Reason::OneOf { allowed: PROMPT_TYPES }));
        }
        if !chosen.iter().any(|c| c == text) {
            chosen.push(text.to_owned());
        }
    }
    Ok(chosen)
}

/// A webhook address: http or https with a host, no credentials, no spaces, at most [`NOTIFY_URL_CHARS`]; not a
/// private address unless the server allows it ([`address`]).
fn webhook_url(raw: &str, allow_private: bool) -> Result<String, Reason> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(Reason::Required);
    }
    if text.chars().count() > NOTIFY_URL_CHARS {
        return Err(Reason::TooLong { max: NOTIFY_URL_CHARS });
    }
    if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Reason::NotHttpUrl);
    }
    let url = reqwest::Url::parse(text).map_err(|_| Reason::NotHttpUrl)?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(Reason::NotHttpUrl);
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Reason::CredentialsInUrl);
    }
    if !allow_private && address::host_is_private(&url) {
        return Err(Reason::PrivateAddress);
    }
    Ok(text.to_owned())
}

/// An e-mail channel's address: required, [`validate::email`], and one the mailer can write.
fn email_address(raw: &str) -> Result<String, Reason> {
    let text = validate::email(raw)?;
    if text.is_empty() {
        return Err(Reason::Required);
    }
    text.parse::<lettre::Address>().map_err(|_| Reason::BadFormat)?;
    Ok(text.to_owned())
}

/// One channel of a save, its fields named `channels.{i}.{field}`.
fn channel_entry(i: usize, entry: &Value, allow_private: bool) -> Result<ChannelSave, ApiError> {
    let at = |field: &str| format!("channels.{i}.{field}");
    let map = match entry {
        Value::Object(map) => map,
        _ => return Err(ApiError::invalid(format!("channels.{i}"), Reason::NotObject)),
    };
    let get = |field: &str| map.get(field);
    let id = match text_of(get("id"), &at("id"))?.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()) {
        None => None,
        Some(t) => Some(t.parse::<i64>().map_err(|_| ApiError::invalid(at("id"), Reason::NotInteger))?),
    };
    let kind = text_of(get("kind"), &at("kind"))?.unwrap_or_default().trim().to_owned();
    if kind.is_empty() {
        return Err(ApiError::invalid(at("kind"), Reason::Required));
    }
    let Some(kind) = CHANNEL_KINDS.iter().find(|k| **k == kind) else {
        return Err(ApiError::invalid(at("kind"), Reason::OneOf { allowed: CHANNEL_KINDS }));
    };
    let name = text_of(get("name"), &at("name"))?.unwrap_or_default();
    let name =
        validate::display_name(&name, NOTIFY_CHANNEL_NAME_CHARS).map_err(|r| ApiError::invalid(at("name"), r))?;
    let target = text_of(get("target"), &at("target"))?.unwrap_or_default();
    let target = if *kind == "email" { email_address(&target) } else { webhook_url(&target, allow_private) }
        .map_err(|r| ApiError::invalid(at("target"), r))?;
    let secret = match text_of(get("secret"), &at("secret"))? {
        // Only the signing robots take one; a kind without signing clears what another kind kept.
        _ if !takes_secret(kind) => Some(String::new()),
        None => None,
        Some(s) if s.trim().is_empty() => None,
        Some(s) => {
            let s = s.trim();
            if s.chars().count() > NOTIFY_SECRET_CHARS {
                return Err(ApiError::invalid(at("secret"), Reason::TooLong { max: NOTIFY_SECRET_CHARS }));
            }
            if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(ApiError::invalid(at("secret"), Reason::BadFormat));
            }
            Some(s.to_owned())
        }
    };
    let mut levels = Vec::new();
    for level in list_of(get("levels"), &at("levels"))?.unwrap_or_default() {
        let text = text_of(Some(&level), &at("levels"))?.unwrap_or_default();
        let level = text.trim().parse::<i64>().ok().filter(|l| LEVELS.contains(l));
        let level = level.ok_or_else(|| ApiError::invalid(at("levels"), Reason::OutOfRange { min: 1, max: 3 }))?;
        if !levels.contains(&level) {
            levels.push(level);
        }
    }
    if levels.is_empty() {
        return Err(ApiError::invalid(at("levels"), Reason::Required));
    }
    levels.sort_unstable();
    let enabled = match text_of(get("enabled"), &at("enabled"))?.as_deref().map(str::trim) {
        None | Some("") | Some("true") => true,
        Some("false") => false,
        Some(_) => return Err(ApiError::invalid(at("enabled"), Reason::NotBoolean)),
    };
    Ok(ChannelSave { id, kind: (*kind).to_owned(), name: name.to_owned(), target, secret, levels, enabled })
}

/// The `channels` parameter: the whole list (absent: none), at most [`NOTIFY_CHANNELS`], ids not repeated.
fn channel_list(params: &Params, allow_private: bool) -> Result<Vec<ChannelSave>, ApiError> {
    let items = list_of(params.get("channels"), "channels")?.unwrap_or_default();
    if items.len() > NOTIFY_CHANNELS {
        return Err(ApiError::invalid("channels", Reason::TooMany { max: NOTIFY_CHANNELS }));
    }
    let channels: Vec<ChannelSave> =
        items.iter().enumerate().map(|(i, entry)| channel_entry(i, entry, allow_private)).collect::<Result<_, _>>()?;
    for (i, c) in channels.iter().enumerate() {
        if c.id.is_some() && channels[..i].iter().any(|earlier| earlier.id == c.id) {
            return Err(ApiError::invalid(format!("channels.{i}.id"), Reason::DuplicateValue));
        }
    }
    Ok(channels)
}

/// `POST /lfscada/msg/notify/settings/query` → `{prompType, channels, smtpReady}` of the caller.
pub async fn settings_query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let channels = state.store.notify_channels(current.user.id).await?;
    let smtp_ready = state.store.smtp_settings(current.user.org_id).await?.is_some();
    Ok(ApiOk::new(answer::NotifySettings {
        promp_type: current.user.promp_type.clone(),
        channels: channels.into_iter().map(answer::NotifyChannel::from).collect(),
        smtp_ready,
    }))
}

/// `POST /lfscada/msg/notify/settings/save {prompType, channels}` → `{ids}`: the caller's prompt types and whole
/// channel list, all or nothing. The console's language becomes the language of the caller's notifications.
pub async fn settings_save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let promp_type = prompt_types(&params)?;
    let channels = channel_list(&params, state.notifier.config().allow_private)?;
    let lang = request_lang().tag();
    match state.store.save_notify_settings(current.user.id, &promp_type, lang, &channels).await? {
        Ok(ids) => Ok(ApiOk::new(SavedIds { ids })),
        Err(UnknownChannel(i)) => Err(ApiError::invalid(format!("channels.{i}.id"), Reason::NotAllowed)),
    }
}

/// `POST /lfscada/msg/notify/test {id}` → `{id}` of the queued test delivery (its outcome is in the log). 1281
/// for a channel that is not the caller's; 1282 for e-mail while the organisation has no SMTP server.
pub async fn test(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let channel = state.store.notify_channel(current.user.id, id).await?;
    let channel = channel.ok_or_else(|| ApiError::code(Code::NotifyChannelNotFound))?;
    if channel.kind == "email" && state.store.smtp_settings(current.user.org_id).await?.is_none() {
        return Err(ApiError::code(Code::SmtpNotConfigured));
    }
    let id = state.notifier.queue_test(current.user.id, &channel).await?;
    Ok(ApiOk::new(Created { id }))
}

/// `POST /lfscada/msg/notify/log/query {page, pageSize}` → `{total, list}` of the caller's deliveries, newest
/// first.
pub async fn log_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let found = state.store.deliveries(current.user.id, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answer::NotifyDelivery::from)))
}

/// `POST /lfscada/msg/notify/smtp/query` → the organisation's SMTP server without its password (`hasPassword`),
/// or `null` when none is set up.
pub async fn smtp_query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let settings = state.store.smtp_settings(current.user.org_id).await?;
    Ok(ApiOk::new(settings.map(answer::SmtpServer::from)))
}

/// An optional one-line text of at most `max` characters at `field`, trimmed.
fn short_text(params: &Params, field: &str, max: usize) -> Result<String, ApiError> {
    let text = params.text(field)?.unwrap_or_default();
    let text = text.trim();
    if text.chars().count() > max {
        return Err(ApiError::invalid(field, Reason::TooLong { max }));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::invalid(field, Reason::ControlCharacters));
    }
    Ok(text.to_owned())
}

/// `POST /lfscada/msg/notify/smtp/save {host, port, security, username?, password?, fromAddress, fromName?}`:
/// the organisation's SMTP server. A password left out or empty keeps the stored one.
pub async fn smtp_save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let host = short_text(&params, "host", SMTP_HOST_CHARS)?;
    if host.is_empty() {
        return Err(ApiError::invalid("host", Reason::Required));
    }
    let host_chars = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '_');
    if !host.chars().all(host_chars) {
        return Err(ApiError::invalid("host", Reason::BadFormat));
    }
    // 1 to 65535: the row's range.
    let port = params.required_int("port")?;
    let security = params.required_text("security")?;
    let security = security.trim();
    if !SMTP_SECURITY.contains(&security) {
        return Err(ApiError::invalid("security", Reason::OneOf { allowed: SMTP_SECURITY }));
    }
    let username = short_text(&params, "username", SMTP_CREDENTIAL_CHARS)?;
    let password = params.text("password")?.filter(|p| !p.is_empty());
    if let Some(p) = &password {
        if p.chars().count() > SMTP_CREDENTIAL_CHARS {
            return Err(ApiError::invalid("password", Reason::TooLong { max: SMTP_CREDENTIAL_CHARS }));
        }
        if p.chars().any(char::is_control) {
            return Err(ApiError::invalid("password", Reason::ControlCharacters));
        }
    }
    let from_address = params.text("fromAddress")?.unwrap_or_default();
    let from_address = email_address(&from_address).map_err(|r| ApiError::invalid("fromAddress", r))?;
    let from_name = short_text(&params, "fromName", SMTP_FROM_NAME_CHARS)?;
    let settings = SmtpSettings {
        host,
        port,
        security: security.to_owned(),
        username,
        password: String::new(),
        from_address,
        from_name,
    };
    state.store.save_smtp_settings(current.user.org_id, &settings, password.as_deref()).await?;
    Ok(ApiOk::empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webhook_addresses_are_http_without_credentials_or_private_hosts() {
        assert!(webhook_url("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc", false).is_ok());
        assert_eq!(webhook_url("", false), Err(Reason::Required));
        assert_eq!(webhook_url("ftp://x.example/", false), Err(Reason::NotHttpUrl));
        assert_eq!(webhook_url("javascript:alert(1)", false), Err(Reason::NotHttpUrl));
        assert_eq!(webhook_url("https://exa mple.com/", false), Err(Reason::NotHttpUrl));
        assert_eq!(webhook_url("https://u:p@x.example/", false), Err(Reason::CredentialsInUrl));
        assert_eq!(webhook_url("https://u@x.example/", false), Err(Reason::CredentialsInUrl));
        assert_eq!(webhook_url("http://127.0.0.1:9/", false), Err(Reason::PrivateAddress));
        assert_eq!(webhook_url("http://[fd00::1]/", false), Err(Reason::PrivateAddress));
        assert_eq!(webhook_url("http://localhost/", false), Err(Reason::PrivateAddress));
        assert!(webhook_url("http://127.0.0.1:9/", true).is_ok(), "allowed by --notify-allow-private");
        let long = format!("https://x.example/{}", "a".repeat(NOTIFY_URL_CHARS));
        assert_eq!(webhook_url(&long, false), Err(Reason::TooLong { max: NOTIFY_URL_CHARS }));
    }

    #[test]
    fn email_addresses_must_be_writable() {
        assert_eq!(email_address("ops@plant.example").unwrap(), "ops@plant.example");
        assert_eq!(email_address(""), Err(Reason::Required));
        assert_eq!(email_address("no-at-sign"), Err(Reason::BadFormat));
        assert_eq!(email_address("a b@x.example"), Err(Reason::BadFormat));
    }
}

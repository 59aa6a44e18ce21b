//! One attempt to deliver: the body each channel kind takes, the robots' signatures, the HTTP call or the SMTP
//! session, and what counts as a failure (a non-2xx answer; a robot's `errcode`/`code` other than 0).
//!
//! Failures are texts for the delivery log: bounded, and free of secrets (the SMTP password, a robot's signing
//! secret, and the webhook URL itself, whose query often carries the robot's access token).

use super::address;
use super::content::Content;
use base64::Engine;
use hmac::{Hmac, Mac};
use ironsight_domain::Lang;
use ironsight_store::notify::{Channel, SmtpSettings};
use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde_json::{Value, json};
use sha2::Sha256;
use std::time::Duration;

/// The longest failure text kept in the delivery log.
pub const ERROR_CHARS: usize = 300;
/// The most of a receiver's answer read (to judge a robot's `errcode`, and to quote a failure).
const ANSWER_BYTES: usize = 16 * 1024;

/// Why an attempt failed, and whether another attempt could do better.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The receiver, the network or the mail server failed: tried again later.
    Transient(String),
    /// Nothing will change by trying again (the channel is gone, the address is not allowed).
    Permanent(String),
}

impl Failure {
    pub fn text(&self) -> &str {
        match self {
            Failure::Transient(t) | Failure::Permanent(t) => t,
        }
    }
}

/// Cuts a failure text to [`ERROR_CHARS`], control characters made spaces.
pub fn bounded(text: &str) -> String {
    let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let clean = clean.trim();
    if clean.chars().count() <= ERROR_CHARS {
        return clean.to_owned();
    }
    let mut cut: String = clean.chars().take(ERROR_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// The HTTP client every webhook call uses: no redirects (a receiver cannot send us elsewhere), no proxy from the
/// environment, the private-address rule in its resolver, and `timeout` per call.
pub fn http_client(allow_private: bool, timeout: Duration) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .timeout(timeout)
        .connect_timeout(timeout)
        .dns_resolver(std::sync::Arc::new(address::PublicOnly { allow_private }))
        .user_agent(concat!("Ironsight/", env!("CARGO_PKG_VERSION")))
        .build()?)
}

/// `base64(HMAC-SHA256(key, message))`.
pub fn hmac_base64(key: &[u8], message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

/// DingTalk's signature: `base64(HMAC-SHA256(secret, "{timestamp ms}\n{secret}"))`, sent as the `timestamp` and
/// `sign` query parameters.
pub fn dingtalk_sign(secret: &str, timestamp_ms: i64) -> String {
    hmac_base64(secret.as_bytes(), format!("{timestamp_ms}\n{secret}").as_bytes())
}

/// Feishu's signature: `base64(HMAC-SHA256(key = "{timestamp s}\n{secret}", message = empty))`, sent in the body.
pub fn feishu_sign(secret: &str, timestamp_s: i64) -> String {
    hmac_base64(format!("{timestamp_s}\n{secret}").as_bytes(), b"")
}

/// The URL and JSON body a webhook channel sends for `content`, signed when the channel has a secret.
pub fn webhook_request(
    channel: &Channel,
    content: &Content,
    lang: Lang,
    now_ms: i64,
) -> Result<(reqwest::Url, Value), Failure> {
    let mut url = reqwest::Url::parse(&channel.target)
        .map_err(|_| Failure::Permanent("the webhook address is not a URL".into()))?;
    let body = match channel.kind.as_str() {
        "wecom" => json!({"msgtype": "markdown", "markdown": {"content": content.markdown(lang)}}),
        "dingtalk" => {
            if !channel.secret.is_empty() {
                let sign = dingtalk_sign(&channel.secret, now_ms);
                url.query_pairs_mut().append_pair("timestamp", &now_ms.to_string()).append_pair("sign", &sign);
            }
            json!({"msgtype": "markdown", "markdown": {"title": content.title_in(lang), "text": content.markdown(lang)}})
        }
        "feishu" => {
            let mut body = json!({"msg_type": "text", "content": {"text": content.plain(lang)}});
            if !channel.secret.is_empty() {
                let timestamp = now_ms.div_euclid(1000);
                body["timestamp"] = json!(timestamp.to_string());
                body["sign"] = json!(feishu_sign(&channel.secret, timestamp));
            }
            body
        }
        "webhook" => content.json(),
        other => return Err(Failure::Permanent(format!("not a webhook channel: {other}"))),
    };
    Ok((url, body))
}

/// Posts a webhook channel's body and judges the answer.
pub async fn post_webhook(
    client: &reqwest::Client,
    allow_private: bool,
    channel: &Channel,
    content: &Content,
    lang: Lang,
    now_ms: i64,
) -> Result<(), Failure> {
    let (url, body) = webhook_request(channel, content, lang, now_ms)?;
    if !allow_private && address::host_is_private(&url) {
        return Err(Failure::Permanent("the webhook address is on a private network, which is not allowed".into()));
    }
    // `without_url`: the URL's query often holds the robot's access token, which must not reach the log.
    let mut response =
        client.post(url).json(&body).send().await.map_err(|e| Failure::Transient(describe(&e.without_url())))?;
    let status = response.status();
    let mut answer = Vec::new();
    while answer.len() < ANSWER_BYTES {
        match response.chunk().await {
            Ok(Some(chunk)) => answer.extend_from_slice(&chunk),
            Ok(None) => break,
            Err(e) if status.is_success() => return Err(Failure::Transient(describe(&e.without_url()))),
            Err(_) => break,
        }
    }
    answer.truncate(ANSWER_BYTES);
    let text = String::from_utf8_lossy(&answer);
    if !status.is_success() {
        return Err(Failure::Transient(bounded(&format!("HTTP {}: {text}", status.as_u16()))));
    }
    robot_refusal(&channel.kind, &text).map_or(Ok(()), |e| Err(Failure::Transient(bounded(&e))))
}

/// A robot's refusal in a 2xx answer: WeCom and DingTalk `{"errcode": n, "errmsg"}`, Feishu `{"code": n, "msg"}`
/// (older robots `StatusCode`), any number but 0. A plain webhook's answer is not read.
fn robot_refusal(kind: &str, answer: &str) -> Option<String> {
    if kind == "webhook" {
        return None;
    }
    let Ok(value) = serde_json::from_str::<Value>(answer) else {
        return Some(format!("the robot's answer is not JSON: {answer}"));
    };
    let (code, message) = match kind {
        "feishu" => (
            value.get("code").or_else(|| value.get("StatusCode")),
            value.get("msg").or_else(|| value.get("StatusMessage")),
        ),
        _ => (value.get("errcode"), value.get("errmsg")),
    };
    match code.and_then(Value::as_i64) {
        Some(0) | None => None,
        Some(n) => Some(format!("code {n}: {}", message.and_then(Value::as_str).unwrap_or(""))),
    }
}

/// A transport error's chain as one line, without the URL.
fn describe(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(e) = source {
        text.push_str(": ");
        text.push_str(&e.to_string());
        source = e.source();
    }
    bounded(&text)
}

/// Sends an e-mail channel's message through the organisation's SMTP server.
pub async fn send_email(
    smtp: &SmtpSettings,
    channel: &Channel,
    content: &Content,
    lang: Lang,
    timeout: Duration,
) -> Result<(), Failure> {
    send_mail(smtp, &channel.target, &content.subject(lang), content.plain(lang), timeout).await
}

/// Sends one plain-text e-mail to `to` through the organisation's SMTP server: the one SMTP client of the server,
/// for alarm e-mails and verification codes alike.
pub async fn send_mail(
    smtp: &SmtpSettings,
    to: &str,
    subject: &str,
    body: String,
    timeout: Duration,
) -> Result<(), Failure> {
    let permanent = |what: &str| Failure::Permanent(what.to_owned());
    let from = smtp.from_address.parse().map_err(|_| permanent("the SMTP sender address is not valid"))?;
    let from_name = Some(smtp.from_name.clone()).filter(|n| !n.is_empty());
    let to = to.parse().map_err(|_| permanent("the e-mail address is not valid"))?;
    let message = Message::builder()
        .from(Mailbox::new(from_name, from))
        .to(Mailbox::new(None, to))
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(|e| Failure::Permanent(bounded(&e.to_string())))?;
    let port = u16::try_from(smtp.port).map_err(|_| permanent("the SMTP port is not valid"))?;
    let builder = match smtp.security.as_str() {
        "tls" => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host),
        "starttls" => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host),
        _ => Ok(AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host)),
    }
    .map_err(|e| Failure::Permanent(describe(&e)))?;
    let mut builder = builder.port(port).timeout(Some(timeout));
    if !smtp.username.is_empty() {
        builder = builder.credentials(Credentials::new(smtp.username.clone(), smtp.password.clone()));
    }
    let transport = builder.build();
    match tokio::time::timeout(timeout, transport.send(message)).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) if e.is_permanent() => Err(Failure::Permanent(describe(&e))),
        Ok(Err(e)) => Err(Failure::Transient(describe(&e))),
        Err(_) => Err(Failure::Transient(format!("the SMTP server did not finish within {} s", timeout.as_secs()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_follow_the_robots_documentation() {
        // The same computation as the robots' documented examples (Python: hmac.new(key, msg, sha256), base64).
        assert_eq!(
            hmac_base64(b"key", b"The quick brown fox jumps over the lazy dog"),
            "97yD9DBThCSxMpjmqm+xQ+9NWaFJRhdZl0edvC0aPNg="
        );
        assert_eq!(dingtalk_sign("SEC1", 1_700_000_000_000), hmac_base64(b"SEC1", b"1700000000000\nSEC1"));
        assert_eq!(feishu_sign("s", 1_700_000_000), hmac_base64(b"1700000000\ns", b""));
    }

    #[test]
    fn robots_refuse_with_a_code() {
        assert_eq!(robot_refusal("wecom", r#"{"errcode":0,"errmsg":"ok"}"#), None);
        assert_eq!(
            robot_refusal("dingtalk", r#"{"errcode":310000,"errmsg":"sign not match"}"#).unwrap(),
            "code 310000: sign not match"
        );
        assert_eq!(
            robot_refusal("feishu", r#"{"code":19021,"msg":"sign match fail"}"#).unwrap(),
            "code 19021: sign match fail"
        );
        assert_eq!(robot_refusal("feishu", r#"{"StatusCode":0}"#), None);
        assert!(robot_refusal("wecom", "<html>").is_some());
        assert_eq!(robot_refusal("webhook", "<html>"), None);
    }

    #[test]
    fn failure_texts_are_bounded_single_lines() {
        let long = format!("line\n{}", "x".repeat(1000));
        let text = bounded(&long);
        assert_eq!(text.chars().count(), ERROR_CHARS);
        assert!(!text.contains('\n') && text.ends_with('…'));
    }
}

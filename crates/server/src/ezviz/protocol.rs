//! The EZVIZ open API (萤石开放平台) protocol the live-address call speaks: `POST {base}/api/lapp/token/get` (form
//! `appKey`, `appSecret`) for an access token, and `POST {base}/api/lapp/v2/live/address/get` (form `accessToken`,
//! `deviceSerial`, `channelNo`, `protocol=2` for HLS, `quality=1`) for a camera's live address. Every answer is
//! `{"code": "200", "msg": …, "data": {…}}`; any other `code` is a refusal whose `code` and `msg` are EZVIZ's own.
//!
//! Pure functions from EZVIZ's bytes to our values: whatever those bytes are, the result is a value, a
//! [`Refusal`] or a [`BadAnswer`], never a panic.

use serde::Deserialize;
use serde_json::Value;

/// The token call's path under the base URL.
pub const TOKEN_PATH: &str = "/api/lapp/token/get";
/// The live address call's path under the base URL.
pub const ADDRESS_PATH: &str = "/api/lapp/v2/live/address/get";
/// EZVIZ's `protocol` for HLS, the one the console's player plays.
pub const PROTOCOL_HLS: &str = "2";
/// EZVIZ's `quality`: 1 is HD (2 is smooth).
pub const QUALITY: &str = "1";
/// EZVIZ's code for an access token that expired or was revoked: get a new one and ask again.
pub const TOKEN_EXPIRED: &str = "10002";
/// The longest EZVIZ message passed on to the user, in characters.
const MAX_MSG_CHARS: usize = 200;

/// What EZVIZ answered could not be read as the protocol says (the text is for the server's log).
#[derive(Debug, PartialEq)]
pub struct BadAnswer(pub String);

/// EZVIZ refused: its code (at most 16 letters or digits) and its message (control characters removed, at most
/// 200 characters).
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub code: String,
    pub msg: String,
}

/// An answer: the data, or EZVIZ's refusal.
pub type Answer<T> = Result<T, Refusal>;

/// An access token and when it expires (ms since the epoch).
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub access_token: String,
    pub expires_ms: i64,
}

/// A live address and when it expires (ms since the epoch), `None` when EZVIZ did not say in a form we read.
#[derive(Clone, Debug, PartialEq)]
pub struct Address {
    pub url: String,
    pub expires_ms: Option<i64>,
}

#[derive(Deserialize)]
struct Envelope {
    code: Value,
    #[serde(default)]
    msg: Option<Value>,
    #[serde(default)]
    data: Option<Value>,
}

/// The envelope's data, or the refusal it carries.
fn open(bytes: &[u8], what: &str) -> Result<Answer<Value>, BadAnswer> {
    let envelope: Envelope =
        serde_json::from_slice(bytes).map_err(|e| BadAnswer(format!("EZVIZ {what} answer: {e}")))?;
    let code = match &envelope.code {
        Value::String(s) => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        _ => return Err(BadAnswer(format!("EZVIZ {what} answer: code is not a text"))),
    };
    if code == "200" {
        return envelope.data.map(Ok).ok_or_else(|| BadAnswer(format!("EZVIZ {what} answer: no data")));
    }
    let code: String = if !code.is_empty() && code.len() <= 16 && code.chars().all(|c| c.is_ascii_alphanumeric()) {
        code
    } else {
        "?".into()
    };
    let msg = match envelope.msg {
        Some(Value::String(text)) => text.chars().filter(|c| !c.is_control()).take(MAX_MSG_CHARS).collect(),
        _ => String::new(),
    };
    Ok(Err(Refusal { code, msg: msg.trim().to_owned() }))
}

/// A time EZVIZ gives: ms since the epoch as a number or digits, or `YYYY-MM-DD HH:MM:SS` in Beijing time.
pub fn time_ms(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64().filter(|ms| *ms > 0),
        Value::String(text) => {
            let text = text.trim();
            if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
                return text.parse().ok().filter(|ms: &i64| *ms > 0);
            }
            beijing_time_ms(text)
        }
        _ => None,
    }
}

/// `YYYY-MM-DD HH:MM:SS` read in UTC+8 (EZVIZ's own time), as ms since the epoch.
fn beijing_time_ms(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() != 19
        || b[4] != b'-'
        || b[7] != b'-'
        || !(b[10] == b' ' || b[10] == b'T')
        || b[13] != b':'
        || b[16] != b':'
    {
        return None;
    }
    let num = |from: usize, to: usize| text.get(from..to)?.parse::<i64>().ok();
    let (year, month, day) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
    let (hour, minute, second) = (num(11, 13)?, num(14, 16)?, num(17, 19)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let days = ironsight_domain::calendar::days_from_civil(year, month, day);
    Some(((days * 86_400 + hour * 3_600 + minute * 60 + second) - 8 * 3_600) * 1_000)
}

/// The token call's answer.
pub fn token(bytes: &[u8]) -> Result<Answer<Token>, BadAnswer> {
    let data = match open(bytes, "token")? {
        Ok(data) => data,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let access_token = data
        .get("accessToken")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 512 && !t.chars().any(char::is_control))
        .ok_or_else(|| BadAnswer("EZVIZ token answer: no accessToken".into()))?;
    let expires_ms = data
        .get("expireTime")
        .and_then(time_ms)
        .ok_or_else(|| BadAnswer("EZVIZ token answer: no expireTime".into()))?;
    Ok(Ok(Token { access_token: access_token.to_owned(), expires_ms }))
}

/// The live address call's answer: an absolute http(s) address the browser may fetch.
pub fn address(bytes: &[u8]) -> Result<Answer<Address>, BadAnswer> {
    let data = match open(bytes, "live address")? {
        Ok(data) => data,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let url = data.get("url").and_then(Value::as_str).map(str::trim).unwrap_or("");
    let lower = url.get(..8).unwrap_or("").to_ascii_lowercase();
    let absolute = lower.starts_with("http://") || lower.starts_with("https://");
    if !absolute
        || url.chars().count() > ironsight_domain::page::MAX_STREAM_ADDRESS_CHARS
        || !ironsight_domain::page::is_stream_address(url)
    {
        return Err(BadAnswer("EZVIZ live address answer: the url is not an http(s) address".into()));
    }
    Ok(Ok(Address { url: url.to_owned(), expires_ms: data.get("expireTime").and_then(time_ms) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_read_and_a_refusal_keeps_ezviz_code_and_message() {
        let good =
            br#"{"code":"200","msg":"Operation succeeded","data":{"accessToken":"at.abc","expireTime":1470810222045}}"#;
        assert_eq!(token(good), Ok(Ok(Token { access_token: "at.abc".into(), expires_ms: 1_470_810_222_045 })));
        let refused = r#"{"code":"10017","msg":"appKey不存在\n","data":null}"#.as_bytes();
        assert_eq!(token(refused), Ok(Err(Refusal { code: "10017".into(), msg: "appKey不存在".into() })));
        let numeric = r#"{"code":10030,"msg":"appKey与appSecret不匹配"}"#.as_bytes();
        assert_eq!(token(numeric).unwrap().unwrap_err().code, "10030");
        let odd_code = br#"{"code":"<script>","msg":"x"}"#;
        assert_eq!(token(odd_code).unwrap().unwrap_err().code, "?");
        for bad in
            [&b"<html>"[..], br#"{"code":"200"}"#, br#"{"code":"200","data":{"accessToken":""}}"#, br#"{"code":[]}"#]
        {
            assert!(token(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn an_address_is_an_absolute_http_url_with_its_expiry() {
        let good = br#"{"code":"200","data":{"id":"1","url":"https://open.ys7.com/v3/openlive/D1_1_1.m3u8","expireTime":"2026-11-27 08:00:00"}}"#;
        let read = address(good).unwrap().unwrap();
        assert_eq!(read.url, "https://open.ys7.com/v3/openlive/D1_1_1.m3u8");
        // 08:00 in Beijing is midnight UTC.
        assert_eq!(read.expires_ms, Some(ironsight_domain::calendar::days_from_civil(2026, 11, 27) * 86_400_000));
        let ms = br#"{"code":"200","data":{"url":"http://127.0.0.1:9/s.m3u8","expireTime":1800000000000}}"#;
        assert_eq!(address(ms).unwrap().unwrap().expires_ms, Some(1_800_000_000_000));
        let unknown = br#"{"code":"200","data":{"url":"http://h/s.m3u8","expireTime":"soon"}}"#;
        assert_eq!(address(unknown).unwrap().unwrap().expires_ms, None);
        for bad in [
            &br#"{"code":"200","data":{"url":"javascript:alert(1)"}}"#[..],
            br#"{"code":"200","data":{"url":"/local/path.m3u8"}}"#,
            br#"{"code":"200","data":{"url":"//evil/x.m3u8"}}"#,
            br#"{"code":"200","data":{"url":"http://h/a b.m3u8"}}"#,
            br#"{"code":"200","data":{}}"#,
        ] {
            assert!(address(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
        let refused = r#"{"code":"20002","msg":"设备不存在"}"#.as_bytes();
        assert_eq!(address(refused), Ok(Err(Refusal { code: "20002".into(), msg: "设备不存在".into() })));
    }
}

//! A JSON device's data rule (docs/gm-equipment.md, "Plain JSON devices"): which paths of its messages are which
//! signals (with scale and offset), where a reading's time is, and how a write is sent and confirmed. The rule is
//! stored as the JSON document [`RuleDoc`] an administrator edits, checked into a [`JsonRule`] before it is saved,
//! and the same [`JsonRule::read`] serves the console's try-out on a pasted sample and the server's ingest, so what
//! the try-out shows is what will be stored.

use super::json_path::JsonPath;
use crate::calendar::days_from_civil;
use crate::{Lang, Reason};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Most signals one rule maps.
pub const RULE_SIGNALS: usize = 200;
/// Longest signal key (what the device calls the value; also the adopted signal's name).
pub const SIGNAL_KEY_CHARS: usize = 64;
/// Longest command template.
pub const TEMPLATE_CHARS: usize = 2000;

/// The rule as the console sends it and the server stores it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RuleDoc {
    /// Levels below the device's prefix its data messages come on (`data`, `up/telemetry`); empty: the prefix
    /// itself and every topic below it except the command channel.
    #[serde(default)]
    pub topic: String,
    pub signals: Vec<SignalDoc>,
    /// Where a reading's time is; absent: the server's clock when the message arrives.
    #[serde(default)]
    pub time: Option<TimeDoc>,
    /// How a write is sent; absent: the device takes no writes.
    #[serde(default)]
    pub command: Option<CommandDoc>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignalDoc {
    pub key: String,
    pub path: String,
    /// `number` (a JSON number) or `bool` (true → 1, false → 0).
    #[serde(default = "number_kind")]
    pub kind: String,
    #[serde(default = "one")]
    pub scale: f64,
    #[serde(default)]
    pub offset: f64,
    #[serde(default)]
    pub unit: String,
}

fn number_kind() -> String {
    "number".to_owned()
}

fn one() -> f64 {
    1.0
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimeDoc {
    pub path: String,
    /// `ms` or `s` since the epoch (a number), or `iso` (RFC 3339 text, e.g. `2026-11-29T08:00:00+08:00`).
    pub unit: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CommandDoc {
    /// The JSON published on `{prefix}/cmd`, with `{{id}}` (the write's id, a JSON string), `{{signal}}` (the
    /// signal's key, a JSON string) and `{{value}}` (the value, a JSON number) filled in.
    pub template: String,
    /// Where a message of the device echoes the write's id when it has carried the write out; absent: the write
    /// is confirmed when the signal's next value is the written one.
    #[serde(default)]
    pub reply_path: Option<String>,
}

/// A refused rule: the field (`signals[2].path`) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub field: String,
    pub reason: Reason,
}

fn refuse(field: impl Into<String>, reason: Reason) -> RuleError {
    RuleError { field: field.into(), reason }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number,
    Bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TimeUnit {
    Ms,
    S,
    Iso,
}

#[derive(Clone, Debug, PartialEq)]
struct Signal {
    key: String,
    path: JsonPath,
    kind: Kind,
    scale: f64,
    offset: f64,
}

/// A checked rule.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonRule {
    doc: RuleDoc,
    signals: Vec<Signal>,
    time: Option<(JsonPath, TimeUnit)>,
    reply_path: Option<JsonPath>,
}

impl JsonRule {
    /// Checks every field; the first fault is refused naming its field.
    pub fn check(doc: RuleDoc) -> Result<JsonRule, RuleError> {
        let topic = doc.topic.trim();
        if topic.split('/').any(str::is_empty) && !topic.is_empty() || topic.contains(['+', '#']) {
            return Err(refuse("topic", Reason::BadFormat));
        }
        if doc.signals.is_empty() {
            return Err(refuse("signals", Reason::TooFew { min: 1 }));
        }
        if doc.signals.len() > RULE_SIGNALS {
            return Err(refuse("signals", Reason::TooMany { max: RULE_SIGNALS }));
        }
        let mut signals = Vec::with_capacity(doc.signals.len());
        for (i, s) in doc.signals.iter().enumerate() {
            let key = crate::validate::display_name(&s.key, SIGNAL_KEY_CHARS)
                .map_err(|r| refuse(format!("signals[{i}].key"), r))?;
            if signals.iter().any(|other: &Signal| other.key == key) {
                return Err(refuse(format!("signals[{i}].key"), Reason::DuplicateValue));
            }
            let path = JsonPath::parse(&s.path).map_err(|r| refuse(format!("signals[{i}].path"), r))?;
            let kind = match s.kind.as_str() {
                "number" => Kind::Number,
                "bool" => Kind::Bool,
                _ => return Err(refuse(format!("signals[{i}].kind"), Reason::NotAllowed)),
            };
            if !s.scale.is_finite() || s.scale == 0.0 {
                return Err(refuse(format!("signals[{i}].scale"), Reason::NotNumber));
            }
            if !s.offset.is_finite() {
                return Err(refuse(format!("signals[{i}].offset"), Reason::NotNumber));
            }
            signals.push(Signal { key: key.to_owned(), path, kind, scale: s.scale, offset: s.offset });
        }
        let time = match &doc.time {
            None => None,
            Some(t) => {
                let path = JsonPath::parse(&t.path).map_err(|r| refuse("time.path", r))?;
                let unit = match t.unit.as_str() {
                    "ms" => TimeUnit::Ms,
                    "s" => TimeUnit::S,
                    "iso" => TimeUnit::Iso,
                    _ => return Err(refuse("time.unit", Reason::NotAllowed)),
                };
                Some((path, unit))
            }
        };
        let reply_path = match &doc.command {
            None => None,
            Some(c) => {
                if c.template.chars().count() > TEMPLATE_CHARS {
                    return Err(refuse("command.template", Reason::TooLong { max: TEMPLATE_CHARS }));
                }
                if serde_json::from_str::<Value>(&fill(&c.template, "w-1", "key", 1.5)).is_err() {
                    return Err(refuse("command.template", Reason::BadJson));
                }
                c.reply_path.as_deref().map(JsonPath::parse).transpose().map_err(|r| refuse("command.replyPath", r))?
            }
        };
        let doc = RuleDoc { topic: topic.to_owned(), ..doc };
        Ok(JsonRule { doc, signals, time, reply_path })
    }

    /// The rule as stored (topic trimmed).
    pub fn doc(&self) -> &RuleDoc {
        &self.doc
    }

    /// Whether a message on `topic` (the device's prefix being `prefix`) is a data message of this rule.
    pub fn is_data_topic(&self, prefix: &str, topic: &str) -> bool {
        let Some(rest) = topic.strip_prefix(prefix) else { return false };
        let below = rest.strip_prefix('/');
        if self.doc.topic.is_empty() {
            return rest.is_empty() || below.is_some_and(|b| b != "cmd" && !b.starts_with("cmd/"));
        }
        below == Some(self.doc.topic.as_str())
    }

    /// What a message says: its time and each signal's value or why there is none. Never fails as a whole but for
    /// bytes that are not a JSON document; a missing path or a wrong type spoils only its own signal.
    pub fn read(&self, message: &[u8], arrived_ms: i64) -> Result<Reading, ReadProblem> {
        let message: Value = serde_json::from_slice(message).map_err(|_| ReadProblem::NotJson)?;
        let t = match &self.time {
            None => Ok(arrived_ms),
            Some((path, unit)) => read_time(&message, path, *unit),
        };
        let values = self
            .signals
            .iter()
            .map(|s| SignalReading {
                key: s.key.clone(),
                path: s.path.text().to_owned(),
                value: read_signal(&message, s),
            })
            .collect();
        Ok(Reading { t, values, reply_id: self.reply_id(&message) })
    }

    /// The command to publish on `{prefix}/cmd` for writing `value` to signal `key`; `None` when the rule has
    /// no command.
    pub fn command(&self, id: &str, key: &str, value: f64) -> Option<String> {
        self.doc.command.as_ref().map(|c| fill(&c.template, id, key, value))
    }

    /// The write id a message echoes at the reply path, if the rule has one and the message carries it.
    fn reply_id(&self, message: &Value) -> Option<String> {
        let found = self.reply_path.as_ref()?.read(message)?;
        Some(found.as_str().map_or_else(|| found.to_string(), str::to_owned))
    }
}

/// What one message read.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The reading's time (ms since the epoch), or why the message's time could not be read.
    pub t: Result<i64, ReadProblem>,
    pub values: Vec<SignalReading>,
    /// The write id the message echoes (see [`CommandDoc::reply_path`]).
    pub reply_id: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SignalReading {
    pub key: String,
    pub path: String,
    pub value: Result<f64, ReadProblem>,
}

/// Why a message, its time or a signal gave no value. Counted per device, the last example kept and shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadProblem {
    NotJson,
    Missing {
        path: String,
    },
    WrongType {
        path: String,
        expected: &'static str,
    },
    /// A number that scaled out of range (infinite).
    OutOfRange {
        path: String,
    },
    BadTime {
        path: String,
    },
}

impl ReadProblem {
    /// What the console shows for it.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (ReadProblem::NotJson, Lang::Zh) => "消息不是 JSON".to_owned(),
            (ReadProblem::NotJson, Lang::En) => "the message is not JSON".to_owned(),
            (ReadProblem::Missing { path }, Lang::Zh) => format!("消息中没有 {path}"),
            (ReadProblem::Missing { path }, Lang::En) => format!("{path} is not in the message"),
            (ReadProblem::WrongType { path, expected }, Lang::Zh) => {
                format!("{path} 不是{}", if *expected == "bool" { "布尔值" } else { "数字" })
            }
            (ReadProblem::WrongType { path, expected }, Lang::En) => {
                format!("{path} is not a {}", if *expected == "bool" { "true/false value" } else { "number" })
            }
            (ReadProblem::OutOfRange { path }, Lang::Zh) => format!("{path} 换算后超出范围"),
            (ReadProblem::OutOfRange { path }, Lang::En) => format!("{path} is out of range once scaled"),
            (ReadProblem::BadTime { path }, Lang::Zh) => format!("{path} 不是可识别的时间"),
            (ReadProblem::BadTime { path }, Lang::En) => format!("{path} is not a time the rule can read"),
        }
    }
}

fn read_signal(message: &Value, s: &Signal) -> Result<f64, ReadProblem> {
    let path = || s.path.text().to_owned();
    let found = s.path.read(message).ok_or_else(|| ReadProblem::Missing { path: path() })?;
    let raw = match (s.kind, found) {
        (Kind::Number, Value::Number(n)) => n.as_f64().ok_or_else(|| ReadProblem::OutOfRange { path: path() })?,
        (Kind::Bool, Value::Bool(b)) => f64::from(u8::from(*b)),
        (Kind::Number, _) => return Err(ReadProblem::WrongType { path: path(), expected: "number" }),
        (Kind::Bool, _) => return Err(ReadProblem::WrongType { path: path(), expected: "bool" }),
    };
    let value = raw * s.scale + s.offset;
    if value.is_finite() { Ok(value) } else { Err(ReadProblem::OutOfRange { path: path() }) }
}

fn read_time(message: &Value, path: &JsonPath, unit: TimeUnit) -> Result<i64, ReadProblem> {
    let bad = || ReadProblem::BadTime { path: path.text().to_owned() };
    let found = path.read(message).ok_or_else(|| ReadProblem::Missing { path: path.text().to_owned() })?;
    let ms = match (unit, found) {
        (TimeUnit::Ms, Value::Number(n)) => n.as_f64(),
        (TimeUnit::S, Value::Number(n)) => n.as_f64().map(|s| s * 1000.0),
        (TimeUnit::Iso, Value::String(text)) => rfc3339_ms(text).map(|ms| ms as f64),
        _ => None,
    };
    // Within years 1970–9999, so that a time in the wrong unit is refused rather than stored absurdly.
    ms.filter(|ms| ms.is_finite() && (0.0..253_402_300_800_000.0).contains(ms))
        .map(|ms| ms.round() as i64)
        .ok_or_else(bad)
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` as ms since the epoch.
fn rfc3339_ms(text: &str) -> Option<i64> {
    let b = text.trim().as_bytes();
    let num = |range: std::ops::Range<usize>| -> Option<i64> {
        let digits = b.get(range)?;
        digits.iter().all(u8::is_ascii_digit).then(|| digits.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
    };
    if b.len() < 20
        || b[4] != b'-'
        || b[7] != b'-'
        || !matches!(b[10], b'T' | b't' | b' ')
        || b[13] != b':'
        || b[16] != b':'
    {
        return None;
    }
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut at = 19;
    let mut millis = 0;
    if b.get(at) == Some(&b'.') {
        let start = at + 1;
        at = start;
        while b.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        let fraction = std::str::from_utf8(&b[start..at]).ok()?;
        millis = format!("{:0<3}", &fraction[..fraction.len().min(3)]).parse::<i64>().ok()?;
    }
    let offset_min = match b.get(at..)? {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let digits = [*h1, *h2, *m1, *m2];
            if !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let minutes = i64::from(h1 - b'0') * 600
                + i64::from(h2 - b'0') * 60
                + i64::from(m1 - b'0') * 10
                + i64::from(m2 - b'0');
            if *sign == b'-' { -minutes } else { minutes }
        }
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    Some(((days * 24 + hour) * 60 + minute - offset_min) * 60_000 + second * 1000 + millis)
}

/// The template with `{{id}}`, `{{signal}}` (JSON strings) and `{{value}}` (a JSON number) filled in.
fn fill(template: &str, id: &str, key: &str, value: f64) -> String {
    let number = serde_json::Number::from_f64(value).map_or_else(|| "null".to_owned(), |n| n.to_string());
    template
        .replace("{{id}}", &Value::String(id.to_owned()).to_string())
        .replace("{{signal}}", &Value::String(key.to_owned()).to_string())
        .replace("{{value}}", &number)
}

#[cfg(test)]
#[path = "json_rule_tests.rs"]
mod tests;

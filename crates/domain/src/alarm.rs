//! Alarm decisions, with no I/O: when does a rule on a signal trigger and when does it release, and when is a
//! gateway or signal "silent" (the no-data alarm).
//!
//! The server keeps one [`RuleState`] per rule in memory and feeds it every fresh reading of the rule's signal
//! ([`RuleState::feed`]) and, every few seconds, the clock ([`RuleState::tick`]): gateways report by exception,
//! so a value that stays put is not reported again, and a delay must be able to run out between readings.
//!
//! Semantics, in one place:
//! - **Condition**: `value <symbol> threshold`; `==` and `!=` compare within [`epsilon`] of the threshold.
//! - **Delay**: the condition must hold continuously for `delay_ms` before the rule triggers; a good reading that
//!   breaks it starts the wait over. Release has no delay.
//! - **Deadband**: once triggered, the rule releases only when the condition no longer holds with the threshold
//!   moved by the deadband towards the normal side: `> 80` with deadband 2 releases at 78 or below, `>= 80` below
//!   78, `< 10` at 12 or above, `== 5` when the value is more than the deadband away from 5, `!= 5` when it is
//!   back within the deadband of 5. With deadband 0 it releases as soon as the condition stops holding.
//! - **Quality**: a bad reading (or one without a finite value) neither triggers, releases nor resets the delay:
//!   it says nothing about the process.
//! - **Order**: readings older than the last one fed are ignored (a gateway replays its buffer after an outage).

use crate::Reason;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A comparison of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[ts(rename = "AlarmSymbol")]
pub enum Symbol {
    #[serde(rename = "==")]
    Eq,
    #[serde(rename = "!=")]
    Ne,
    #[serde(rename = ">")]
    Gt,
    #[serde(rename = "<")]
    Lt,
    #[serde(rename = ">=")]
    Ge,
    #[serde(rename = "<=")]
    Le,
}

impl Symbol {
    /// Every symbol, as a person chooses from them.
    pub const ALL: [Symbol; 6] = [Symbol::Eq, Symbol::Ne, Symbol::Gt, Symbol::Lt, Symbol::Ge, Symbol::Le];

    /// The symbol as written (`==`, `!=`, `>`, `<`, `>=`, `<=`).
    pub fn as_str(self) -> &'static str {
        match self {
            Symbol::Eq => "==",
            Symbol::Ne => "!=",
            Symbol::Gt => ">",
            Symbol::Lt => "<",
            Symbol::Ge => ">=",
            Symbol::Le => "<=",
        }
    }

    /// Reads a symbol as written; surrounding spaces are allowed.
    pub fn parse(text: &str) -> Option<Symbol> {
        let text = text.trim();
        Symbol::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// How close to the threshold counts as equal for `==` and `!=`: a millionth of the threshold's size, at least
/// a millionth. Values pass through scaling and float registers, so exact equality would rarely hold.
pub fn epsilon(threshold: f64) -> f64 {
    1e-6 * threshold.abs().max(1.0)
}

/// What a rule checks: the part of a stored rule the decision needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Condition {
    pub symbol: Symbol,
    pub threshold: f64,
    /// How far back past the threshold the value must go to release; at least 0.
    pub deadband: f64,
    /// How long the condition must hold before the rule triggers, in ms; at least 0.
    pub delay_ms: i64,
}

impl Condition {
    /// True when `value` meets the condition.
    pub fn holds(&self, value: f64) -> bool {
        let t = self.threshold;
        match self.symbol {
            Symbol::Eq => (value - t).abs() <= epsilon(t),
            Symbol::Ne => (value - t).abs() > epsilon(t),
            Symbol::Gt => value > t,
            Symbol::Lt => value < t,
            Symbol::Ge => value >= t,
            Symbol::Le => value <= t,
        }
    }

    /// True when a triggered rule may release at `value`: the condition no longer holds with the threshold moved
    /// by the deadband towards the normal side.
    pub fn releases(&self, value: f64) -> bool {
        let t = self.threshold;
        let d = self.deadband.max(0.0);
        match self.symbol {
            Symbol::Eq => (value - t).abs() > d + epsilon(t),
            Symbol::Ne => (value - t).abs() <= d.max(epsilon(t)),
            Symbol::Gt => value <= t - d,
            Symbol::Lt => value >= t + d,
            Symbol::Ge => value < t - d,
            Symbol::Le => value > t + d,
        }
    }
}

/// One reading of the rule's signal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Time of the reading, ms since the epoch.
    pub t: i64,
    pub value: Option<f64>,
    pub good: bool,
}

/// A change of a rule's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transition {
    /// The alarm starts at `t` with `value`.
    Trigger { t: i64, value: f64 },
    /// The alarm ends at `t` with `value`.
    Release { t: i64, value: f64 },
}

/// What a rule remembers between readings.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RuleState {
    /// True while the alarm is on (triggered, not yet released).
    pub active: bool,
    /// Since when the condition has held without the rule having triggered yet (the delay is running).
    pub holding_since: Option<i64>,
    /// The last good value fed, reported when a delay runs out between readings.
    pub last_value: Option<f64>,
    /// Time of the last reading fed (good or bad), to ignore older ones.
    pub last_t: Option<i64>,
}

impl RuleState {
    /// A state that is already triggered (loaded from an open alarm record at start-up).
    pub fn triggered() -> RuleState {
        RuleState { active: true, ..RuleState::default() }
    }

    /// Feeds one reading; answers the transition it causes, if any.
    pub fn feed(&mut self, condition: &Condition, reading: Reading) -> Option<Transition> {
        if self.last_t.is_some_and(|last| reading.t < last) {
            return None;
        }
        self.last_t = Some(reading.t);
        let value = match reading.value {
            Some(v) if reading.good && v.is_finite() => v,
            _ => return None,
        };
        self.last_value = Some(value);
        if self.active {
            if condition.releases(value) {
                self.active = false;
                self.holding_since = None;
                return Some(Transition::Release { t: reading.t, value });
            }
            return None;
        }
        if !condition.holds(value) {
            self.holding_since = None;
            return None;
        }
        let since = *self.holding_since.get_or_insert(reading.t);
        self.due(condition, reading.t, since, value)
    }

    /// Lets time pass without a reading: a running delay that has run out by `now` triggers, with the last
    /// value (which still holds, since nothing newer was reported).
    pub fn tick(&mut self, condition: &Condition, now: i64) -> Option<Transition> {
        match (self.active, self.holding_since, self.last_value) {
            (false, Some(since), Some(value)) => self.due(condition, now, since, value),
            _ => None,
        }
    }

    fn due(&mut self, condition: &Condition, now: i64, since: i64, value: f64) -> Option<Transition> {
        if now.saturating_sub(since) >= condition.delay_ms.max(0) {
            self.active = true;
            self.holding_since = None;
            Some(Transition::Trigger { t: now, value })
        } else {
            None
        }
    }
}

/// A gateway or signal is silent after this many report periods without a reading.
pub const SILENT_PERIODS: i64 = 3;

/// True when nothing was heard since `last_heard` for [`SILENT_PERIODS`] report periods of `period_ms` at `now`.
/// A period of 0 or less is taken as 60 s (the gateway's default sample period).
pub fn is_silent(last_heard: i64, now: i64, period_ms: i64) -> bool {
    let period = if period_ms > 0 { period_ms } else { 60_000 };
    now.saturating_sub(last_heard) >= period.saturating_mul(SILENT_PERIODS)
}

/// The text of a no-data alarm, in both languages: `(zh, en)`.
pub fn no_data_message(gateway: bool) -> (String, String) {
    if gateway {
        (
            format!("网关超过 {SILENT_PERIODS} 个上报周期无数据"),
            format!("No data from the gateway for {SILENT_PERIODS} report periods"),
        )
    } else {
        (
            format!("变量超过 {SILENT_PERIODS} 个上报周期无数据"),
            format!("No data from the signal for {SILENT_PERIODS} report periods"),
        )
    }
}

/// Alarm levels: 1 is the most urgent, 3 the least.
pub const LEVELS: std::ops::RangeInclusive<i64> = 1..=3;

/// How often the console repeats the alarm sound while the alarm is unreleased (the message's
/// `alarmBroadcastTimes`): 3 times for level 1, 2 for level 2, once for level 3.
pub fn broadcast_times(level: i64) -> i64 {
    (4 - level).clamp(1, 3)
}

/// Most rules one signal may have.
pub const MAX_RULES_PER_SIGNAL: usize = 10;
/// Longest delay a rule may have: one day, in ms.
pub const MAX_DELAY_MS: i64 = 86_400_000;
/// Longest alarm message, in characters (each language).
pub const MAX_MESSAGE_CHARS: usize = 200;

/// A rule as a person saved it, checked field by field.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleDraft {
    /// 0 for a new rule; otherwise the id of one of the signal's rules, kept.
    pub id: i64,
    pub condition: Condition,
    pub level: i64,
    pub msg_zh: String,
    pub msg_en: String,
    pub enabled: bool,
}

/// Why a rule was refused: the field inside the rule (`symbol`, `value`, …) and the reason.
pub type RuleError = (&'static str, Reason);

/// A number given as JSON or as text (a form sends text).
fn number(item: &Value, field: &'static str) -> Result<Option<f64>, RuleError> {
    crate::validate::finite_number(item.get(field)).map_err(|reason| (field, reason))
}

/// A whole number in `min..=max`, or `default` when absent.
fn whole(item: &Value, field: &'static str, min: i64, max: i64, default: i64) -> Result<i64, RuleError> {
    let value = match number(item, field).map_err(|_| (field, Reason::NotInteger))? {
        None => default,
        Some(v) if v.fract() == 0.0 && v.abs() < 9.0e15 => v as i64,
        Some(_) => return Err((field, Reason::NotInteger)),
    };
    if !(min..=max).contains(&value) {
        return Err((field, Reason::OutOfRange { min, max }));
    }
    Ok(value)
}

/// A message: required, 1 to [`MAX_MESSAGE_CHARS`] characters after trimming, no control characters.
fn message(item: &Value, field: &'static str) -> Result<String, RuleError> {
    let text = match item.get(field) {
        None | Some(Value::Null) => "",
        Some(Value::String(s)) => s.trim(),
        Some(_) => return Err((field, Reason::NotText)),
    };
    if text.is_empty() {
        return Err((field, Reason::Required));
    }
    if text.chars().count() > MAX_MESSAGE_CHARS {
        return Err((field, Reason::TooLong { max: MAX_MESSAGE_CHARS }));
    }
    if text.chars().any(char::is_control) {
        return Err((field, Reason::ControlCharacters));
    }
    Ok(text.to_owned())
}

/// `true`/`false`, `1`/`0` or their texts; `default` when absent.
fn flag(item: &Value, field: &'static str, default: bool) -> Result<bool, RuleError> {
    match item.get(field) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::Number(n)) if n.as_i64() == Some(1) => Ok(true),
        Some(Value::Number(n)) if n.as_i64() == Some(0) => Ok(false),
        Some(Value::String(s)) => match s.trim() {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err((field, Reason::NotAllowed)),
        },
        Some(_) => Err((field, Reason::NotAllowed)),
    }
}

impl RuleDraft {
    /// Reads one rule object: `{id?, symbol, value, deadband?, delay?, level?, msgZh, msgEn, enabled?}`.
    /// Deadband and delay default to 0, level to 1, enabled to true. The first refused field is named.
    pub fn parse(item: &Value) -> Result<RuleDraft, RuleError> {
        if !item.is_object() {
            return Err(("", Reason::NotObject));
        }
        let id = whole(item, "id", 0, i64::MAX, 0)?;
        let symbol = match item.get("symbol") {
            None | Some(Value::Null) => return Err(("symbol", Reason::Required)),
            Some(Value::String(s)) if s.trim().is_empty() => return Err(("symbol", Reason::Required)),
            Some(Value::String(s)) => Symbol::parse(s).ok_or(("symbol", Reason::NotAllowed))?,
            Some(_) => return Err(("symbol", Reason::NotAllowed)),
        };
        let threshold = number(item, "value")?.ok_or(("value", Reason::Required))?;
        let deadband = number(item, "deadband")?.unwrap_or(0.0);
        if deadband < 0.0 {
            return Err(("deadband", Reason::Negative));
        }
        let delay_ms = whole(item, "delay", 0, MAX_DELAY_MS, 0)?;
        let level = whole(item, "level", *LEVELS.start(), *LEVELS.end(), *LEVELS.start())?;
        let msg_zh = message(item, "msgZh")?;
        let msg_en = message(item, "msgEn")?;
        let enabled = flag(item, "enabled", true)?;
        Ok(RuleDraft {
            id,
            condition: Condition { symbol, threshold, deadband, delay_ms },
            level,
            msg_zh,
            msg_en,
            enabled,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rule(symbol: Symbol, threshold: f64, deadband: f64, delay_ms: i64) -> Condition {
        Condition { symbol, threshold, deadband, delay_ms }
    }

    fn good(t: i64, v: f64) -> Reading {
        Reading { t, value: Some(v), good: true }
    }

    fn bad(t: i64, v: Option<f64>) -> Reading {
        Reading { t, value: v, good: false }
    }

    /// Feeds `(t, value)` pairs and answers the transitions as `('T' | 'R', t)`.
    fn run(condition: Condition, readings: &[(i64, f64)]) -> Vec<(char, i64)> {
        let mut state = RuleState::default();
        readings
            .iter()
            .filter_map(|&(t, v)| state.feed(&condition, good(t, v)))
            .map(|tr| match tr {
                Transition::Trigger { t, .. } => ('T', t),
                Transition::Release { t, .. } => ('R', t),
            })
            .collect()
    }

    fn draft(json: serde_json::Value) -> Result<RuleDraft, RuleError> {
        RuleDraft::parse(&json)
    }

    #[test]
    fn a_rule_reads_from_json_or_form_text() {
        let full = json!({"id": 7, "symbol": ">=", "value": 80.5, "deadband": 2, "delay": 5000, "level": 2,
                          "msgZh": " 液位过高 ", "msgEn": "Level high", "enabled": false});
        let rule = draft(full).unwrap();
        assert_eq!(rule.id, 7);
        assert_eq!(rule.condition, Condition { symbol: Symbol::Ge, threshold: 80.5, deadband: 2.0, delay_ms: 5000 });
        assert_eq!((rule.level, rule.msg_zh.as_str(), rule.enabled), (2, "液位过高", false));
        let text = draft(json!({"symbol": "<", "value": "-3.5", "delay": "100", "level": "3", "msgZh": "低",
                                "msgEn": "Low", "enabled": "1"}))
        .unwrap();
        assert_eq!(text.condition.threshold, -3.5);
        assert_eq!((text.id, text.condition.delay_ms, text.level, text.enabled), (0, 100, 3, true));
        let defaults = draft(json!({"symbol": "==", "value": 1, "msgZh": "a", "msgEn": "b"})).unwrap();
        assert_eq!((defaults.condition.deadband, defaults.condition.delay_ms, defaults.level), (0.0, 0, 1));
        assert!(defaults.enabled);
    }

    #[test]
    fn every_field_is_checked_by_name() {
        let base =
            json!({"symbol": ">", "value": 1, "deadband": 0, "delay": 0, "level": 1, "msgZh": "高", "msgEn": "High"});
        let with = |field: &str, value: serde_json::Value| {
            let mut item = base.clone();
            item[field] = value;
            draft(item).err()
        };
        let without = |field: &str| {
            let mut item = base.clone();
            item.as_object_mut().unwrap().remove(field);
            draft(item).err()
        };
        assert_eq!(with("symbol", json!("=>")), Some(("symbol", Reason::NotAllowed)));
        assert_eq!(with("symbol", json!(1)), Some(("symbol", Reason::NotAllowed)));
        assert_eq!(without("symbol"), Some(("symbol", Reason::Required)));
        assert_eq!(with("value", json!("high")), Some(("value", Reason::NotNumber)));
        assert_eq!(with("value", json!("NaN")), Some(("value", Reason::NotNumber)));
        assert_eq!(with("value", json!("inf")), Some(("value", Reason::NotNumber)));
        assert_eq!(without("value"), Some(("value", Reason::Required)));
        assert_eq!(with("deadband", json!(-0.1)), Some(("deadband", Reason::Negative)));
        assert_eq!(with("deadband", json!("x")), Some(("deadband", Reason::NotNumber)));
        assert_eq!(with("delay", json!(-1)), Some(("delay", Reason::OutOfRange { min: 0, max: MAX_DELAY_MS })));
        assert_eq!(with("delay", json!(86_400_001)), Some(("delay", Reason::OutOfRange { min: 0, max: MAX_DELAY_MS })));
        assert_eq!(with("delay", json!(1.5)), Some(("delay", Reason::NotInteger)));
        assert!(with("delay", json!(86_400_000)).is_none());
        assert_eq!(with("level", json!(0)), Some(("level", Reason::OutOfRange { min: 1, max: 3 })));
        assert_eq!(with("level", json!(4)), Some(("level", Reason::OutOfRange { min: 1, max: 3 })));
        assert_eq!(with("msgZh", json!("  ")), Some(("msgZh", Reason::Required)));
        assert_eq!(without("msgEn"), Some(("msgEn", Reason::Required)));
        assert_eq!(with("msgEn", json!("x".repeat(201))), Some(("msgEn", Reason::TooLong { max: 200 })));
        assert!(with("msgZh", json!("高".repeat(200))).is_none(), "characters, not bytes");
        assert_eq!(with("msgEn", json!("a\u{7}b")), Some(("msgEn", Reason::ControlCharacters)));
        assert_eq!(with("msgEn", json!(5)), Some(("msgEn", Reason::NotText)));
        assert_eq!(with("enabled", json!("maybe")), Some(("enabled", Reason::NotAllowed)));
        assert_eq!(with("id", json!(-1)), Some(("id", Reason::OutOfRange { min: 0, max: i64::MAX })));
        assert_eq!(draft(json!([1])).err(), Some(("", Reason::NotObject)));
    }

    #[test]
    fn symbols_read_and_write_alike() {
        for s in Symbol::ALL {
            assert_eq!(Symbol::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        assert_eq!(Symbol::parse(" >= "), Some(Symbol::Ge));
        assert_eq!(Symbol::parse("=>"), None);
        assert_eq!(Symbol::parse("="), None);
        assert_eq!(Symbol::parse(""), None);
    }

    #[test]
    fn each_symbol_holds_as_written() {
        let cases = [
            (Symbol::Gt, [false, false, true]),
            (Symbol::Ge, [false, true, true]),
            (Symbol::Lt, [true, false, false]),
            (Symbol::Le, [true, true, false]),
            (Symbol::Eq, [false, true, false]),
            (Symbol::Ne, [true, false, true]),
        ];
        for (symbol, expected) in cases {
            let c = rule(symbol, 10.0, 0.0, 0);
            assert_eq!([c.holds(9.0), c.holds(10.0), c.holds(11.0)], expected, "{}", symbol.as_str());
        }
    }

    #[test]
    fn equality_allows_a_small_epsilon() {
        let c = rule(Symbol::Eq, 0.3, 0.0, 0);
        assert!(c.holds(0.1 + 0.2), "0.1 + 0.2 is 0.3 for an alarm");
        assert!(!c.holds(0.3001));
        let big = rule(Symbol::Eq, 1_000_000.0, 0.0, 0);
        assert!(big.holds(1_000_000.5), "relative to the threshold's size");
        assert!(!big.holds(1_000_002.0));
        let ne = rule(Symbol::Ne, 1.0, 0.0, 0);
        assert!(!ne.holds(1.0 + 1e-9));
        assert!(ne.holds(1.001));
    }

    #[test]
    fn each_symbol_triggers_and_releases_without_deadband() {
        assert_eq!(
            run(rule(Symbol::Gt, 80.0, 0.0, 0), &[(1, 79.0), (2, 81.0), (3, 82.0), (4, 80.0)]),
            [('T', 2), ('R', 4)]
        );
        assert_eq!(run(rule(Symbol::Ge, 80.0, 0.0, 0), &[(1, 80.0), (2, 80.0), (3, 79.9)]), [('T', 1), ('R', 3)]);
        assert_eq!(run(rule(Symbol::Lt, 10.0, 0.0, 0), &[(1, 11.0), (2, 9.0), (3, 10.0)]), [('T', 2), ('R', 3)]);
        assert_eq!(run(rule(Symbol::Le, 10.0, 0.0, 0), &[(1, 10.0), (2, 10.1)]), [('T', 1), ('R', 2)]);
        assert_eq!(run(rule(Symbol::Eq, 1.0, 0.0, 0), &[(1, 0.0), (2, 1.0), (3, 1.0), (4, 0.0)]), [('T', 2), ('R', 4)]);
        assert_eq!(run(rule(Symbol::Ne, 1.0, 0.0, 0), &[(1, 1.0), (2, 0.0), (3, 1.0)]), [('T', 2), ('R', 3)]);
    }

    #[test]
    fn deadband_holds_the_alarm_until_the_value_is_back_past_it() {
        // > 80 with deadband 2: releases at 78 or below, not at 79.
        let c = rule(Symbol::Gt, 80.0, 2.0, 0);
        assert_eq!(run(c, &[(1, 81.0), (2, 79.0), (3, 78.5), (4, 81.0), (5, 78.0)]), [('T', 1), ('R', 5)]);
        assert_eq!(run(c, &[(1, 81.0), (2, 77.0), (3, 79.0), (4, 80.5)]), [('T', 1), ('R', 2), ('T', 4)]);
        // >= 80: strictly below 78.
        assert_eq!(run(rule(Symbol::Ge, 80.0, 2.0, 0), &[(1, 80.0), (2, 78.0), (3, 77.9)]), [('T', 1), ('R', 3)]);
        // < 10 with deadband 1: releases at 11 or above.
        assert_eq!(run(rule(Symbol::Lt, 10.0, 1.0, 0), &[(1, 9.0), (2, 10.5), (3, 11.0)]), [('T', 1), ('R', 3)]);
        // <= 10: strictly above 11.
        assert_eq!(run(rule(Symbol::Le, 10.0, 1.0, 0), &[(1, 10.0), (2, 11.0), (3, 11.1)]), [('T', 1), ('R', 3)]);
        // == 5 with deadband 0.5: releases only more than 0.5 away.
        assert_eq!(run(rule(Symbol::Eq, 5.0, 0.5, 0), &[(1, 5.0), (2, 5.4), (3, 4.6), (4, 5.6)]), [('T', 1), ('R', 4)]);
        // != 5 with deadband 0.5: releases only back within 0.5 of 5.
        assert_eq!(run(rule(Symbol::Ne, 5.0, 0.5, 0), &[(1, 7.0), (2, 5.6), (3, 5.4)]), [('T', 1), ('R', 3)]);
    }

    #[test]
    fn delay_needs_the_condition_to_hold_continuously() {
        let c = rule(Symbol::Gt, 80.0, 0.0, 1000);
        assert_eq!(run(c, &[(0, 81.0), (500, 82.0), (999, 83.0), (1000, 84.0)]), [('T', 1000)]);
        // A reading that breaks the condition starts the wait over.
        assert_eq!(run(c, &[(0, 81.0), (600, 79.0), (700, 81.0), (1500, 81.0), (1700, 81.0)]), [('T', 1700)]);
        // Release is immediate.
        assert_eq!(run(c, &[(0, 81.0), (1000, 81.0), (1001, 70.0)]), [('T', 1000), ('R', 1001)]);
    }

    #[test]
    fn a_delay_runs_out_between_readings() {
        let c = rule(Symbol::Gt, 80.0, 0.0, 1000);
        let mut state = RuleState::default();
        assert_eq!(state.feed(&c, good(0, 90.0)), None);
        assert_eq!(state.tick(&c, 999), None);
        assert_eq!(state.tick(&c, 1000), Some(Transition::Trigger { t: 1000, value: 90.0 }));
        assert_eq!(state.tick(&c, 5000), None, "triggers once");
        assert!(state.active);
        // Nothing is pending without a holding value.
        let mut idle = RuleState::default();
        assert_eq!(idle.tick(&c, 10_000), None);
        assert_eq!(idle.feed(&c, good(0, 10.0)), None);
        assert_eq!(idle.tick(&c, 10_000), None);
    }

    #[test]
    fn bad_quality_neither_triggers_releases_nor_resets() {
        let c = rule(Symbol::Gt, 80.0, 0.0, 0);
        let mut state = RuleState::default();
        assert_eq!(state.feed(&c, bad(1, Some(99.0))), None, "a bad reading does not trigger");
        assert_eq!(state.feed(&c, bad(2, None)), None);
        assert_eq!(state.feed(&c, good(3, f64::NAN)), None, "no finite value is like a bad reading");
        assert!(!state.active);
        assert_eq!(state.feed(&c, good(4, 90.0)), Some(Transition::Trigger { t: 4, value: 90.0 }));
        assert_eq!(state.feed(&c, bad(5, Some(10.0))), None, "a bad reading does not release");
        assert!(state.active);
        assert_eq!(state.feed(&c, good(6, 10.0)), Some(Transition::Release { t: 6, value: 10.0 }));

        // A bad reading in the middle of a delay does not restart it.
        let delayed = rule(Symbol::Gt, 80.0, 0.0, 1000);
        let mut state = RuleState::default();
        assert_eq!(state.feed(&delayed, good(0, 90.0)), None);
        assert_eq!(state.feed(&delayed, bad(500, Some(10.0))), None);
        assert_eq!(state.feed(&delayed, good(1000, 90.0)), Some(Transition::Trigger { t: 1000, value: 90.0 }));
    }

    #[test]
    fn older_readings_are_ignored() {
        let c = rule(Symbol::Gt, 80.0, 0.0, 0);
        let mut state = RuleState::default();
        assert!(state.feed(&c, good(10, 90.0)).is_some());
        assert_eq!(state.feed(&c, good(5, 10.0)), None, "a replayed older value does not release");
        assert!(state.active);
        assert!(state.feed(&c, good(10, 10.0)).is_some(), "same time is not older");
    }

    #[test]
    fn a_loaded_open_alarm_releases_on_the_next_normal_value() {
        let c = rule(Symbol::Lt, 10.0, 0.0, 0);
        let mut state = RuleState::triggered();
        assert_eq!(state.feed(&c, good(1, 5.0)), None);
        assert_eq!(state.feed(&c, good(2, 15.0)), Some(Transition::Release { t: 2, value: 15.0 }));
    }

    #[test]
    fn silence_is_three_report_periods() {
        assert!(!is_silent(0, 179_999, 60_000));
        assert!(is_silent(0, 180_000, 60_000));
        assert!(is_silent(1000, 4000, 1000));
        assert!(!is_silent(1000, 3999, 1000));
        assert!(is_silent(0, 180_000, 0), "an unset period is 60 s");
        assert!(!is_silent(5000, 0, 1000), "a time in the future is not silence");
    }

    #[test]
    fn levels_set_how_often_the_sound_repeats() {
        assert_eq!(LEVELS.map(broadcast_times).collect::<Vec<_>>(), [3, 2, 1]);
        assert_eq!(broadcast_times(9), 1);
        let (zh, en) = no_data_message(true);
        assert!(zh.contains('3') && en.contains("gateway"));
        assert_ne!(no_data_message(false).1, en);
    }
}

//! State texts of a signal (a value map): what a digital or enumerated value means to an operator, e.g.
//! `0 → 停止 / Stopped` in grey, `1 → 运行 / Running` in green, `2 → 故障 / Fault` in red.
//!
//! The map is presentation only: readings are stored, alarmed on and written as numbers, and a screen shows the
//! matching state's text (in the console's language) and colour beside or instead of the number. A value matches
//! a state when it equals the state's value within [`MATCH_EPSILON`] (an engineering value is `raw × scale +
//! offset`, so a scaled register can land a hair off a whole number).

use crate::Reason;
use crate::limits::{STATE_TEXT_CHARS, STATE_TEXTS_PER_SIGNAL};
use serde::{Deserialize, Serialize};

/// How far a value may be from a state's value and still match it.
pub const MATCH_EPSILON: f64 = 1e-6;
/// The largest state value magnitude: every whole number up to it is exact in a JavaScript number.
pub const STATE_VALUE_MAX: f64 = 9_007_199_254_740_991.0;

/// One state: a whole-number value, its text in both console languages and an optional colour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct StateText {
    /// The engineering value (after scale and offset) this state names; a whole number.
    pub value: f64,
    /// The text in Chinese; when empty, the English text is shown in both languages.
    #[serde(default)]
    pub zh: String,
    /// The text in English; when empty, the Chinese text is shown in both languages.
    #[serde(default)]
    pub en: String,
    /// `#RGB` or `#RRGGBB`; empty for the screen's usual text colour.
    #[serde(default)]
    pub color: String,
}

impl StateText {
    /// The text in `lang`, or the other language's when this one was left empty.
    pub fn text(&self, lang: crate::Lang) -> &str {
        let (own, other) = match lang {
            crate::Lang::Zh => (&self.zh, &self.en),
            crate::Lang::En => (&self.en, &self.zh),
        };
        if own.trim().is_empty() { other.trim() } else { own.trim() }
    }
}

/// The state `value` is in, if the map names it.
pub fn state_of(map: &[StateText], value: f64) -> Option<&StateText> {
    if !value.is_finite() {
        return None;
    }
    map.iter().find(|s| (s.value - value).abs() <= MATCH_EPSILON)
}

/// A refused entry: its index in the list, the field (`value`, `zh`, `en`, `color`) and why. A refusal of the
/// list as a whole (too many entries) has no index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateTextError {
    pub index: Option<usize>,
    pub field: &'static str,
    pub reason: Reason,
}

impl StateTextError {
    /// The dotted path below the map's own (`3.value`, or empty for the list).
    pub fn path(&self) -> String {
        match self.index {
            Some(i) => format!("{i}.{}", self.field),
            None => String::new(),
        }
    }
}

fn refuse(index: usize, field: &'static str, reason: Reason) -> Result<(), StateTextError> {
    Err(StateTextError { index: Some(index), field, reason })
}

/// Checks a map: at most [`STATE_TEXTS_PER_SIGNAL`] states; each a whole number (0 or 1 for an on/off signal)
/// not named twice, at least one text, no text over [`STATE_TEXT_CHARS`] or holding control characters, and a
/// colour that is a colour.
pub fn check(map: &[StateText], on_off: bool) -> Result<(), StateTextError> {
    if map.len() > STATE_TEXTS_PER_SIGNAL {
        return Err(StateTextError { index: None, field: "", reason: Reason::TooMany { max: STATE_TEXTS_PER_SIGNAL } });
    }
    for (i, state) in map.iter().enumerate() {
        let v = state.value;
        if !v.is_finite() || v.fract() != 0.0 || v.abs() > STATE_VALUE_MAX {
            return refuse(i, "value", Reason::NotInteger);
        }
        if on_off && v != 0.0 && v != 1.0 {
            return refuse(i, "value", Reason::OutOfRange { min: 0, max: 1 });
        }
        if map[..i].iter().any(|earlier| earlier.value == v) {
            return refuse(i, "value", Reason::DuplicateValue);
        }
        if state.zh.trim().is_empty() && state.en.trim().is_empty() {
            return refuse(i, "zh", Reason::Required);
        }
        for (field, text) in [("zh", &state.zh), ("en", &state.en)] {
            if text.trim().chars().count() > STATE_TEXT_CHARS {
                return refuse(i, field, Reason::TooLong { max: STATE_TEXT_CHARS });
            }
            if text.chars().any(char::is_control) {
                return refuse(i, field, Reason::ControlCharacters);
            }
        }
        let colour = state.color.trim();
        let rgb = crate::page::is_colour(colour) && matches!(colour.len(), 4 | 7);
        if !colour.is_empty() && !rgb {
            return refuse(i, "color", Reason::NotColour);
        }
    }
    Ok(())
}

/// A rule's message with the state its signal's value is in, when the signal's value map names it: "变为故障" /
/// "changed to Fault" for a rule without a message, "压力高（故障）" / "Pressure high (Fault)" for one with.
pub fn message_with_state(message: &str, state: Option<&StateText>, lang: crate::Lang) -> String {
    let message = message.trim();
    let Some(text) = state.map(|s| s.text(lang)).filter(|t| !t.is_empty()) else { return message.to_owned() };
    match (message.is_empty(), lang) {
        (true, crate::Lang::Zh) => format!("变为{text}"),
        (true, crate::Lang::En) => format!("changed to {text}"),
        (false, crate::Lang::Zh) => format!("{message}（{text}）"),
        (false, crate::Lang::En) => format!("{message} ({text})"),
    }
}

/// The map as stored: texts trimmed, colours lower-cased, entries in value order.
pub fn normalised(map: &[StateText]) -> Vec<StateText> {
    let mut out: Vec<StateText> = map
        .iter()
        .map(|s| StateText {
            value: s.value,
            zh: s.zh.trim().to_owned(),
            en: s.en.trim().to_owned(),
            color: s.color.trim().to_ascii_lowercase(),
        })
        .collect();
    out.sort_by(|a, b| a.value.total_cmp(&b.value));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    fn state(value: f64, zh: &str, en: &str, color: &str) -> StateText {
        StateText { value, zh: zh.into(), en: en.into(), color: color.into() }
    }

    fn pump() -> Vec<StateText> {
        vec![
            state(0.0, "停止", "Stopped", "#8c8c8c"),
            state(1.0, "运行", "Running", "#52c41a"),
            state(2.0, "故障", "Fault", "#f5222d"),
        ]
    }

    #[test]
    fn a_sound_map_passes_and_values_find_their_state() {
        let map = pump();
        assert_eq!(check(&map, false), Ok(()));
        assert_eq!(state_of(&map, 2.0).map(|s| s.text(Lang::En)), Some("Fault"));
        assert_eq!(state_of(&map, 1.000_000_1).map(|s| s.text(Lang::Zh)), Some("运行"));
        assert_eq!(state_of(&map, 1.5), None);
        assert_eq!(state_of(&map, f64::NAN), None);
    }

    #[test]
    fn one_language_may_stand_for_both() {
        let s = state(1.0, "运行", " ", "");
        assert_eq!(s.text(Lang::En), "运行");
        assert_eq!(check(&[s], true), Ok(()));
    }

    #[test]
    fn refusals_name_the_entry_and_field() {
        let at = |map: Vec<StateText>, on_off| check(&map, on_off).map_err(|e| (e.path(), e.reason));
        assert_eq!(at(vec![state(0.5, "a", "", "")], false), Err(("0.value".into(), Reason::NotInteger)));
        assert_eq!(at(vec![state(f64::INFINITY, "a", "", "")], false), Err(("0.value".into(), Reason::NotInteger)));
        assert_eq!(
            at(vec![state(0.0, "a", "", ""), state(2.0, "b", "", "")], true),
            Err(("1.value".into(), Reason::OutOfRange { min: 0, max: 1 }))
        );
        assert_eq!(
            at(vec![state(1.0, "a", "", ""), state(1.0, "b", "", "")], false),
            Err(("1.value".into(), Reason::DuplicateValue))
        );
        assert_eq!(at(vec![state(1.0, " ", "", "")], false), Err(("0.zh".into(), Reason::Required)));
        let long = "x".repeat(STATE_TEXT_CHARS + 1);
        assert_eq!(
            at(vec![state(1.0, "a", &long, "")], false),
            Err(("0.en".into(), Reason::TooLong { max: STATE_TEXT_CHARS }))
        );
        assert_eq!(at(vec![state(1.0, "a\nb", "", "")], false), Err(("0.zh".into(), Reason::ControlCharacters)));
        for bad in ["red", "#12", "#12345678", "#ggg"] {
            assert_eq!(at(vec![state(1.0, "a", "", bad)], false), Err(("0.color".into(), Reason::NotColour)), "{bad}");
        }
        assert_eq!(at(vec![state(1.0, "a", "", "#ABC")], false), Ok(()));
        let many: Vec<StateText> = (0..=STATE_TEXTS_PER_SIGNAL).map(|i| state(i as f64, "s", "", "")).collect();
        assert_eq!(at(many, false), Err((String::new(), Reason::TooMany { max: STATE_TEXTS_PER_SIGNAL })));
    }

    #[test]
    fn messages_name_the_state() {
        let fault = StateText { value: 2.0, zh: "故障".into(), en: "Fault".into(), color: String::new() };
        assert_eq!(message_with_state("", Some(&fault), Lang::En), "changed to Fault");
        assert_eq!(message_with_state(" 压力高 ", Some(&fault), Lang::Zh), "压力高（故障）");
        assert_eq!(message_with_state("Pressure high", Some(&fault), Lang::En), "Pressure high (Fault)");
        assert_eq!(message_with_state("Pressure high", None, Lang::En), "Pressure high");
    }

    #[test]
    fn stored_maps_are_trimmed_and_ordered() {
        let map = normalised(&[state(2.0, " 故障 ", "Fault ", "#F5222D"), state(0.0, "停止", "Stopped", "")]);
        assert_eq!(map, vec![state(0.0, "停止", "Stopped", ""), state(2.0, "故障", "Fault", "#f5222d")]);
    }
}

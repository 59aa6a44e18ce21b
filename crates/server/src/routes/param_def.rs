//! A route's parameters, declared once in its row: name, kind with its bounds, whether required, and what it means.
//!
//! The row is the one place a parameter is described. The handler reads it by name through [`crate::params::Params`],
//! whose getters apply the declared bounds (so a limit is not repeated in the handler), and the OpenAPI description
//! writes the same bounds as `minimum`, `maximum`, `maxLength` and `maxItems`. Every bound is a constant of
//! `ironsight_domain::limits`, which the web app's forms read too. In debug builds a handler that reads a name its
//! row does not declare panics ([`crate::params`]), so the rows stay complete.
//!
//! Rows stay one line each: `int("pageSize", 1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT)`,
//! `text("name").max(limits::GROUP_NAME_CHARS).required().doc("…")`. Every builder is a `const fn`, so shared rows
//! are constants and a wrong use (a maximum on a number, a default outside its range) fails the build.

use serde_json::{Value, json};

/// What a parameter holds, with the bounds its getter applies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A whole number in `min..=max` (a form's text of digits or a JSON number), refused outside it with
    /// `OutOfRange {min, max}`; `default` is what `Params::int_or_default` answers when it is absent. Ids and times
    /// span the whole `i64` ([`integer`]): what they name is the access layer's and the store's to check.
    Int { min: i64, max: i64, default: Option<i64> },
    /// A finite number in `min..=max`, refused outside it with `OutOfRange` (the bounds as whole numbers).
    Number { min: f64, max: f64 },
    /// Text of at most `max` characters as a person counts them, once trimmed (every handler that bounds a text
    /// trims it; one that keeps spaces, a password, refuses the whole text with its own type by the same limit):
    /// `TooLong {max}` beyond it. `None`: the handler bounds it otherwise (a JSON document in bytes) or not at all.
    Text { max: Option<usize> },
    /// A non-empty list of at most `max` ids: repeated keys, `field.0`, `field.1`, …, a JSON array, a
    /// comma-separated text or one number; `TooMany {max}` beyond it.
    Ids { max: usize },
    /// Any other list (permission codes, channels, signal definitions, alarm rules), as an array or a JSON text;
    /// the handler reads it item by item.
    List,
    /// `true` or `false`.
    Bool,
    /// A JSON object, as nested parameters or a JSON text.
    Object,
}

/// One parameter of a route.
#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    pub description: &'static str,
}

const fn def(name: &'static str, kind: Kind) -> ParamDef {
    ParamDef { name, kind, required: false, description: "" }
}

/// A whole number in `min..=max`.
pub const fn int(name: &'static str, min: i64, max: i64) -> ParamDef {
    assert!(min <= max, "an integer parameter's minimum is above its maximum");
    def(name, Kind::Int { min, max, default: None })
}

/// Any whole number: an id (the access layer and the store decide what it names; 0 or less names nothing) or a time
/// in ms since the epoch.
pub const fn integer(name: &'static str) -> ParamDef {
    def(name, Kind::Int { min: i64::MIN, max: i64::MAX, default: None })
}

/// A finite number in `min..=max`; `f64::MIN` and `f64::MAX` for any.
pub const fn number(name: &'static str, min: f64, max: f64) -> ParamDef {
    def(name, Kind::Number { min, max })
}

/// Text; [`ParamDef::max`] bounds it.
pub const fn text(name: &'static str) -> ParamDef {
    def(name, Kind::Text { max: None })
}

/// A list of 1 to `max` ids.
pub const fn ids(name: &'static str, max: usize) -> ParamDef {
    assert!(max > 0, "an id list must allow one id");
    def(name, Kind::Ids { max })
}

/// Another list, read by the handler.
pub const fn list(name: &'static str) -> ParamDef {
    def(name, Kind::List)
}

/// `true` or `false`.
pub const fn flag(name: &'static str) -> ParamDef {
    def(name, Kind::Bool)
}

/// A JSON object.
pub const fn object(name: &'static str) -> ParamDef {
    def(name, Kind::Object)
}

impl ParamDef {
    /// The call is refused without it (1101).
    pub const fn required(mut self) -> ParamDef {
        self.required = true;
        self
    }

    /// What it means, for the OpenAPI description (the bounds are written from the kind: do not repeat them).
    pub const fn doc(mut self, description: &'static str) -> ParamDef {
        self.description = description;
        self
    }

    /// The longest text, in characters.
    pub const fn max(mut self, max: usize) -> ParamDef {
        match self.kind {
            Kind::Text { .. } => {
                assert!(max > 0, "a text's maximum must allow one character");
                self.kind = Kind::Text { max: Some(max) }
            }
            _ => panic!("max() bounds a text; give an integer or an id list its bounds where it is made"),
        }
        self
    }

    /// The value an absent integer takes (`Params::int_or_default`).
    pub const fn default(mut self, default: i64) -> ParamDef {
        match self.kind {
            Kind::Int { min, max, .. } => {
                assert!(min <= default && default <= max, "an integer parameter's default is outside its range");
                self.kind = Kind::Int { min, max, default: Some(default) }
            }
            _ => panic!("default() is an integer's"),
        }
        self
    }

    /// The OpenAPI schema of the value, with the declared bounds.
    pub fn schema(&self) -> Value {
        match self.kind {
            Kind::Int { min, max, default } => {
                let mut schema = json!({ "type": "integer" });
                if min != i64::MIN {
                    schema["minimum"] = json!(min);
                }
                if max != i64::MAX {
                    schema["maximum"] = json!(max);
                }
                if let Some(default) = default {
                    schema["default"] = json!(default);
                }
                schema
            }
            Kind::Number { min, max } => {
                let mut schema = json!({ "type": "number" });
                if min != f64::MIN {
                    schema["minimum"] = json!(min);
                }
                if max != f64::MAX {
                    schema["maximum"] = json!(max);
                }
                schema
            }
            Kind::Text { max: Some(max) } => json!({ "type": "string", "maxLength": max }),
            Kind::Text { max: None } => json!({ "type": "string" }),
            Kind::Ids { max } => json!({ "type": "array", "items": { "type": "integer" }, "maxItems": max }),
            Kind::List => json!({ "type": "array" }),
            Kind::Bool => json!({ "type": "boolean" }),
            Kind::Object => json!({ "type": "object" }),
        }
    }
}

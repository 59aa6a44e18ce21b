//! Typed reads of a document's fields: each names the field's path in the refusal it gives.

use crate::catalogue::{Reason, WidgetRef};
use serde_json::{Map, Value};

/// `reason` about one widget.
pub(super) fn in_widget(widget: WidgetRef, reason: Reason) -> Reason {
    Reason::Widget { widget, reason: Box::new(reason) }
}

/// `reason` about the value at `path`.
pub(super) fn at(path: impl Into<String>, reason: Reason) -> Reason {
    Reason::Field { path: path.into(), reason: Box::new(reason) }
}

/// `parent.key`, or `key` at the top.
pub(super) fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() { key.to_owned() } else { format!("{parent}.{key}") }
}

/// The value at `key`; JSON null reads as absent, as the request parameters read it.
pub(super) fn present<'a>(parent: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    parent.get(key).filter(|v| !v.is_null())
}

pub(super) fn object<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    parent_path: &str,
) -> Result<Option<&'a Map<String, Value>>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(Value::Object(map)) => Ok(Some(map)),
        Some(_) => Err(at(join(parent_path, key), Reason::NotObject)),
    }
}

pub(super) fn array<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    parent_path: &str,
) -> Result<Option<&'a Vec<Value>>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(Value::Array(items)) => Ok(Some(items)),
        Some(_) => Err(at(join(parent_path, key), Reason::NotArray)),
    }
}

pub(super) fn text<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    parent_path: &str,
) -> Result<Option<&'a str>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(at(join(parent_path, key), Reason::NotText)),
    }
}

/// A JSON number (not a text of digits: the designer writes numbers), finite.
pub(super) fn number(parent: &Map<String, Value>, key: &str, parent_path: &str) -> Result<Option<f64>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(value) if is_finite_number(value) => Ok(value.as_f64()),
        Some(_) => Err(at(join(parent_path, key), Reason::NotNumber)),
    }
}

pub(super) fn is_finite_number(value: &Value) -> bool {
    value.as_f64().is_some_and(f64::is_finite)
}

pub(super) fn bounded_text<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    max: usize,
) -> Result<Option<&'a str>, Reason> {
    let value = text(parent, key, "")?;
    if value.is_some_and(|v| v.chars().count() > max) {
        return Err(at(key, Reason::TooLong { max }));
    }
    Ok(value)
}

/// Text at `key` that must be one of `allowed` when present.
pub(super) fn one_of<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    parent_path: &str,
    allowed: &'static [&'static str],
) -> Result<Option<&'a str>, Reason> {
    match text(parent, key, parent_path)? {
        Some(value) if !allowed.contains(&value) => Err(at(join(parent_path, key), Reason::OneOf { allowed })),
        other => Ok(other),
    }
}

/// A colour at `key` when present.
pub(super) fn colour(parent: &Map<String, Value>, key: &str, parent_path: &str) -> Result<(), Reason> {
    let refused = || at(join(parent_path, key), Reason::NotColour);
    match present(parent, key) {
        None => Ok(()),
        Some(Value::String(s)) if is_colour(s) => Ok(()),
        Some(_) => Err(refused()),
    }
}

/// How many hex digits follow the `#` of a colour: `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
pub(super) const COLOUR_DIGITS: [usize; 3] = [3, 6, 8];
/// How a link starts (ASCII case ignored).
pub(super) const LINK_SCHEMES: [&str; 2] = ["http://", "https://"];
/// What ends a link's host.
pub(super) const HOST_ENDS: [char; 3] = ['/', '?', '#'];

/// `#` and [`COLOUR_DIGITS`] hex digits.
pub fn is_colour(text: &str) -> bool {
    text.strip_prefix('#')
        .is_some_and(|hex| COLOUR_DIGITS.contains(&hex.len()) && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// An absolute http or https URL with a host, without spaces or control characters.
pub(super) fn is_http_url(link: &str) -> bool {
    let lower = link.to_ascii_lowercase();
    let rest = LINK_SCHEMES.iter().find_map(|scheme| lower.strip_prefix(scheme));
    rest.is_some_and(|rest| {
        let host = rest.split(HOST_ENDS).next().unwrap_or("");
        !host.is_empty() && !link.chars().any(refused_in_link)
    })
}

/// A character no link may hold: white space or a control character.
pub(super) fn refused_in_link(c: char) -> bool {
    c.is_whitespace() || c.is_control()
}

//! Request parameters: the query string and the body, form-encoded with dotted nested keys or JSON, read into one
//! tree, with typed getters that name the field when they refuse a value.
//!
//! The console sends `a.b=1&a.c=2` for `{a: {b: 1, c: 2}}`; `a[0].b` is read as `a.0.b`; a key repeated is a
//! list. Values from a form are text; the getters accept a JSON number or a text of digits alike, so handlers do
//! not care which encoding the caller chose. Body parameters win over query parameters of the same name.

use crate::error::ApiError;
use axum::body::Body;
use axum::extract::FromRequest;
use axum::http::{HeaderMap, Request, header};
use ironsight_domain::Reason;
use ironsight_domain::limits::PAGE_SIZE_MAX;
use serde_json::{Map, Value};

/// Rows per page when the caller does not say (spec section 9: 10 per page).
pub const DEFAULT_PAGE_SIZE: i64 = 10;

/// Largest body read, in bytes. Larger bodies are refused with 1103 before anything is parsed.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// A larger body limit for one route (a page document is up to 2 MiB of JSON, about three times that once
/// form-encoded), put on the route as an `Extension` layer; [`Params`] reads it instead of [`BODY_LIMIT`].
#[derive(Clone, Copy, Debug)]
pub struct BodyLimit(pub usize);
/// At most this many keys in one request.
const MAX_KEYS: usize = 2_000;
/// At most this many segments in one dotted key.
const MAX_DEPTH: usize = 8;

/// The parameters of one request.
#[derive(Debug, Default, Clone)]
pub struct Params(Map<String, Value>);

impl<S: Send + Sync> FromRequest<S> for Params {
    type Rejection = ApiError;

    async fn from_request(mut request: Request<Body>, _state: &S) -> Result<Params, ApiError> {
        // The access layer has read them already when the route names objects (crate::access::enforce).
        if let Some(params) = request.extensions_mut().remove::<Params>() {
            return Ok(params);
        }
        let limit = request.extensions().get::<BodyLimit>().map_or(BODY_LIMIT, |l| l.0);
        let (parts, body) = request.into_parts();
        let body = axum::body::to_bytes(body, limit).await.map_err(|_| ApiError::TooLarge(limit))?;
        Params::read(parts.uri.query(), &parts.headers, &body)
    }
}

impl Params {
    /// Reads the query string and a body already taken off the request, by its content type.
    pub fn read(query: Option<&str>, headers: &HeaderMap, body: &[u8]) -> Result<Params, ApiError> {
        let mut params = Params::default();
        if let Some(query) = query {
            params.merge_form(query.as_bytes())?;
        }
        let content_type = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
            .unwrap_or_default();
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(params);
        }
        match content_type.as_str() {
            "application/json" => {
                let value: Value = serde_json::from_slice(body).map_err(|_| ApiError::Malformed(Reason::BadJson))?;
                let Value::Object(map) = value else {
                    return Err(ApiError::Malformed(Reason::NotObject));
                };
                if map.len() > MAX_KEYS {
                    return Err(ApiError::Malformed(Reason::TooComplex));
                }
                params.0.extend(map);
            }
            "application/x-www-form-urlencoded" | "" => params.merge_form(body)?,
            _ => return Err(ApiError::Malformed(Reason::UnsupportedContentType)),
        }
        Ok(params)
    }

    /// Builds parameters from form text (tests and the query string).
    pub fn from_form(text: &str) -> Result<Params, ApiError> {
        let mut params = Params::default();
        params.merge_form(text.as_bytes())?;
        Ok(params)
    }

    fn merge_form(&mut self, bytes: &[u8]) -> Result<(), ApiError> {
        let pairs: Vec<&[u8]> = bytes.split(|b| *b == b'&').filter(|p| !p.is_empty()).collect();
        if pairs.len() > MAX_KEYS {
            return Err(ApiError::Malformed(Reason::TooComplex));
        }
        for pair in pairs {
            let (key, value) = match pair.iter().position(|b| *b == b'=') {
                Some(i) => (&pair[..i], &pair[i + 1..]),
                None => (pair, &b""[..]),
            };
            let key = decode(key)?;
            let value = decode(value)?;
            let path: Vec<String> = key
                .replace('[', ".")
                .replace(']', "")
                .split('.')
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect();
            if path.is_empty() {
                continue;
            }
            if path.len() > MAX_DEPTH {
                return Err(ApiError::Malformed(Reason::TooComplex));
            }
            insert(&mut self.0, &path, value);
        }
        Ok(())
    }

    /// The raw value at a dotted path.
    pub fn get(&self, field: &str) -> Option<&Value> {
        let mut parts = field.split('.');
        let mut current = self.0.get(parts.next()?)?;
        for part in parts {
            current = match current {
                Value::Object(map) => map.get(part)?,
                Value::Array(items) => items.get(part.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(current)
    }

    /// Text at `field`; `None` when absent or null. Numbers and booleans are read as their text.
    pub fn text(&self, field: &str) -> Result<Option<String>, ApiError> {
        match self.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(Value::Bool(b)) => Ok(Some(b.to_string())),
            Some(_) => Err(ApiError::invalid(field, Reason::NotText)),
        }
    }

    /// Text at `field`, which must be present and not empty.
    pub fn required_text(&self, field: &str) -> Result<String, ApiError> {
        match self.text(field)? {
            Some(s) if !s.is_empty() => Ok(s),
            _ => Err(ApiError::invalid(field, Reason::Required)),
        }
    }

    /// A whole number at `field`; `None` when absent or empty.
    pub fn int(&self, field: &str) -> Result<Option<i64>, ApiError> {
        match self.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| ApiError::invalid(field, Reason::NotInteger)),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => {
                s.trim().parse().map(Some).map_err(|_| ApiError::invalid(field, Reason::NotInteger))
            }
            Some(_) => Err(ApiError::invalid(field, Reason::NotInteger)),
        }
    }

    /// A whole number at `field` that must be there (an id, a time): 1101 naming the field when absent or empty.
    pub fn required_int(&self, field: &str) -> Result<i64, ApiError> {
        self.int(field)?.ok_or_else(|| ApiError::invalid(field, Reason::Required))
    }

    /// `true` or `false` at `field` (surrounding spaces ignored); `None` when absent or empty, a field error for
    /// anything else.
    pub fn flag(&self, field: &str) -> Result<Option<bool>, ApiError> {
        match self.text(field)?.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(_) => Err(ApiError::invalid(field, Reason::NotAllowed)),
        }
    }

    /// A finite number at `field`; `None` when absent or empty.
    pub fn float(&self, field: &str) -> Result<Option<f64>, ApiError> {
        ironsight_domain::validate::finite_number(self.get(field)).map_err(|reason| ApiError::invalid(field, reason))
    }

    /// A number in `min..=max`; `None` when absent.
    pub fn float_in(&self, field: &str, min: f64, max: f64) -> Result<Option<f64>, ApiError> {
        match self.float(field)? {
            Some(v) if !(min..=max).contains(&v) => {
                Err(ApiError::invalid(field, Reason::OutOfRange { min: min as i64, max: max as i64 }))
            }
            other => Ok(other),
        }
    }

    /// A whole number in `min..=max`, or `default` when absent.
    pub fn int_in(&self, field: &str, min: i64, max: i64, default: i64) -> Result<i64, ApiError> {
        let value = self.int(field)?.unwrap_or(default);
        if !(min..=max).contains(&value) {
            return Err(ApiError::invalid(field, Reason::OutOfRange { min, max }));
        }
        Ok(value)
    }

    /// The `startTime` and `endTime` (ms) of a range query, both required: end not before start (`endTime` is the
    /// field refused) and at most `max_days` apart.
    pub fn time_range(&self, max_days: i64) -> Result<(i64, i64), ApiError> {
        let (start, end) = (self.required_int("startTime")?, self.required_int("endTime")?);
        check_time_range(start, end, max_days)?;
        Ok((start, end))
    }

    /// As [`Params::time_range`] where either end may be left out; the rules apply when both are given.
    pub fn optional_time_range(&self, max_days: i64) -> Result<(Option<i64>, Option<i64>), ApiError> {
        let (start, end) = (self.int("startTime")?, self.int("endTime")?);
        if let (Some(start), Some(end)) = (start, end) {
            check_time_range(start, end, max_days)?;
        }
        Ok((start, end))
    }

    /// The `page` (from 1) and `pageSize` (1 to 100, default 10) every list call takes.
    pub fn paging(&self) -> Result<(i64, i64), ApiError> {
        Ok((self.int_in("page", 1, 1_000_000, 1)?, self.int_in("pageSize", 1, PAGE_SIZE_MAX, DEFAULT_PAGE_SIZE)?))
    }

    /// A non-empty list of at most `max` ids at `field`: an array (form keys `field.0`, `field.1`, … or JSON), a
    /// comma-separated text, or a single number.
    pub fn id_list(&self, field: &str, max: usize) -> Result<Vec<i64>, ApiError> {
        let bad = || ApiError::invalid(field, Reason::NotInteger);
        let indexed;
        let value = match self.get(field) {
            // `field.0`, `field.1`, … arrive as an object keyed by position: read in that order.
            Some(Value::Object(map)) => {
                let mut items = map
                    .iter()
                    .map(|(k, v)| k.parse::<usize>().map(|i| (i, v.clone())).map_err(|_| bad()))
                    .collect::<Result<Vec<_>, _>>()?;
                items.sort_by_key(|(i, _)| *i);
                indexed = Value::Array(items.into_iter().map(|(_, v)| v).collect());
                Some(&indexed)
            }
            other => other,
        };
        let ids: Vec<i64> = match value {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok())))
                .collect::<Option<_>>()
                .ok_or_else(bad)?,
            Some(Value::String(text)) => text
                .split(',')
                .filter(|p| !p.trim().is_empty())
                .map(|p| p.trim().parse().ok())
                .collect::<Option<_>>()
                .ok_or_else(bad)?,
            Some(Value::Number(n)) => vec![n.as_i64().ok_or_else(bad)?],
            Some(_) => return Err(bad()),
        };
        if ids.is_empty() {
            return Err(ApiError::invalid(field, Reason::Required));
        }
        if ids.len() > max {
            return Err(ApiError::invalid(field, Reason::TooMany { max }));
        }
        Ok(ids)
    }

    /// A JSON object at `field`, given either as nested parameters or as a text holding JSON.
    pub fn object(&self, field: &str) -> Result<Option<Map<String, Value>>, ApiError> {
        match self.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(map)) => Ok(Some(map.clone())),
            Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
                Ok(Value::Object(map)) => Ok(Some(map)),
                Ok(_) => Err(ApiError::invalid(field, Reason::NotObject)),
                Err(_) => Err(ApiError::invalid(field, Reason::BadJson)),
            },
            Some(_) => Err(ApiError::invalid(field, Reason::NotObject)),
        }
    }
}

/// Percent-decodes one form component (`+` is a space) into UTF-8 text.
fn decode(bytes: &[u8]) -> Result<String, ApiError> {
    let plus_as_space: Vec<u8> = bytes.iter().map(|b| if *b == b'+' { b' ' } else { *b }).collect();
    let decoded: Vec<u8> = percent_encoding::percent_decode(&plus_as_space).collect();
    String::from_utf8(decoded).map_err(|_| ApiError::Malformed(Reason::BadEncoding))
}

/// Puts `value` at `path`; a key seen twice becomes a list; a text in the way of a nested key is replaced.
fn insert(map: &mut Map<String, Value>, path: &[String], value: String) {
    let (head, rest) = (&path[0], &path[1..]);
    if rest.is_empty() {
        match map.get_mut(head) {
            Some(Value::Array(items)) => items.push(Value::String(value)),
            Some(existing @ Value::String(_)) => {
                let first = existing.take();
                *existing = Value::Array(vec![first, Value::String(value)]);
            }
            _ => {
                map.insert(head.clone(), Value::String(value));
            }
        }
        return;
    }
    let entry = map.entry(head.clone()).or_insert_with(|| Value::Object(Map::new()));
    if !entry.is_object() {
        *entry = Value::Object(Map::new());
    }
    if let Value::Object(inner) = entry {
        insert(inner, rest, value);
    }
}

/// The one rule of every time range the console queries (history, track, alarms, reports).
fn check_time_range(start: i64, end: i64, max_days: i64) -> Result<(), ApiError> {
    if end < start {
        return Err(ApiError::invalid("endTime", Reason::EndBeforeStart));
    }
    if end - start > max_days * 86_400_000 {
        return Err(ApiError::invalid("endTime", Reason::RangeTooLong { max_days }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(text: &str) -> Params {
        Params::from_form(text).unwrap()
    }

    #[test]
    fn id_lists_come_in_every_form_the_doc_names() {
        for text in ["ids=3&ids=1", "ids=3,1", "ids.0=3&ids.1=1", "ids.1=1&ids.0=3", "ids[0]=3&ids[1]=1"] {
            assert_eq!(form(text).id_list("ids", 10).unwrap(), vec![3, 1], "{text}");
        }
        assert_eq!(form("ids=7").id_list("ids", 10).unwrap(), vec![7]);
        assert!(form("ids.x=1").id_list("ids", 10).is_err(), "not positions");
        assert!(form("ids.0=a").id_list("ids", 10).is_err());
        assert!(form("").id_list("ids", 10).is_err(), "required");
        assert!(form("ids=1,2,3").id_list("ids", 2).is_err(), "too many");
    }

    #[test]
    fn dotted_keys_nest() {
        let p = form("a.b=1&a.c=x+y&list[0].id=7&list[1].id=8&plain=%E4%B8%AD");
        assert_eq!(p.get("a"), Some(&json!({"b": "1", "c": "x y"})));
        assert_eq!(p.int("list.1.id").unwrap(), Some(8));
        assert_eq!(p.text("plain").unwrap().as_deref(), Some("中"));
    }

    #[test]
    fn repeated_keys_are_lists() {
        assert_eq!(form("ids=1&ids=2&ids=3").get("ids"), Some(&json!(["1", "2", "3"])));
    }

    #[test]
    fn getters_name_the_field() {
        let p = form("n=abc&o=%7B%22a%22%3A1%7D&bad=%5B1%5D&list=1&list=2");
        assert!(matches!(p.int("n"), Err(ApiError::Invalid { field, reason: Reason::NotInteger }) if field == "n"));
        assert!(matches!(p.required_text("missing"), Err(ApiError::Invalid { reason: Reason::Required, .. })));
        assert!(matches!(p.text("list"), Err(ApiError::Invalid { reason: Reason::NotText, .. })));
        assert_eq!(p.object("o").unwrap(), Some(json!({"a": 1}).as_object().unwrap().clone()));
        assert!(matches!(p.object("bad"), Err(ApiError::Invalid { reason: Reason::NotObject, .. })));
        assert!(matches!(
            p.int_in("page", 1, 10, 20),
            Err(ApiError::Invalid { reason: Reason::OutOfRange { .. }, .. })
        ));
    }

    #[test]
    fn invalid_utf8_and_excess_are_refused() {
        assert!(matches!(Params::from_form("a=%FF%FE"), Err(ApiError::Malformed(Reason::BadEncoding))));
        assert!(matches!(Params::from_form("a.b.c.d.e.f.g.h.i=1"), Err(ApiError::Malformed(Reason::TooComplex))));
        let many = (0..2001).map(|i| format!("k{i}=1")).collect::<Vec<_>>().join("&");
        assert!(matches!(Params::from_form(&many), Err(ApiError::Malformed(Reason::TooComplex))));
    }
}

//! Request parameters: the query string and the body, form-encoded with dotted nested keys or JSON, read into one
//! tree, with typed getters that name the field when they refuse a value.
//!
//! The console sends `a.b=1&a.c=2` for `{a: {b: 1, c: 2}}`; `a[0].b` is read as `a.0.b`; a key repeated is a
//! list. Values from a form are text; the getters accept a JSON number or a text of digits alike, so handlers do
//! not care which encoding the caller chose. Body parameters win over query parameters of the same name.
//!
//! A request's parameters carry its route row's declarations ([`crate::routes::ParamDef`], put on the request by
//! the access layer): the getters read a parameter by name and apply its declared bounds (`int` its range,
//! `int_or_default` its default, `text` its length, `id_list` its count), so a handler names no limit of its own.
//! In debug builds (the API and browser tests) reading a name the row does not declare, or reading it with a getter
//! of another kind, panics naming the route and the parameter: the rows stay complete and their kinds true.
//! Parameters made without a route (unit tests) carry no declarations and are read unchecked and unbounded.

use crate::error::ApiError;
use crate::routes::{Kind, ParamDef};
use axum::body::Body;
use axum::extract::FromRequest;
use axum::http::{HeaderMap, Request, header};
use ironsight_domain::Reason;
use ironsight_domain::validate::{bounded_text, display_name};
use serde_json::{Map, Value};

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

/// The route a request came by and the parameters its row declares, put on the request by the access layer.
#[derive(Clone, Copy, Debug)]
pub struct Declared {
    /// The route's path, named when a handler reads a parameter the row does not declare.
    pub route: &'static str,
    pub params: &'static [ParamDef],
}

/// The parameters of one request.
#[derive(Debug, Default, Clone)]
pub struct Params {
    values: Map<String, Value>,
    /// The route row's parameters; `None` for parameters made without a route.
    declared: Option<Declared>,
}

/// Which getter reads a parameter, to hold it to the parameter's declared kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Getter {
    Text,
    Int,
    Number,
    Ids,
    Bool,
    Object,
    /// The raw value (`get`): the handler reads a list, a document or a nested field itself.
    Raw,
}

impl Getter {
    /// True when this getter reads a parameter of `kind`. Text is read from a flag too, by a handler that accepts
    /// more spellings of it than `true` and `false`.
    fn reads(self, kind: Kind) -> bool {
        matches!(
            (self, kind),
            (Getter::Raw, _)
                | (Getter::Text, Kind::Text { .. } | Kind::Bool)
                | (Getter::Int, Kind::Int { .. })
                | (Getter::Number, Kind::Number { .. })
                | (Getter::Ids, Kind::Ids { .. })
                | (Getter::Bool, Kind::Bool)
                | (Getter::Object, Kind::Object)
        )
    }
}

impl<S: Send + Sync> FromRequest<S> for Params {
    type Rejection = ApiError;

    async fn from_request(mut request: Request<Body>, _state: &S) -> Result<Params, ApiError> {
        let declared = request.extensions().get::<Declared>().copied();
        // The access layer has read them already when the route names objects (crate::access::enforce).
        if let Some(mut params) = request.extensions_mut().remove::<Params>() {
            params.declared = declared;
            return Ok(params);
        }
        let limit = request.extensions().get::<BodyLimit>().map_or(BODY_LIMIT, |l| l.0);
        let (parts, body) = request.into_parts();
        let body = axum::body::to_bytes(body, limit).await.map_err(|_| ApiError::TooLarge(limit))?;
        let mut params = Params::read(parts.uri.query(), &parts.headers, &body)?;
        params.declared = declared;
        Ok(params)
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
                params.values.extend(map);
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
            insert(&mut self.values, &path, value);
        }
        Ok(())
    }

    /// The same parameters, read as the route `route` declares `params` (tests of the declarations' rules).
    pub fn declared_as(mut self, route: &'static str, params: &'static [ParamDef]) -> Params {
        self.declared = Some(Declared { route, params });
        self
    }

    /// The row's declaration of `field` when its bounds apply (not to a field inside a parameter: `a.b` of `a`).
    /// In debug builds, a name the row does not declare, or a getter of another kind, panics naming both.
    fn declaration(&self, field: &str, getter: Getter) -> Option<&'static ParamDef> {
        let declared = self.declared?;
        let name = field.split('.').next().unwrap_or(field);
        let found = declared.params.iter().find(|p| p.name == name);
        if cfg!(debug_assertions) {
            match found {
                None => panic!(
                    "{} reads the parameter {name:?}, which its route row does not declare (crate::routes)",
                    declared.route
                ),
                Some(p) if name == field && !getter.reads(p.kind) => panic!(
                    "{} reads the parameter {name:?} with the {getter:?} getter, but its row declares {:?}",
                    declared.route, p.kind
                ),
                Some(_) => {}
            }
        }
        found.filter(|_| name == field)
    }

    /// The raw value at a dotted path.
    pub fn get(&self, field: &str) -> Option<&Value> {
        self.declaration(field, Getter::Raw);
        self.value(field)
    }

    fn value(&self, field: &str) -> Option<&Value> {
        let mut parts = field.split('.');
        let mut current = self.values.get(parts.next()?)?;
        for part in parts {
            current = match current {
                Value::Object(map) => map.get(part)?,
                Value::Array(items) => items.get(part.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(current)
    }

    /// Text at `field`; `None` when absent or null. Numbers and booleans are read as their text. Refused
    /// (`TooLong`) over the declared maximum, counted as trimmed ([`Kind::Text`]).
    pub fn text(&self, field: &str) -> Result<Option<String>, ApiError> {
        let declaration = self.declaration(field, Getter::Text);
        let text = self.raw_text(field)?;
        if let (Some(text), Some(ParamDef { kind: Kind::Text { max: Some(max) }, .. })) = (&text, declaration)
            && text.trim().chars().count() > *max
        {
            return Err(ApiError::invalid(field, Reason::TooLong { max: *max }));
        }
        Ok(text)
    }

    fn raw_text(&self, field: &str) -> Result<Option<String>, ApiError> {
        match self.value(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(Value::Bool(b)) => Ok(Some(b.to_string())),
            Some(_) => Err(ApiError::invalid(field, Reason::NotText)),
        }
    }

    /// Text at `field`, trimmed, empty when absent: within the declared length, and without control characters
    /// other than line breaks and tabs (`validate::bounded_text`, whose length is the row's here).
    pub fn trimmed(&self, field: &str) -> Result<String, ApiError> {
        self.require_bound(field);
        let text = self.text(field)?.unwrap_or_default();
        let text = bounded_text(text.trim(), usize::MAX).map_err(|r| ApiError::invalid(field, r))?;
        Ok(text.to_owned())
    }

    /// A name at `field`: trimmed, required, within the declared length, without control characters
    /// (`validate::display_name`, whose length is the row's here).
    pub fn name(&self, field: &str) -> Result<String, ApiError> {
        self.require_bound(field);
        let text = self.text(field)?.unwrap_or_default();
        Ok(display_name(&text, usize::MAX).map_err(|r| ApiError::invalid(field, r))?.to_owned())
    }

    /// [`Params::trimmed`] and [`Params::name`] leave the length to the row: in debug builds, a row that declares
    /// none panics, so a text read through them is never unbounded by mistake.
    fn require_bound(&self, field: &str) {
        if let Some(ParamDef { kind: Kind::Text { max: None }, .. }) = self.declaration(field, Getter::Text)
            && cfg!(debug_assertions)
        {
            let route = self.declared.map_or("", |d| d.route);
            panic!("{route} reads {field:?} as a bounded text, but its row declares no max");
        }
    }

    /// Text at `field`, which must be present and not empty.
    pub fn required_text(&self, field: &str) -> Result<String, ApiError> {
        match self.text(field)? {
            Some(s) if !s.is_empty() => Ok(s),
            _ => Err(ApiError::invalid(field, Reason::Required)),
        }
    }

    /// A whole number at `field`; `None` when absent or empty. Refused (`OutOfRange`) outside the declared range.
    pub fn int(&self, field: &str) -> Result<Option<i64>, ApiError> {
        let declaration = self.declaration(field, Getter::Int);
        let value = self.raw_int(field)?;
        if let (Some(value), Some(ParamDef { kind: Kind::Int { min, max, .. }, .. })) = (value, declaration)
            && !(*min..=*max).contains(&value)
        {
            return Err(ApiError::invalid(field, Reason::OutOfRange { min: *min, max: *max }));
        }
        Ok(value)
    }

    fn raw_int(&self, field: &str) -> Result<Option<i64>, ApiError> {
        match self.value(field) {
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

    /// A whole number at `field` in its declared range, or the row's declared default when absent. A row without a
    /// default is our fault (a panic in debug builds, 90099 otherwise).
    pub fn int_or_default(&self, field: &str) -> Result<i64, ApiError> {
        if let Some(value) = self.int(field)? {
            return Ok(value);
        }
        match self.declaration(field, Getter::Int).map(|p| p.kind) {
            Some(Kind::Int { default: Some(default), .. }) => Ok(default),
            _ => {
                let route = self.declared.map_or("a request without a route", |d| d.route);
                if cfg!(debug_assertions) {
                    panic!("{route} reads the default of {field:?}, which its row does not declare");
                }
                Err(ApiError::Internal(anyhow::anyhow!("{route}: no declared default for {field}")))
            }
        }
    }

    /// A whole number at `field` in its declared range, or `default` when absent: a default only the handler knows
    /// (the gateway's current interval, for an edit that leaves it out).
    pub fn int_or(&self, field: &str, default: i64) -> Result<i64, ApiError> {
        Ok(self.int(field)?.unwrap_or(default))
    }

    /// `true` or `false` at `field` (surrounding spaces ignored); `None` when absent or empty, a field error for
    /// anything else.
    pub fn flag(&self, field: &str) -> Result<Option<bool>, ApiError> {
        self.declaration(field, Getter::Bool);
        match self.raw_text(field)?.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(_) => Err(ApiError::invalid(field, Reason::NotAllowed)),
        }
    }

    /// A finite number at `field`; `None` when absent or empty. Refused (`OutOfRange`, its bounds as whole
    /// numbers) outside the declared range.
    pub fn float(&self, field: &str) -> Result<Option<f64>, ApiError> {
        let declaration = self.declaration(field, Getter::Number);
        let value = ironsight_domain::validate::finite_number(self.value(field))
            .map_err(|reason| ApiError::invalid(field, reason))?;
        if let (Some(value), Some(ParamDef { kind: Kind::Number { min, max }, .. })) = (value, declaration)
            && !(*min..=*max).contains(&value)
        {
            return Err(ApiError::invalid(field, Reason::OutOfRange { min: *min as i64, max: *max as i64 }));
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

    /// The `page` (from 1) and `pageSize` every list call takes, in their declared ranges, with their declared
    /// defaults (the shared rows `routes::PAGE` and `routes::PAGE_SIZE`).
    pub fn paging(&self) -> Result<(i64, i64), ApiError> {
        Ok((self.int_or_default("page")?, self.int_or_default("pageSize")?))
    }

    /// A non-empty list of ids at `field`, at most the declared count: an array (form keys `field.0`, `field.1`, …
    /// or JSON), a comma-separated text, or a single number.
    pub fn id_list(&self, field: &str) -> Result<Vec<i64>, ApiError> {
        let max = match self.declaration(field, Getter::Ids).map(|p| p.kind) {
            Some(Kind::Ids { max }) => max,
            _ => usize::MAX,
        };
        self.id_list_up_to(field, max)
    }

    /// As [`Params::id_list`] with a bound of the caller's: the access layer's, which checks only that many.
    pub(crate) fn id_list_up_to(&self, field: &str, max: usize) -> Result<Vec<i64>, ApiError> {
        let bad = || ApiError::invalid(field, Reason::NotInteger);
        let indexed;
        let value = match self.value(field) {
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
        self.declaration(field, Getter::Object);
        match self.value(field) {
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
mod tests;

//! CSRF defence that needs nothing from the spec's client.
//!
//! Two layers: the session cookie is SameSite=Lax, so other sites' forms and scripts do not carry it on POST;
//! and every state-changing call (any method but GET, HEAD, OPTIONS) must name its origin in `Origin` (or, for
//! the rare browser that omits it, `Referer`), and that origin must be the request's own host or one configured
//! with `--allowed-origin`. A call naming neither is refused: browsers always send one on such requests, so only
//! forged or non-browser calls lack it, and non-browser clients can send `Origin` themselves.

use crate::AppState;
use crate::response::{plain, request_lang};
use axum::extract::State;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use ironsight_domain::Code;

pub async fn check_origin(State(state): State<AppState>, request: Request<axum::body::Body>, next: Next) -> Response {
    if matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        || origin_allowed(request.headers(), &state.config.allowed_origins)
    {
        return next.run(request).await;
    }
    tracing::warn!(path = request.uri().path(), "refused a state-changing call from another origin");
    plain(Code::OriginRejected, StatusCode::FORBIDDEN, request_lang())
}

/// `scheme://host[:port]` of an Origin or Referer value.
fn origin_of(value: &str) -> Option<&str> {
    let scheme_end = value.find("://")?;
    let rest = &value[scheme_end + 3..];
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    (host_end > 0).then(|| &value[..scheme_end + 3 + host_end])
}

fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let Some(origin) = text(header::ORIGIN).or_else(|| text(header::REFERER)).and_then(origin_of) else {
        return false;
    };
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let host = origin.split_once("://").map(|(_, h)| h).unwrap_or("");
    text(header::HOST).is_some_and(|h| h.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(*k, HeaderValue::from_static(v));
        }
        map
    }

    #[test]
    fn same_origin_passes() {
        assert!(origin_allowed(&headers(&[("host", "console:8080"), ("origin", "http://console:8080")]), &[]));
        assert!(origin_allowed(
            &headers(&[("host", "console:8080"), ("referer", "http://console:8080/login?x=1")]),
            &[]
        ));
    }

    #[test]
    fn other_or_missing_origin_is_refused() {
        assert!(!origin_allowed(&headers(&[("host", "console:8080"), ("origin", "http://evil.example")]), &[]));
        assert!(!origin_allowed(
            &headers(&[("host", "console:8080"), ("origin", "http://console:8080.evil.example")]),
            &[]
        ));
        assert!(!origin_allowed(&headers(&[("host", "console:8080"), ("origin", "null")]), &[]));
        assert!(!origin_allowed(&headers(&[("host", "console:8080")]), &[]));
    }

    #[test]
    fn configured_origin_passes_behind_a_proxy() {
        let allowed = ["https://scada.example.com".to_owned()];
        assert!(origin_allowed(
            &headers(&[("host", "10.0.0.5:8080"), ("origin", "https://scada.example.com")]),
            &allowed
        ));
    }
}

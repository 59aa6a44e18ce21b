//! The built web console, served from the binary.
//!
//! Release builds embed `web/dist` so one file deploys; debug builds read the same folder from disk, so a
//! rebuilt web app shows up without recompiling the server. History-mode routing: any GET that is not an API
//! path and not a file answers `index.html`. Hashed files under `/assets/` are cached for a year; `index.html`
//! is never cached, so a new deployment is picked up on the next load.
//!
//! Compression happens once, when the web app is built (web/tools/precompress.ts): every compressible file has
//! a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to it. A request gets the copy its
//! `Accept-Encoding` allows, brotli first (about 13 % smaller than gzip on the console's files), else the file
//! itself, always with `Vary: Accept-Encoding` so a shared cache keeps the answers apart. Compressing per request
//! would cost CPU on every cold load and, at the level a server can afford per request (brotli 4), send about
//! 15 % more bytes (issue 12: the login page's JavaScript as sent). The application's `CompressionLayer` (lib.rs)
//! leaves an answer that already has a `Content-Encoding` alone, and a client that accepts neither brotli nor gzip
//! gets the file as it is, which that layer could not compress either.
//!
//! `index.html` carries its own Content-Security-Policy (docs/frame.md): `frame-ancestors 'self'` as every answer,
//! and `frame-src` naming the console itself and the origins of the signed-in caller's organisation's external
//! pages, so the console can frame exactly those sites and no other, even if a screen were tricked into trying.
//! Without a session (or without `manage`, which the frame screens need) it frames only itself. The application's
//! default header (lib.rs `frame_guard`) is set only where an answer has none, so this one stands.

use crate::AppState;
use crate::session::SessionLookup;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::{EmbeddedFile, RustEmbed};
use std::borrow::Cow;

#[derive(RustEmbed)]
#[folder = "$IRONSIGHT_WEB_DIST"]
#[allow_missing = true]
struct Assets;

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Ironsight</title>\
<p>The web console has not been built. Run <code>make build</code> (or <code>make run</code>).</p>";

/// The precompressed copies the web build writes, in the order they are preferred: `Content-Encoding` value and
/// the suffix of the copy's file name.
const CODINGS: [(Coding, &str, &str); 2] = [(Coding::Brotli, "br", ".br"), (Coding::Gzip, "gzip", ".gz")];

/// A content coding the build writes a copy for; the value is its place in [`CODINGS`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Coding {
    Brotli = 0,
    Gzip = 1,
}

/// Serves a file of the web app, or `index.html` for client-side routes.
pub async fn serve(State(state): State<AppState>, request: Request<Body>) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let accepted = accepted_codings(request.headers());
    let path = request.uri().path().trim_start_matches('/');
    // Every file but the console's page itself; that one (by its name or any client-side route) is answered below
    // with its policy.
    if !path.is_empty()
        && path != "index.html"
        && let Some(file) = Assets::get(path)
    {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        return file_response(path, file, mime.as_ref(), cache, &accepted);
    }
    // A missing hashed asset must not turn into index.html: the browser would run HTML as a script.
    if path.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    let mut response = match Assets::get("index.html") {
        Some(index) => file_response("index.html", index, "text/html; charset=utf-8", "no-cache", &accepted),
        // The same policy as the page it stands in for (tests read it without a built web app).
        None => (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], NOT_BUILT)
            .into_response(),
    };
    with_console_policy(&mut response, &state, request.headers()).await;
    response
}

/// Sets the console page's Content-Security-Policy (see the module's documentation) on `response`.
async fn with_console_policy(response: &mut Response, state: &AppState, headers: &HeaderMap) {
    let origins = match frame_origins(state, headers).await {
        Ok(origins) => origins,
        Err(error) => {
            // The console still loads; it just frames nothing but itself until the next load.
            tracing::warn!(error = format!("{error:#}"), "external pages not read for the console's policy");
            Vec::new()
        }
    };
    let policy = ironsight_domain::external_page::console_policy(origins.iter().map(String::as_str));
    // Each origin is `scheme://host[:port]` of letters, digits, `.`, `-` and `:`: always a valid header value.
    if let Ok(value) = HeaderValue::from_str(&policy) {
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, value);
    }
}

/// The origins of the caller's organisation's external pages, when the caller is signed in with `manage`.
async fn frame_origins(state: &AppState, headers: &HeaderMap) -> anyhow::Result<Vec<String>> {
    let SessionLookup::Valid(current) = crate::session::lookup(state, headers).await? else {
        return Ok(Vec::new());
    };
    if !ironsight_domain::permission::has(&current.user.auths, ironsight_domain::permission::MANAGE) {
        return Ok(Vec::new());
    }
    let pages = state.store.external_pages(current.user.org_id).await?;
    Ok(pages.iter().filter_map(|page| ironsight_domain::external_page::origin_of(&page.url)).collect())
}

/// Answers `file` (at `path` in the dist folder), or the precompressed copy of it the client accepts first.
fn file_response(
    path: &str,
    file: EmbeddedFile,
    content_type: &str,
    cache: &'static str,
    accepted: &[Coding],
) -> Response {
    let mut has_copies = false;
    let mut chosen = None;
    for (coding, name, suffix) in CODINGS {
        let Some(copy) = Assets::get(&format!("{path}{suffix}")) else { continue };
        has_copies = true;
        if accepted.contains(&coding) {
            chosen = Some((name, copy));
            break;
        }
    }
    let (encoding, body) = match chosen {
        Some((name, copy)) => (Some(name), copy),
        None => (None, file),
    };
    let mut response = Response::new(body_of(body));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    if let Some(name) = encoding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
    }
    if has_copies {
        // Also on the plain answer: a cache must not hand it (or a compressed one) to a client that asked otherwise.
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// The file's bytes as a body; embedded bytes (release builds) are sent without copying them.
fn body_of(file: EmbeddedFile) -> Body {
    match file.data {
        Cow::Borrowed(bytes) => Body::from(Bytes::from_static(bytes)),
        Cow::Owned(bytes) => Body::from(bytes),
    }
}

/// The precompressed codings the request accepts (RFC 9110 `Accept-Encoding`: a coding named with `q=0` is
/// refused; `*` stands for any coding not named; `x-gzip` is gzip). Weights above zero do not reorder the
/// choice: brotli is smaller for every file, so it is preferred whenever it is acceptable at all.
fn accepted_codings(headers: &HeaderMap) -> Vec<Coding> {
    // Per coding: None when not named, else whether every mention accepts it (a refusal wins).
    let mut named: [Option<bool>; CODINGS.len()] = [None; CODINGS.len()];
    let mut any = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let weight = parts
                .find_map(|param| param.trim().strip_prefix("q=").or_else(|| param.trim().strip_prefix("Q=")))
                .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
            let acceptable = weight > 0.0;
            let coding = match name.as_str() {
                "br" => Coding::Brotli,
                "gzip" | "x-gzip" => Coding::Gzip,
                "*" => {
                    any = acceptable;
                    continue;
                }
                _ => continue,
            };
            let slot = &mut named[coding as usize];
            *slot = Some(slot.unwrap_or(true) && acceptable);
        }
    }
    CODINGS.iter().zip(named).filter(|(_, named)| named.unwrap_or(any)).map(|(&(coding, _, _), _)| coding).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepted(values: &[&str]) -> Vec<Coding> {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        }
        accepted_codings(&headers)
    }

    #[test]
    fn accept_encoding_picks_the_codings_the_client_takes() {
        use Coding::{Brotli, Gzip};
        assert_eq!(accepted(&[]), vec![]);
        assert_eq!(accepted(&["gzip, deflate, br, zstd"]), vec![Brotli, Gzip]);
        assert_eq!(accepted(&["gzip"]), vec![Gzip]);
        assert_eq!(accepted(&["x-gzip, deflate"]), vec![Gzip]);
        assert_eq!(accepted(&["identity"]), vec![]);
        assert_eq!(accepted(&["br;q=0, gzip;q=0.5"]), vec![Gzip]);
        assert_eq!(accepted(&["gzip;q=1.0, br;q=0.1"]), vec![Brotli, Gzip]);
        assert_eq!(accepted(&["*"]), vec![Brotli, Gzip]);
        assert_eq!(accepted(&["*;q=0.5, gzip;q=0"]), vec![Brotli]);
        assert_eq!(accepted(&["*;q=0"]), vec![]);
        assert_eq!(accepted(&["gzip", "br"]), vec![Brotli, Gzip]);
        assert_eq!(accepted(&["BR ; Q=0.8"]), vec![Brotli]);
        assert_eq!(accepted(&["br;q=abc"]), vec![]);
    }
}

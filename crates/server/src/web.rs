//! The built web console, served from the binary.
//!
//! Release builds embed `web/dist` so one file deploys; debug builds read the same folder from disk, so a
//! rebuilt web app shows up without recompiling the server. History-mode routing: any GET that is not an API
//! path and not a file answers `index.html`. Hashed files under `/assets/` are cached for a year; `index.html`
//! is never cached, so a new deployment is picked up on the next load.

use axum::body::Body;
use axum::http::{HeaderValue, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "$IRONSIGHT_WEB_DIST"]
#[allow_missing = true]
struct Assets;

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Ironsight</title>\
<p>The web console has not been built. Run <code>make build</code> (or <code>make run</code>).</p>";

/// Serves a file of the web app, or `index.html` for client-side routes.
pub async fn serve(request: Request<Body>) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = request.uri().path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| Assets::get(path)).flatten() {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        return file_response(file.data.into_owned(), mime.as_ref(), cache);
    }
    // A missing hashed asset must not turn into index.html: the browser would run HTML as a script.
    if path.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    match Assets::get("index.html") {
        Some(index) => file_response(index.data.into_owned(), "text/html; charset=utf-8", "no-cache"),
        None => (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], NOT_BUILT)
            .into_response(),
    }
}

fn file_response(bytes: Vec<u8>, content_type: &str, cache: &'static str) -> Response {
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    response
}

//! The console theme (title and favicon) of the caller's organisation, or of the first organisation before login.

use crate::AppState;
use crate::error::{ApiOk, ApiResult};
use crate::session::{self, SessionLookup};
use axum::extract::State;
use axum::http::HeaderMap;
use serde_json::json;

/// Shown when no organisation has set a title.
pub const DEFAULT_TITLE: &str = "Ironsight";

/// `POST /org/StyleAction!loadStyle.action` → `{title, faviconIco}`.
pub async fn load_style(State(state): State<AppState>, headers: HeaderMap) -> ApiResult {
    let org = match session::lookup(&state, &headers).await? {
        SessionLookup::Valid(current) => state.store.org(current.user.org_id).await?,
        _ => state.store.default_org().await?,
    };
    let (title, favicon) = match org {
        Some(org) if !org.title.is_empty() => (org.title, org.favicon_ico),
        Some(org) => (DEFAULT_TITLE.to_owned(), org.favicon_ico),
        None => (DEFAULT_TITLE.to_owned(), String::new()),
    };
    Ok(ApiOk::new(json!({ "title": title, "faviconIco": favicon })))
}

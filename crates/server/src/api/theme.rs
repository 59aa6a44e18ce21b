//! The console theme (title and favicon) of the caller's organisation, or of the first organisation before login.

use crate::AppState;
use crate::answers::account::Style;
use crate::error::{ApiOk, ApiResult};
use crate::session::{self, SessionLookup};
use axum::extract::State;
use axum::http::HeaderMap;
use ironsight_domain::limits::{THEME_FAVICON_BYTES, THEME_TITLE_CHARS};

/// Shown when no organisation has set a title.
pub const DEFAULT_TITLE: &str = "Ironsight";

/// Sets an organisation's theme (`ironsight theme --org … --title …`), validating what the console will show.
pub async fn set_theme(store: &ironsight_store::Store, org: &str, title: &str, favicon: &str) -> anyhow::Result<()> {
    let id = store.org_by_name(org).await?.ok_or_else(|| anyhow::anyhow!("no organisation named {org}"))?;
    anyhow::ensure!(
        !title.trim().is_empty() && title.chars().count() <= THEME_TITLE_CHARS,
        "the title must be 1 to {THEME_TITLE_CHARS} characters"
    );
    anyhow::ensure!(
        favicon.is_empty()
            || ((favicon.starts_with("https://")
                || favicon.starts_with("http://")
                || favicon.starts_with("/")
                || favicon.starts_with("data:image/"))
                && favicon.len() <= THEME_FAVICON_BYTES),
        "the favicon must be an http(s) URL, a site path or a data:image URL of at most {THEME_FAVICON_BYTES} bytes"
    );
    store.set_org_theme(id, title.trim(), favicon).await
}

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
    Ok(ApiOk::new(Style { title, favicon_ico: favicon }))
}

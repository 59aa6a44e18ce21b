//! The console theme (title and favicon) of the caller's organisation, or of the first organisation before login.

use crate::AppState;
use crate::answers::account::Style;
use crate::response::{ApiOk, ApiResult};
use crate::session::{self, SessionLookup};
use axum::extract::State;
use axum::http::HeaderMap;
use ironsight_domain::Reason;
use ironsight_domain::limits::{THEME_FAVICON_BYTES, THEME_TITLE_CHARS};

/// Shown when no organisation has set a title.
pub const DEFAULT_TITLE: &str = "Ironsight";

/// Why a theme cannot be shown, naming the field (`title`, `faviconIco`): the title 1 to [`THEME_TITLE_CHARS`]
/// characters, the favicon empty or an http(s) URL, a site path or a `data:image/` URL of at most
/// [`THEME_FAVICON_BYTES`] bytes. Shared by the command line and the system settings dialog.
pub fn theme_problem(title: &str, favicon: &str) -> Option<(&'static str, Reason)> {
    let title = title.trim();
    if title.is_empty() {
        return Some(("title", Reason::Required));
    }
    if title.chars().count() > THEME_TITLE_CHARS {
        return Some(("title", Reason::TooLong { max: THEME_TITLE_CHARS }));
    }
    if favicon.len() > THEME_FAVICON_BYTES {
        return Some(("faviconIco", Reason::TooLong { max: THEME_FAVICON_BYTES }));
    }
    let known = ["https://", "http://", "/", "data:image/"].iter().any(|prefix| favicon.starts_with(prefix));
    if !favicon.is_empty() && !known {
        return Some(("faviconIco", Reason::BadFormat));
    }
    None
}

/// Sets an organisation's theme (`ironsight theme --org … --title …`), validating what the console will show.
pub async fn set_theme(store: &ironsight_store::Store, org: &str, title: &str, favicon: &str) -> anyhow::Result<()> {
    let id = store.org_by_name(org).await?.ok_or_else(|| anyhow::anyhow!("no organisation named {org}"))?;
    if let Some((field, _)) = theme_problem(title, favicon) {
        anyhow::bail!(
            "{field}: the title must be 1 to {THEME_TITLE_CHARS} characters; the favicon an http(s) URL, a site path or \
             a data:image URL of at most {THEME_FAVICON_BYTES} bytes"
        );
    }
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

//! External pages (docs/frame.md): the organisation's list of other sites the console frames under Manage
//! (`/manage/frame/{path}`). Every account with `manage` lists them (the frame routes are Manage's); only the
//! organisation's administrators add, change and delete them, since each entry's origin becomes one the console's
//! Content-Security-Policy lets it frame ([`crate::web`]).
//!
//! The access layer has already checked that an `id` names an entry of the caller's organisation (1362 otherwise,
//! the same as for no entry at all); the handlers check the fields and the limit of
//! [`EXTERNAL_PAGES_MAX`] entries, and change nothing when any is refused.

use crate::AppState;
use crate::answers::Created;
use crate::answers::system::ExternalPage;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::EXTERNAL_PAGES_MAX;
use ironsight_domain::{Code, Reason, external_page};

/// `POST /lfscada/system/frame/list` → `[{id, title, url}]` in menu order.
pub async fn list(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let pages = state.store.external_pages(current.user.org_id).await?;
    Ok(ApiOk::new(pages.into_iter().map(ExternalPage::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/system/frame/save {id?, title, url}`: without `id` adds an entry last (→ `{id}`; 1363 when the
/// organisation has [`EXTERNAL_PAGES_MAX`]), with one changes that entry.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = match params.int("id")? {
        None => None,
        Some(id) if id > 0 => Some(id),
        Some(_) => return Err(ApiError::invalid("id", Reason::NotAllowed)),
    };
    let raw_title = params.text("title")?.unwrap_or_default();
    let title = external_page::title(&raw_title).map_err(|reason| ApiError::invalid("title", reason))?;
    let raw_url = params.text("url")?.unwrap_or_default();
    let url = external_page::address(&raw_url).map_err(|reason| ApiError::invalid("url", reason))?;
    // Stored as the parser writes it (host lower-cased, punycode): what the frame loads is what the policy names.
    let url = url.as_str();
    let org_id = current.user.org_id;
    match id {
        Some(id) => {
            if !state.store.edit_external_page(org_id, id, title, url).await? {
                return Err(ApiError::code(Code::ExternalPageNotFound));
            }
            Ok(ApiOk::empty().audit("external_page", id))
        }
        None => {
            let Some(id) = state.store.add_external_page(org_id, title, url, EXTERNAL_PAGES_MAX).await? else {
                return Err(ApiError::Business(
                    Code::TooManyExternalPages,
                    vec![("max", EXTERNAL_PAGES_MAX.to_string())],
                ));
            };
            Ok(ApiOk::new(Created { id }).audit("external_page", id))
        }
    }
}

/// `POST /lfscada/system/frame/delete {id}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_external_page(current.user.org_id, id).await? {
        return Err(ApiError::code(Code::ExternalPageNotFound));
    }
    Ok(ApiOk::empty().audit("external_page", id))
}

//! Configuration pages (`/lfscada/configuration/page/*`, and a project's list and add under
//! `/lfscada/project/page/*`): the list, add, rename, delete, the organisation's home page, and loading and saving
//! a page's document (docs/page-document.md). A page belongs to an equipment or to a project; every call by page id
//! serves both. Changes need the manage permission; another organisation's equipment, project or page, or one a
//! limited sub-account may not see, answers "not found" (1214, 1253, 1205).

use crate::AppState;
use crate::answers::Created;
use crate::answers::page::{PageSaved, PageSummary, PageVersion, PageVersionDocument, PageWithDocument};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::page::{MAX_DOCUMENT_BYTES, validate_document};
use ironsight_domain::{Code, Reason};
use ironsight_store::pages::{DocumentSave, PageDetail, PageOwner, PageSave};
use serde_json::Value;
use serde_json::value::RawValue;

fn title(params: &Params) -> Result<String, ApiError> {
    params.name("title")
}

/// The owner a list or add call names: `equipmentId` on the configuration calls, `projectId` on the project's.
#[derive(Clone, Copy)]
enum OwnerParam {
    Equipment,
    Project,
}

impl OwnerParam {
    fn read(self, params: &Params) -> Result<PageOwner, ApiError> {
        Ok(match self {
            OwnerParam::Equipment => PageOwner::Equipment(params.required_int("equipmentId")?),
            OwnerParam::Project => PageOwner::Project(params.required_int("projectId")?),
        })
    }

    /// The answer when the owner is not one the caller may see.
    fn not_found(self) -> ApiError {
        ApiError::code(match self {
            OwnerParam::Equipment => Code::EquipmentNotFound,
            OwnerParam::Project => Code::ProjectNotFound,
        })
    }
}

/// `POST /lfscada/configuration/page/query {equipmentId}` → `[{id, equipmentId, projectId, title, width, height,
/// updated, protected, home}]`.
pub async fn query(state: State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    list(state, current, params, OwnerParam::Equipment).await
}

/// `POST /lfscada/project/page/query {projectId}`: the project's pages, as page/query answers them.
pub async fn query_of_project(state: State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    list(state, current, params, OwnerParam::Project).await
}

async fn list(State(state): State<AppState>, current: CurrentUser, params: Params, owner: OwnerParam) -> ApiResult {
    let pages = state.store.pages_of(&current.viewer(), owner.read(&params)?).await?;
    let pages = pages.ok_or_else(|| owner.not_found())?;
    Ok(ApiOk::new(pages.into_iter().map(PageSummary::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/configuration/page/add {equipmentId, title, width?, height?}` → `{id}`.
pub async fn add(state: State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    add_to(state, current, params, OwnerParam::Equipment).await
}

/// `POST /lfscada/project/page/add {projectId, title, width?, height?}` → `{id}`.
pub async fn add_to_project(state: State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    add_to(state, current, params, OwnerParam::Project).await
}

async fn add_to(State(state): State<AppState>, current: CurrentUser, params: Params, owner: OwnerParam) -> ApiResult {
    let owner_ref = owner.read(&params)?;
    let title = title(&params)?;
    // The canvas's bounds and defaults are the row's (`ironsight_domain::page`'s, as a saved document's).
    let width = params.int_or_default("width")?;
    let height = params.int_or_default("height")?;
    let id = state
        .store
        .add_page(&current.viewer(), owner_ref, &title, width, height)
        .await?
        .ok_or_else(|| owner.not_found())?;
    Ok(ApiOk::new(Created { id }).audit("page", id))
}

/// `POST /lfscada/configuration/page/edit {id, title}`: rename.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let title = title(&params)?;
    if !state.store.rename_page(&current.viewer(), id, &title).await? {
        return Err(ApiError::code(Code::PageNotFound));
    }
    Ok(ApiOk::empty().audit("page", id))
}

/// `POST /lfscada/configuration/page/delete {id}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_page(&current.viewer(), id).await? {
        return Err(ApiError::code(Code::PageNotFound));
    }
    super::image_library::settle_hidden(&state, current.user.org_id).await;
    Ok(ApiOk::empty().audit("page", id))
}

/// `POST /lfscada/configuration/page/queryHome {}` → the organisation's first page, or null when it has none.
pub async fn query_home(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(state.store.home_page(&current.viewer()).await?.map(PageSummary::from)))
}

/// A page as the viewer loads it.
/// `POST /lfscada/configuration/page/info {id}` → `{id, equipmentId, title, width, height, updated, protected,
/// document}`; a protected page answers 1240, with nothing of it, until this session gave its password.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    page_with_document(&state, &current, params.required_int("id")?, true).await
}

/// `POST /lfscada/configuration/page/design {id}`: the same page for the designer, whose callers may change or
/// remove the password anyway (the route needs the manage permission), so it is not asked.
pub async fn design(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    page_with_document(&state, &current, params.required_int("id")?, false).await
}

async fn page_with_document(state: &AppState, current: &CurrentUser, id: i64, ask_password: bool) -> ApiResult {
    let detail =
        state.store.page_info(&current.viewer(), id).await?.ok_or_else(|| ApiError::code(Code::PageNotFound))?;
    let page = &detail.summary;
    if ask_password && page.protected && !state.store.page_unlocked(&current.token_hash, id).await? {
        return Err(ApiError::code(Code::PagePasswordRequired));
    }
    page_answer(&detail)
}

/// A loaded page as `page/info` answers it (its document as saved); the share view's `share/page/info` too.
pub(crate) fn page_answer(detail: &PageDetail) -> ApiResult {
    let page = &detail.summary;
    let id = page.id;
    let document: &RawValue = serde_json::from_str(&detail.document)
        .map_err(|e| anyhow::anyhow!("page {id}: the stored document is not JSON: {e}"))?;
    let answer = PageWithDocument {
        id: page.id,
        equipment_id: page.equipment_id,
        project_id: page.project_id,
        title: &page.title,
        width: page.width,
        height: page.height,
        updated: page.updated,
        protected: page.protected,
        document,
    };
    Ok(ApiOk::serialised(&answer)?)
}

/// Body limit of the save route: a document of [`MAX_DOCUMENT_BYTES`] form-encoded (each byte `%XX` at worst),
/// plus the id and the field names.
pub const SAVE_BODY_LIMIT: usize = 3 * MAX_DOCUMENT_BYTES + 64 * 1024;

/// `POST /lfscada/configuration/page/save {id, document, base?}` → `{updated}`. The document is checked whole before
/// anything is stored; the canvas size comes from its `con`. With `base` (the `updated` of the version the editor
/// opened) a page saved by someone else since answers 1239 and nothing changes; without it the save overwrites.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Result<Params, ApiError>) -> ApiResult {
    let params = params.map_err(oversized_document)?;
    let id = params.required_int("id")?;
    let document = document_text(&params)?;
    let valid = validate_document(&document).map_err(|problem| ApiError::invalid("document", problem.into()))?;
    let save = DocumentSave {
        document: &document,
        width: valid.width,
        height: valid.height,
        widgets: valid.widgets,
        saved_by: &current.user.loginname,
        base: params.int("base")?,
    };
    match state.store.save_page_document(&current.viewer(), id, save).await? {
        PageSave::Saved(updated) => {
            // A save may show a hidden picture again, or drop the last kept version that showed one.
            super::image_library::settle_hidden(&state, current.user.org_id).await;
            Ok(ApiOk::new(PageSaved { updated }).audit("page", id))
        }
        PageSave::NotFound => Err(ApiError::code(Code::PageNotFound)),
        PageSave::Changed { .. } => Err(ApiError::code(Code::PageChanged)),
    }
}

/// The document as JSON text: a form field holds the text (kept as sent); a JSON body may hold the object.
pub(super) fn document_text(params: &Params) -> Result<String, ApiError> {
    match params.get("document") {
        None | Some(Value::Null) => Err(ApiError::invalid("document", Reason::Required)),
        Some(Value::String(text)) if text.trim().is_empty() => Err(ApiError::invalid("document", Reason::Required)),
        Some(Value::String(text)) => Ok(text.clone()),
        Some(object @ Value::Object(_)) => Ok(serde_json::to_string(object).map_err(anyhow::Error::from)?),
        Some(_) => Err(ApiError::invalid("document", Reason::NotObject)),
    }
}

/// Only the document can make this route's body too large: the caller hears about the field, as for a document
/// just over the limit, not a bare 413.
pub(super) fn oversized_document(error: ApiError) -> ApiError {
    match error {
        ApiError::TooLarge(_) => ApiError::invalid("document", Reason::TooLarge { max_kib: MAX_DOCUMENT_BYTES / 1024 }),
        other => other,
    }
}

/// `POST /lfscada/configuration/page/versions {id}` → the page's kept versions, newest first:
/// `[{saved, savedBy, widgets, bytes}]` (the documents are read one at a time).
pub async fn versions(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let versions =
        state.store.page_versions(&current.viewer(), id).await?.ok_or_else(|| ApiError::code(Code::PageNotFound))?;
    Ok(ApiOk::new(versions.into_iter().map(PageVersion::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/configuration/page/version {id, saved}` → `{saved, document}`: one kept version's document, to
/// preview or restore in the designer (restoring is a save of it); 1205 when the page or the version is gone.
pub async fn version(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let saved = params.required_int("saved")?;
    let text = state
        .store
        .page_version_document(&current.viewer(), id, saved)
        .await?
        .ok_or_else(|| ApiError::code(Code::PageNotFound))?;
    let document: &RawValue = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("page {id} version {saved}: the stored document is not JSON: {e}"))?;
    Ok(ApiOk::serialised(&PageVersionDocument { saved, document })?)
}

/// `POST /lfscada/configuration/page/copy {id, title}` → `{id}`: a copy of the page for the same owner.
pub async fn copy(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let title = title(&params)?;
    let copied = state
        .store
        .copy_page(&current.viewer(), id, &title)
        .await?
        .ok_or_else(|| ApiError::code(Code::PageNotFound))?;
    Ok(ApiOk::new(Created { id: copied }).audit("page", copied))
}

/// `POST /lfscada/configuration/page/setHome {id}`: makes the page its owner's home page.
pub async fn set_home(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.set_home_page(&current.viewer(), id).await? {
        return Err(ApiError::code(Code::PageNotFound));
    }
    Ok(ApiOk::empty().audit("page", id))
}

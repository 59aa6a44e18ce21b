//! Page templates ("faceplates"; paths ours, under the spec's configuration calls): a selection of widgets saved
//! once and dropped on any page of the organisation, where the designer binds it to the signals of the same names
//! (docs/designer.md, "Templates"). `template/save` stores one (checked with the page rules and holding no id of an
//! equipment: ironsight_domain::page::validate_template), `template/query` lists them by name, `template/info`
//! answers one with its document, `template/delete` removes one.
//!
//! A template binds signals by name only and reaches no equipment, so it belongs to the organisation like the
//! image library: every account of the organisation with the designer's manage permission lists and uses it, a
//! limited sub-account included; another organisation's template is not found (1260).

use crate::AppState;
use crate::answers::template::{TemplateSummary, TemplateWithDocument};
use crate::answers::{Created, Listed};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Code;
use ironsight_domain::page::validate_template;
use ironsight_store::templates::NewTemplate;
use serde_json::value::RawValue;

/// `POST /lfscada/configuration/template/save {name, document}` → `{id}`; 1261 when the name is taken.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Result<Params, ApiError>) -> ApiResult {
    let params = params.map_err(super::pages::oversized_document)?;
    let name = params.name("name")?;
    let document = super::pages::document_text(&params)?;
    let valid = validate_template(&document).map_err(|problem| ApiError::invalid("document", problem.into()))?;
    let new = NewTemplate { name: &name, document: &document, widgets: valid.widgets as i64, signals: &valid.signals };
    match state.store.add_template(&current.viewer(), &current.user.loginname, &new).await? {
        Some(id) => Ok(ApiOk::new(Created { id }).audit("template", id)),
        None => Err(ApiError::code(Code::TemplateNameExists)),
    }
}

/// `POST /lfscada/configuration/template/query {name?, page, pageSize}` → `{total, list: [summary]}` by name.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let name = params.text("name")?;
    let found = state.store.templates(&current.viewer(), name.as_deref().map(str::trim), page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, TemplateSummary::from)))
}

/// `POST /lfscada/configuration/template/info {id}` → the summary with `document`.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let (summary, text) =
        state.store.template(&current.viewer(), id).await?.ok_or_else(|| ApiError::code(Code::TemplateNotFound))?;
    let document: &RawValue = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("template {id}: the stored document is not JSON: {e}"))?;
    Ok(ApiOk::new(TemplateWithDocument { summary: summary.into(), document }))
}

/// `POST /lfscada/configuration/template/delete {id}`: pages made with it keep their widgets.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_template(&current.viewer(), id).await? {
        return Err(ApiError::code(Code::TemplateNotFound));
    }
    Ok(ApiOk::empty().audit("template", id))
}

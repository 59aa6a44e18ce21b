//! Projects (`/lfscada/project/*`): several equipment under a name and a remark. Listing and viewing are open to
//! every user of the organisation; adding, editing and deleting need the manage permission. Another
//! organisation's project answers 1253, its equipment 1214. Project pages and the monitor come with the designer.

use crate::AppState;
use crate::answers::Created;
use crate::answers::Listed;
use crate::answers::project as answer;
use crate::api::scenes::distinct;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::{PROJECT_NAME_CHARS, REMARK_CHARS};
use ironsight_domain::{Code, Reason};
use ironsight_store::scenes::SaveError;
use serde_json::Value;

/// Trimmed text at `field` of at most `max` characters without control characters (line breaks are allowed in
/// the remark); `required` refuses an empty one.
pub(crate) fn text_field(params: &Params, field: &str, max: usize, required: bool) -> Result<String, ApiError> {
    let text = params.text(field)?.unwrap_or_default().trim().to_owned();
    if required && text.is_empty() {
        return Err(ApiError::invalid(field, Reason::Required));
    }
    if text.chars().count() > max {
        return Err(ApiError::invalid(field, Reason::TooLong { max }));
    }
    if text.chars().any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t') || (required && text.contains('\n'))
    {
        return Err(ApiError::invalid(field, Reason::ControlCharacters));
    }
    Ok(text)
}

struct Fields {
    name: String,
    remark: String,
    ids: Vec<i64>,
}

fn project_fields(params: &Params) -> Result<Fields, ApiError> {
    let name = text_field(params, "name", PROJECT_NAME_CHARS, true)?;
    let remark = text_field(params, "remark", REMARK_CHARS, false)?;
    let ids = match params.get("equipmentIds") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(s)) if s.trim().is_empty() => Vec::new(),
        Some(_) => distinct(params.id_list("equipmentIds")?),
    };
    Ok(Fields { name, remark, ids })
}

fn save_error(e: SaveError) -> ApiError {
    ApiError::code(match e {
        SaveError::NameTaken => Code::ProjectNameExists,
        SaveError::NoEquipment => Code::EquipmentNotFound,
        SaveError::NotFound => Code::ProjectNotFound,
    })
}

/// `POST /lfscada/project/query {page, pageSize, keyword}` → `{total, list: [{id, name, remark, equipmentCount,
/// updated}]}` by name.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, size) = params.paging()?;
    // At most a name's length (the row's): a longer keyword cannot match.
    let keyword = params.text("keyword")?.unwrap_or_default().trim().to_owned();
    let found = state.store.projects(&current.viewer(), &keyword, page, size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answer::ProjectSummary::from)))
}

/// `POST /lfscada/project/info {id}` → `{id, name, remark, equipment: [{id, equipName}]}`.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let project = state.store.project(&current.viewer(), id).await?;
    project.map(|p| ApiOk::new(answer::Project::from(p))).ok_or_else(|| ApiError::code(Code::ProjectNotFound))
}

/// `POST /lfscada/project/add {name, remark, equipmentIds}` → `{id}`.
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let f = project_fields(&params)?;
    let id = state.store.add_project(current.user.org_id, &f.name, &f.remark, &f.ids).await?.map_err(save_error)?;
    Ok(ApiOk::new(Created { id }).audit("project", id))
}

/// `POST /lfscada/project/edit {id, name, remark, equipmentIds}`: replaces the fields and the equipment.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let f = project_fields(&params)?;
    state.store.edit_project(current.user.org_id, id, &f.name, &f.remark, &f.ids).await?.map_err(save_error)?;
    Ok(ApiOk::empty().audit("project", id))
}

/// `POST /lfscada/project/delete {id}`: the equipment stays.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_project(current.user.org_id, id).await? {
        return Err(ApiError::code(Code::ProjectNotFound));
    }
    // Its pages and their kept versions went too: a library picture only they kept (hidden) goes now.
    crate::api::image_library::settle_hidden(&state, current.user.org_id).await;
    Ok(ApiOk::empty().audit("project", id))
}

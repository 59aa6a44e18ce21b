//! Scenes (`/lfscada/scene/*`, our paths): named boards of chosen equipment cards with their latest values.
//! Listing and viewing are open to every user of the organisation; adding, editing and deleting need the manage
//! permission. Another organisation's scene answers 1251, its equipment 1214.

use crate::AppState;
use crate::answers::Created;
use crate::answers::scene::{Scene, SceneSummary};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Code;
use ironsight_domain::validate::GroupName;
use ironsight_store::scenes::SaveError;

/// The ids at `field` in their order, each once (a repeated id keeps its first place).
pub(crate) fn distinct(ids: Vec<i64>) -> Vec<i64> {
    let mut seen = std::collections::HashSet::new();
    ids.into_iter().filter(|id| seen.insert(*id)).collect()
}

/// Name (trimmed, 1–30 characters, the rule group names follow) and 1–50 equipment ids.
fn scene_fields(params: &Params) -> Result<(String, Vec<i64>), ApiError> {
    let name = GroupName::parse(&params.text("name")?.unwrap_or_default()).map_err(|r| ApiError::invalid("name", r))?;
    let ids = distinct(params.id_list("equipmentIds")?);
    Ok((name.as_str().to_owned(), ids))
}

fn save_error(e: SaveError) -> ApiError {
    ApiError::code(match e {
        SaveError::NameTaken => Code::SceneNameExists,
        SaveError::NoEquipment => Code::EquipmentNotFound,
        SaveError::NotFound => Code::SceneNotFound,
    })
}

/// `POST /lfscada/scene/query {}` → `[{id, name, equipmentCount, updated}]` by name.
pub async fn query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(state.store.scenes(&current.viewer()).await?.into_iter().map(SceneSummary::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/scene/info {id}` → `{id, name, equipment: [card + keyValues]}` in the chosen order.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let scene = state.store.scene(&current.viewer(), id).await?;
    let link_up = state.link.broker_up();
    scene.map(|s| ApiOk::new(Scene::new(s, link_up))).ok_or_else(|| ApiError::code(Code::SceneNotFound))
}

/// `POST /lfscada/scene/add {name, equipmentIds}` → `{id}`.
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (name, ids) = scene_fields(&params)?;
    let id = state.store.add_scene(current.user.org_id, &name, &ids).await?.map_err(save_error)?;
    Ok(ApiOk::new(Created { id }).audit("scene", id))
}

/// `POST /lfscada/scene/edit {id, name, equipmentIds}`: renames and replaces the equipment.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let (name, ids) = scene_fields(&params)?;
    state.store.edit_scene(current.user.org_id, id, &name, &ids).await?.map_err(save_error)?;
    Ok(ApiOk::empty().audit("scene", id))
}

/// `POST /lfscada/scene/delete {id}`: the equipment stays.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_scene(current.user.org_id, id).await? {
        return Err(ApiError::code(Code::SceneNotFound));
    }
    Ok(ApiOk::empty().audit("scene", id))
}

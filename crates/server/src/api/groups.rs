//! Equipment groups of the monitor (`/lfscada/monitor/group/*`): organisation-wide, an equipment in at most one.
//! Listing is open to every user of the organisation; adding, renaming, deleting and moving need the manage
//! permission. Another organisation's group or equipment answers "not found" (1215, 1214).

use crate::AppState;
use crate::answers::{self, Created};
use crate::api::monitor_list::{card_page, cards_filter};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::GroupName;
use ironsight_domain::{Code, Reason};
use ironsight_store::monitor::{GroupScope, MoveError};

fn group_name(params: &Params) -> Result<GroupName, ApiError> {
    GroupName::parse(&params.text("name")?.unwrap_or_default()).map_err(|r| ApiError::invalid("name", r))
}

/// A group id where absent, empty or 0 means "no group" (the spec's ungrouped list and the move out of a group).
fn optional_group(params: &Params) -> Result<Option<i64>, ApiError> {
    match params.int("groupId")? {
        None | Some(0) => Ok(None),
        Some(id) if id > 0 => Ok(Some(id)),
        Some(_) => Err(ApiError::invalid("groupId", Reason::Negative)),
    }
}

/// `POST /lfscada/monitor/group/query {}` → `[{id, name, equipmentCount}]` by name.
pub async fn query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let groups = state.store.groups(&current.viewer()).await?;
    Ok(ApiOk::new(groups.into_iter().map(answers::group::Group::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/monitor/group/add {name}` → `{id}`; 1202 when the organisation has a group of that name.
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let name = group_name(&params)?;
    let id = state
        .store
        .add_group(current.user.org_id, name.as_str())
        .await?
        .ok_or_else(|| ApiError::code(Code::GroupNameExists))?;
    Ok(ApiOk::new(Created { id }).audit("group", id))
}

/// `POST /lfscada/monitor/group/edit {id, name}`: rename; 1215 without the group, 1202 when the name is taken.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let name = group_name(&params)?;
    match state.store.rename_group(current.user.org_id, id, name.as_str()).await? {
        Some(true) => Ok(ApiOk::empty().audit("group", id)),
        Some(false) => Err(ApiError::code(Code::GroupNotFound)),
        None => Err(ApiError::code(Code::GroupNameExists)),
    }
}

/// `POST /lfscada/monitor/group/delete {id}`: its equipment becomes ungrouped.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_group(current.user.org_id, id).await? {
        return Err(ApiError::code(Code::GroupNotFound));
    }
    Ok(ApiOk::empty().audit("group", id))
}

/// `POST /lfscada/monitor/group/equipment/move {equipmentId, groupId}`; an empty, absent or 0 `groupId` takes
/// the equipment out of its group.
pub async fn move_equipment(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    let group_id = optional_group(&params)?;
    match state.store.move_to_group(&current.viewer(), equipment_id, group_id).await? {
        Ok(()) => Ok(ApiOk::empty().audit("equipment", equipment_id)),
        Err(MoveError::NoEquipment) => Err(ApiError::code(Code::EquipmentNotFound)),
        Err(MoveError::NoGroup) => Err(ApiError::code(Code::GroupNotFound)),
    }
}

/// `POST /lfscada/monitor/group/equipment/queryByGroup {groupId, page, pageSize, keyword, sort}` →
/// `{total, list: [card]}`; `groupId` 0 or absent lists the ungrouped equipment.
pub async fn query_by_group(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let scope = match optional_group(&params)? {
        None => GroupScope::Ungrouped,
        Some(id) => {
            if state.store.group(&current.viewer(), id).await?.is_none() {
                return Err(ApiError::code(Code::GroupNotFound));
            }
            GroupScope::Group(id)
        }
    };
    let mut query = cards_filter(&current, &params)?;
    query.filter.group = scope;
    card_page(&state, query, &params).await
}

/// `POST /lfscada/monitor/group/equipment/queryAllByGroup {}` → `[{id, name, equipment: [{id, equipName}]}]`,
/// groups by name, then `{id: 0, name: "", equipment}` with the ungrouped equipment.
pub async fn query_all_by_group(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let kind = crate::api::monitor_list::kind(&params)?;
    let groups = state.store.groups_with_equipment(&current.viewer(), kind).await?;
    Ok(ApiOk::new(groups.into_iter().map(answers::group::GroupWithEquipment::from).collect::<Vec<_>>()))
}

//! The equipment monitor's lists (`/lfscada/monitor/equipment/*`): the card list with its filters, every card,
//! the map, and the personal follow (star) and stick (pin) marks; also the manufacturer list of the equipment
//! forms. Every card comes from the one store query ([`ironsight_store::Store::equipment_cards`]), so the lists
//! cannot disagree about what a card says. Follow and stick are the caller's own: they need a session, not the
//! manage permission, and another user's marks are never seen.

use crate::AppState;
use crate::answers::Listed;
use crate::answers::monitor::{Card, MapCard};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::{Code, Reason};
use ironsight_store::equipment::{EquipmentFilter, EquipmentKind, EquipmentSort};
use ironsight_store::monitor::{CardQuery, GroupScope, Mark};

/// `true`, `false`, or `None` when absent or empty; anything else is refused naming the field.
/// `keyword`, `online`, `gatewayId` and `kind` (`eg` or `gm`): the filters every equipment list shares, the
/// management list's (`/lfscada/equipment/multi/query`) as well as the cards'. The group is the caller's to set (see
/// [`group_scope`]): one list reads `groupId` differently.
pub(crate) fn equipment_filter(params: &Params) -> Result<EquipmentFilter, ApiError> {
    Ok(EquipmentFilter {
        keyword: params.trimmed("keyword")?,
        online: params.flag("online")?,
        gateway_id: params.int("gatewayId")?,
        kind: kind(params)?,
        group: GroupScope::Any,
    })
}

/// `kind`: `eg` (equipment behind gateways), `gm` (GM equipment), or absent for both.
pub(crate) fn kind(params: &Params) -> Result<Option<EquipmentKind>, ApiError> {
    match params.text("kind")?.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some("eg") => Ok(Some(EquipmentKind::Eg)),
        Some("gm") => Ok(Some(EquipmentKind::Gm)),
        Some(_) => Err(ApiError::invalid("kind", Reason::NotAllowed)),
    }
}

/// `sort`: `time` (newest first, the default) or `name`.
pub(crate) fn sort(params: &Params) -> Result<EquipmentSort, ApiError> {
    match params.text("sort")?.as_deref().map(str::trim) {
        None | Some("") | Some("time") => Ok(EquipmentSort::Newest),
        Some("name") => Ok(EquipmentSort::Name),
        Some(_) => Err(ApiError::invalid("sort", Reason::NotAllowed)),
    }
}

/// The filters every card list shares: those of [`equipment_filter`], `sort` (time|name) and `follow`. The
/// group scope is the caller's to set.
pub(crate) fn cards_filter(current: &CurrentUser, params: &Params) -> Result<CardQuery, ApiError> {
    Ok(CardQuery {
        filter: equipment_filter(params)?,
        followed_only: params.flag("follow")? == Some(true),
        sort: sort(params)?,
        ..CardQuery::new(current.viewer())
    })
}

/// Answers one page of `query` (`page`, `pageSize` from the parameters) as `{total, list}`.
pub(crate) async fn card_page(state: &AppState, mut query: CardQuery, params: &Params) -> ApiResult {
    query.page = Some(params.paging()?);
    let cards = state.store.equipment_cards(&query).await?;
    let link_up = state.link.broker_up();
    Ok(ApiOk::new(Listed::from_page(cards, |c| Card::new(c, link_up))))
}

/// `groupId` of the card list and the management list: absent for every group, 0 for the ungrouped equipment,
/// else that group (1215 when the organisation has no such group).
pub(crate) async fn group_scope(
    state: &AppState,
    current: &CurrentUser,
    params: &Params,
) -> Result<GroupScope, ApiError> {
    match params.int("groupId")? {
        None => Ok(GroupScope::Any),
        Some(0) => Ok(GroupScope::Ungrouped),
        Some(id) if id < 0 => Err(ApiError::invalid("groupId", Reason::Negative)),
        Some(id) => match state.store.group(&current.viewer(), id).await? {
            Some(_) => Ok(GroupScope::Group(id)),
            None => Err(ApiError::code(Code::GroupNotFound)),
        },
    }
}

/// `POST /lfscada/monitor/equipment/query {page, pageSize, keyword, online, gatewayId, groupId, follow, sort}` →
/// `{total, list: [card]}`: the caller's stuck equipment first, then by time (newest first) or name.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let mut query = cards_filter(&current, &params)?;
    query.filter.group = group_scope(&state, &current, &params).await?;
    card_page(&state, query, &params).await
}

/// `POST /lfscada/monitor/equipment/queryAll {}` → every card (the same filters as `query` apply when given),
/// in the same order, without paging.
pub async fn query_all(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let mut query = cards_filter(&current, &params)?;
    query.filter.group = group_scope(&state, &current, &params).await?;
    let link_up = state.link.broker_up();
    let cards = state.store.equipment_cards(&query).await?.list;
    Ok(ApiOk::new(cards.into_iter().map(|c| Card::new(c, link_up)).collect::<Vec<_>>()))
}

/// `POST /lfscada/monitor/equipment/queryAllForMap {}` → the cards with latitude and longitude, each with
/// `keyValues`: the latest values of its first four signals by id.
pub async fn query_all_for_map(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let link_up = state.link.broker_up();
    let cards = state.store.map_cards(&current.viewer()).await?;
    Ok(ApiOk::new(cards.into_iter().map(|m| MapCard::new(m, link_up)).collect::<Vec<_>>()))
}

async fn set_mark(state: &AppState, current: &CurrentUser, params: &Params, mark: Mark, on: bool) -> ApiResult {
    let id = params.int("equipmentId")?.ok_or_else(|| ApiError::invalid("equipmentId", Reason::Required))?;
    if !state.store.set_mark(&current.viewer(), id, mark, on).await? {
        return Err(ApiError::code(Code::EquipmentNotFound));
    }
    Ok(ApiOk::empty().audit("equipment", id))
}

/// `POST /lfscada/monitor/equipment/setFollow {equipmentId}`: star the equipment for the caller (idempotent).
pub async fn set_follow(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    set_mark(&state, &current, &params, Mark::Follow, true).await
}

/// `POST /lfscada/monitor/equipment/cancleFollow {equipmentId}` (the spec's spelling): remove the star.
pub async fn cancel_follow(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    set_mark(&state, &current, &params, Mark::Follow, false).await
}

/// `POST /lfscada/monitor/equipment/setStick {equipmentId}`: pin the equipment to the top of the caller's lists.
pub async fn set_stick(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    set_mark(&state, &current, &params, Mark::Stick, true).await
}

/// `POST /lfscada/monitor/equipment/cancelStick {equipmentId}`: unpin.
pub async fn cancel_stick(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    set_mark(&state, &current, &params, Mark::Stick, false).await
}

/// `POST /lfscada/equipment/multi/extra/queryAllManufacturer {}` → the organisation's distinct non-empty
/// manufacturer names, sorted (the equipment form offers them).
pub async fn manufacturers(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(state.store.manufacturers(&current.viewer()).await?))
}

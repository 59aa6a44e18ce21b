//! Equipment management: the spec's `/lfscada/equipment/multi/*` calls for add, edit, query, info, delete and
//! gateway binding. Every call is scoped to the caller's organisation; changes need the manage permission.

use crate::AppState;
use crate::answers::Created;
use crate::answers::Listed;
use crate::answers::equipment::Equipment;
use crate::api::expiry::DateChange;
use crate::api::monitor_list;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::SerialNumber;
use ironsight_domain::{Code, Reason};
use ironsight_store::equipment::EquipmentFields;

/// One of `allowed`, or `default` when absent.
fn choice(params: &Params, field: &str, allowed: &[&str], default: &str) -> Result<String, ApiError> {
    match params.text(field)?.filter(|v| !v.is_empty()) {
        None => Ok(default.to_owned()),
        Some(v) if allowed.contains(&v.as_str()) => Ok(v),
        Some(_) => Err(ApiError::invalid(field, Reason::NotAllowed)),
    }
}

fn fields(params: &Params) -> Result<EquipmentFields, ApiError> {
    // Every length is the row's.
    Ok(EquipmentFields {
        equip_name: params.name("equipName")?,
        display: choice(params, "display", &["list", "page"], "list")?,
        rule_type: choice(params, "ruleType", &["00", "01"], "00")?,
        model: params.trimmed("model")?,
        manufacturer: params.trimmed("manufacturer")?,
        address: params.trimmed("address")?,
        // In the row's ranges (`limits::LATITUDE_MAX`, `limits::LONGITUDE_MAX`).
        latitude: params.float("latitude")?,
        longitude: params.float("longitude")?,
        remark: params.trimmed("remark")?,
    })
}

fn not_found() -> ApiError {
    ApiError::code(Code::EquipmentNotFound)
}

/// `POST /lfscada/equipment/multi/add` → `{id}`.
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let fields = fields(&params)?;
    let expiry = DateChange::read(&params)?;
    let id = state.store.add_equipment(current.user.org_id, &fields).await?;
    // A sub-account limited to its granted equipment would otherwise lose sight of what it just made.
    if current.viewer().granted_only {
        state.store.grant_equipment(current.user.id, id).await?;
    }
    if let Some(date) = expiry.stored() {
        state.store.set_equipment_expiry(&current.viewer(), id, date).await?;
    }
    Ok(ApiOk::new(Created { id }).audit("equipment", id))
}

/// `POST /lfscada/equipment/multi/edit`.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let fields = fields(&params)?;
    let expiry = DateChange::read(&params)?;
    if !state.store.edit_equipment(&current.viewer(), id, &fields).await? {
        return Err(not_found());
    }
    if let Some(date) = expiry.stored() {
        state.store.set_equipment_expiry(&current.viewer(), id, date).await?;
    }
    Ok(ApiOk::empty().audit("equipment", id))
}

/// `POST /lfscada/equipment/multi/info {id}`.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = state.store.equipment(&current.viewer(), params.required_int("id")?).await?;
    found.map(|e| ApiOk::new(Equipment::new(e, state.link.broker_up()))).ok_or_else(not_found)
}

/// `POST /lfscada/equipment/multi/query {keyword, online, gatewayId, groupId, sort (time|name), page, pageSize}` →
/// `{total, list}`. The filters are the monitor lists' (one reading of them, [`monitor_list::equipment_filter`]):
/// `keyword` in name, model, manufacturer or address in any case; `online` `true` or `false` (offline or unbound);
/// `gatewayId` a gateway's id; `groupId` 0 for the ungrouped equipment, else a group of the organisation (1215).
/// Each row carries its gateway's serial number, name and online state and its group's name.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let mut filter = monitor_list::equipment_filter(&params)?;
    filter.group = monitor_list::group_scope(&state, &current, &params).await?;
    let sort = monitor_list::sort(&params)?;
    let (page, page_size) = params.paging()?;
    let rows = state.store.equipment_list(&current.viewer(), &filter, sort, page, page_size).await?;
    let link_up = state.link.broker_up();
    Ok(ApiOk::new(Listed::from_page(rows, |e| Equipment::new(e, link_up))))
}

/// `POST /lfscada/equipment/multi/delete {id}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let Some(was) = state.store.equipment(&current.viewer(), id).await? else {
        return Err(not_found());
    };
    // Its repair orders go with it (ON DELETE CASCADE): their pictures are files, named before the rows go.
    let order_pictures = state.store.repair_picture_paths_of_equipment(id).await?;
    if !state.store.delete_equipment(&current.viewer(), id).await? {
        return Err(not_found());
    }
    // Its pages, marks and sharing go with it in the database (ON DELETE CASCADE); its picture is a file.
    crate::api::images::remove(&state, &was.image).await;
    for path in order_pictures {
        crate::api::images::remove(&state, &path).await;
    }
    if let Some(sn) = was.gateway_sn {
        state.link.gateway_changed(&sn).await;
    }
    // An adopted device's values stop going to it (its device can be adopted again).
    state.link.gm_changed().await;
    // Its pages and their kept versions went too: a library picture only they kept (hidden) goes now.
    crate::api::image_library::settle_hidden(&state, current.user.org_id).await;
    Ok(ApiOk::empty().audit("equipment", id))
}

/// `POST /lfscada/equipment/multi/bindGateway {id, sn}`: 1214 without the equipment, 2001 without the gateway.
pub async fn bind_gateway(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let sn = SerialNumber::parse(&params.text("sn")?.unwrap_or_default()).map_err(|r| ApiError::invalid("sn", r))?;
    let Some(equipment) = state.store.equipment(&current.viewer(), id).await? else {
        return Err(not_found());
    };
    if !state.store.bind_gateway(&current.viewer(), id, sn.as_str()).await? {
        return Err(ApiError::code(Code::NoData));
    }
    // Both gateways' configurations change when the equipment moves from one to the other.
    if let Some(old) = equipment.gateway_sn.filter(|old| old != sn.as_str()) {
        state.link.gateway_changed(&old).await;
    }
    state.link.gateway_changed(sn.as_str()).await;
    Ok(ApiOk::empty().audit("equipment", id))
}

/// `POST /lfscada/equipment/multi/unbindGateway {id}`.
pub async fn unbind_gateway(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let was_bound_to = state.store.equipment(&current.viewer(), id).await?.and_then(|e| e.gateway_sn);
    if !state.store.unbind_gateway(&current.viewer(), id).await? {
        return Err(not_found());
    }
    if let Some(sn) = was_bound_to {
        state.link.gateway_changed(&sn).await;
    }
    Ok(ApiOk::empty().audit("equipment", id))
}

//! The project monitor's live calls (spec section 7, "Project monitor"; docs/project-monitor.md): a project page's
//! gateways and their monitor windows, the current values of its signals, writes with their callback, and the
//! page itself. The page's socket token is `crate::live::sockets::project_token`.
//!
//! The route guards admit only a caller who sees the page's (or the named) project whole (`ProjectPage`,
//! `ProjectPages`); every equipment, signal or report a call names is then checked to be the project's, so a
//! project call never reaches another equipment. Each call does what its EG monitor twin does, through the same
//! functions (`crate::api::monitor`, `crate::api::pages`, `crate::api::page_passwords`).

use crate::AppState;
use crate::answers::project_monitor::{ProjectGateway, ProjectValues};
use crate::api::monitor::{link_of, open_window, write_signal};
use crate::api::scenes::distinct;
use crate::error::ApiError;
use crate::link::ingest::live_value;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::{Code, Reason};
use std::collections::BTreeMap;

/// The project of the project page named by `pageId` (1205 when it is not a project page the caller sees whole).
async fn page_project(state: &AppState, current: &CurrentUser, params: &Params) -> Result<i64, ApiError> {
    let page_id = params.required_int("pageId")?;
    state.store.project_of_page(&current.viewer(), page_id).await?.ok_or_else(|| ApiError::code(Code::PageNotFound))
}

/// Refuses `equipment_id` naming `field` unless it is an equipment of project `project_id`.
pub(crate) async fn require_project_equipment(
    state: &AppState,
    current: &CurrentUser,
    project_id: i64,
    equipment_id: i64,
    field: &str,
) -> Result<(), ApiError> {
    let members = state.store.project_equipment_ids(current.user.org_id, project_id).await?;
    if members.contains(&equipment_id) {
        Ok(())
    } else {
        Err(ApiError::invalid(field, Reason::NotProjectEquipment { equipment_id }))
    }
}

/// The page's project and the equipment `dataEquip` names (distinct, in the order given, at most the route's
/// bound), each an equipment of that project: what the socket token and the gateway query watch.
pub(crate) async fn page_equipment(
    state: &AppState,
    current: &CurrentUser,
    params: &Params,
) -> Result<(i64, Vec<i64>), ApiError> {
    let project_id = page_project(state, current, params).await?;
    let asked = distinct(params.id_list("dataEquip")?);
    let members = state.store.project_equipment_ids(current.user.org_id, project_id).await?;
    if let Some(&equipment_id) = asked.iter().find(|id| !members.contains(id)) {
        return Err(ApiError::invalid("dataEquip", Reason::NotProjectEquipment { equipment_id }));
    }
    Ok((project_id, asked))
}

/// `POST /lfscada/monitor/project/gateway/query {pageId, dataEquip}` → `[{equipmentId, sn, interval, online,
/// vpn}]`, one per equipment as asked: the gateway each is bound to, or a GM equipment's source
/// (`monitor::link_of`; offline, without interval, with neither).
pub async fn gateway_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (_, equipment) = page_equipment(&state, &current, &params).await?;
    let viewer = current.viewer();
    let mut items = Vec::with_capacity(equipment.len());
    for equipment_id in equipment {
        let gateway = match state.store.equipment(&viewer, equipment_id).await? {
            Some(e) => link_of(&state, viewer.org_id, &e).await?,
            None => None,
        };
        items.push(match gateway {
            Some(g) => ProjectGateway {
                equipment_id,
                sn: Some(g.sn),
                interval: Some(g.interval),
                online: g.online,
                vpn: g.vpn,
            },
            None => ProjectGateway { equipment_id, sn: None, interval: None, online: false, vpn: false },
        });
    }
    Ok(ApiOk::new(items))
}

/// `POST /lfscada/monitor/project/gateway/open {projectId, equipmentId, interval, delay}`: as `monitor/multi/open`,
/// for an equipment of the project (the console sends delay 3600 and repeats every 3,570 s).
pub async fn gateway_open(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let equipment_id = params.required_int("equipmentId")?;
    require_project_equipment(&state, &current, project_id, equipment_id, "equipmentId").await?;
    let equipment = state.store.equipment(&current.viewer(), equipment_id).await?;
    let equipment = equipment.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    open_window(&state, &current, equipment, &params).await
}

/// `POST /lfscada/monitor/project/signal/query {pageId, dataSignal}` → `{signalVal}`: the latest value of each
/// asked signal that is a signal of the page's project's equipment. Another signal (deleted, of an equipment
/// outside the project, of another organisation) is left out, as one without a value yet: a page keeps showing
/// the rest, and the answer tells nothing of what is not the project's.
pub async fn signal_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = page_project(&state, &current, &params).await?;
    let asked = distinct(params.id_list("dataSignal")?);
    let owners = state.store.project_signal_owners(current.user.org_id, project_id, &asked).await?;
    let mut by_equipment: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for (signal_id, equipment_id) in owners {
        by_equipment.entry(equipment_id).or_default().push(signal_id);
    }
    let mut values = ProjectValues::default();
    for (equipment_id, signals) in by_equipment {
        for reading in state.link.latest_of(equipment_id).await? {
            if signals.contains(&reading.signal_id) {
                values.signal_val.insert(reading.signal_id.to_string(), live_value(&reading));
            }
        }
    }
    Ok(ApiOk::new(values))
}

/// `POST /lfscada/monitor/project/signal/writeVal {projectId, signalId, value}` → `{online, uuid}`, then the
/// callback (`monitor/project/signal/callback`): the EG write (`write_signal`: read-only 2004, limits 2003,
/// offline 1207) of a signal of the project's equipment; another signal is a field error naming `signalId`.
pub async fn write_value(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let signal_id = params.required_int("signalId")?;
    let value = params.float("value")?.ok_or_else(|| ApiError::invalid("value", Reason::Required))?;
    let owners = state.store.project_signal_owners(current.user.org_id, project_id, &[signal_id]).await?;
    if owners.is_empty() {
        return Err(ApiError::invalid("signalId", Reason::NotProjectSignal { signal_id }));
    }
    let owned = state.store.owned_signal(&current.viewer(), signal_id).await?;
    let owned = owned.ok_or_else(|| ApiError::invalid("signalId", Reason::NotAllowed))?;
    write_signal(&state, current.user.org_id, current.user.id, &owned, value).await
}

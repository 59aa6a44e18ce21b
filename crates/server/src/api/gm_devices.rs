//! Adoption of what Sparkplug edge nodes announce (docs/gm-equipment.md): the devices and metrics a registered
//! node's births announced, and adopting one device (or the node's own metrics) as an equipment whose signals are
//! its metrics. Until it is adopted, nothing a node sends is kept beyond what its births announced.
//!
//! Writes to an adopted device's signals come through the monitor's write path and are sent here ([`write`]).
//!
//! The source is checked against the caller by the route table's guard on `nodeId` (a limited sub-account sees a
//! source only when every equipment adopted from it is granted to it, or, while none is, when it registered it).

use crate::AppState;
use crate::answers::Created;
use crate::answers::gm::{GmDevice, GmMetric};
use crate::answers::signal::CommandSent;
use crate::api::monitor::require_link;
use crate::error::ApiError;
use crate::link::sparkplug::metrics;
use crate::link::sparkplug::writes::Refusal;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Code;
use ironsight_domain::limits::EQUIPMENT_NAME_CHARS;
use ironsight_domain::validate::display_name;
use ironsight_store::commands::{CommandStatus, NewCommand};
use ironsight_store::equipment::EquipmentFields;
use ironsight_store::gm_metrics::{AdoptConflict, Adoption, AnnouncedMetric};
use ironsight_store::gm_sources::{GmSource, GmSourceKind};
use ironsight_store::signals::{GmMetricRef, OwnedSignal};
use std::collections::{BTreeMap, HashMap};

/// The Sparkplug edge node `nodeId` names, as the caller may see it; 1380 otherwise (a JSON device too).
async fn edge_node(state: &AppState, current: &CurrentUser, params: &Params) -> Result<GmSource, ApiError> {
    let id = params.required_int("nodeId")?;
    let source = state.store.visible_gm_source(&current.viewer(), id).await?;
    source
        .filter(|s| matches!(s.kind, GmSourceKind::SparkplugNode { .. }))
        .ok_or_else(|| ApiError::code(Code::GmSourceNotFound))
}

/// The announced metrics of each device of `source_id`, by device id.
async fn devices(state: &AppState, source_id: i64) -> Result<BTreeMap<String, Vec<AnnouncedMetric>>, ApiError> {
    let mut devices: BTreeMap<String, Vec<AnnouncedMetric>> = BTreeMap::new();
    for d in state.store.gm_discovered(source_id).await? {
        devices.entry(d.device_id).or_default().push(d.metric);
    }
    Ok(devices)
}

/// `POST /lfscada/gm/discovered/query {nodeId}` → the node's devices (`deviceId` '' for its own metrics), each
/// with its metrics and the equipment adopted from it.
pub async fn discovered(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let source = edge_node(&state, &current, &params).await?;
    let adopted: HashMap<String, i64> = state.store.gm_adopted(source.id).await?.into_iter().collect();
    let list: Vec<GmDevice> = devices(&state, source.id)
        .await?
        .into_iter()
        .map(|(device_id, announced)| {
            let signals: Vec<String> = metrics::signals(&announced).into_iter().map(|(_, key)| key).collect();
            let metrics = announced
                .into_iter()
                .map(|m| GmMetric {
                    signal: signals.contains(&m.name),
                    name: m.name,
                    datatype: m.datatype,
                    unit: m.unit,
                    eng_low: m.eng_low,
                    eng_high: m.eng_high,
                })
                .collect();
            GmDevice { equip_id: adopted.get(&device_id).copied(), device_id, metrics }
        })
        .collect();
    Ok(ApiOk::new(list))
}

/// `POST /lfscada/gm/adopt {nodeId, deviceId, equipName}` → `{id}`: a new equipment (rule type 00, shown as a
/// signal list) fed by the device, whose signals are its numeric and boolean metrics (`metrics::signals`). 1383
/// for a device no birth announced, 1384 for one adopted already, 1385 for one with no metric that can be a signal.
/// A limited sub-account is granted the equipment it adopts, as it is one it adds.
pub async fn adopt(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let source = edge_node(&state, &current, &params).await?;
    let device_id = params.text("deviceId")?.unwrap_or_default();
    let name = params.text("equipName")?.filter(|t| !t.trim().is_empty());
    let id = adopt_device(&state, &current.viewer(), &source, &device_id, name).await?;
    Ok(ApiOk::new(Created { id }).audit("equipment", id))
}

/// Adopts `source`'s device `device_id` for `viewer` as an equipment named `name` (else after the device, or the
/// source for the node's own metrics): the call's work, also the demo's for its analyser.
pub(crate) async fn adopt_device(
    state: &AppState,
    viewer: &ironsight_store::access::Viewer,
    source: &GmSource,
    device_id: &str,
    name: Option<String>,
) -> Result<i64, ApiError> {
    let mut devices = devices(state, source.id).await?;
    let announced = devices.remove(device_id).ok_or_else(|| ApiError::code(Code::GmDeviceUnknown))?;
    let signals = metrics::signals(&announced);
    if signals.is_empty() {
        return Err(ApiError::code(Code::GmNothingToAdopt));
    }
    let fallback =
        if device_id.is_empty() { source.name.clone() } else { device_id.chars().take(EQUIPMENT_NAME_CHARS).collect() };
    let name = name.unwrap_or(fallback);
    let equip_name =
        display_name(&name, EQUIPMENT_NAME_CHARS).map_err(|r| ApiError::invalid("equipName", r))?.to_owned();
    let fields = EquipmentFields {
        equip_name,
        display: "list".to_owned(),
        rule_type: "00".to_owned(),
        model: String::new(),
        manufacturer: String::new(),
        address: String::new(),
        latitude: None,
        longitude: None,
        remark: String::new(),
    };
    let adoption = Adoption {
        org_id: viewer.org_id,
        source_id: source.id,
        device_id,
        fields: &fields,
        signals: &signals,
        grant_to: viewer.granted_only.then_some(viewer.user_id),
    };
    let id = match state.store.adopt_gm_device(&adoption).await? {
        Ok(id) => id,
        Err(AdoptConflict::Adopted) => return Err(ApiError::code(Code::GmDeviceAdopted)),
        Err(AdoptConflict::NoSource) => return Err(ApiError::code(Code::GmSourceNotFound)),
    };
    state.link.gm_changed().await;
    Ok(id)
}

/// The write of `value` to an adopted device's signal (the monitor's write path, after its checks of the signal's
/// writable flag and limits): an NCMD / DCMD in the metric's datatype, answered `{online, uuid}` as a gateway's
/// write is; its callback turns success when the device reports the value, timeout (1301) when it never does.
/// 1207 when the node or device has no current birth, 2003 when the value does not fit the metric's datatype,
/// 2004 when the metric is a text.
pub(crate) async fn write(
    state: &AppState,
    (org_id, user_id): (i64, i64),
    owned: &OwnedSignal,
    target: &GmMetricRef,
    value: f64,
) -> ApiResult {
    require_link(&state.link)?;
    let prepared = state.link.gm_prepare_write(target, value).map_err(|refusal| {
        ApiError::code(match refusal {
            Refusal::Offline => Code::DeviceOffline,
            Refusal::OutOfRange => Code::WriteOverLimit,
            Refusal::ReadOnly => Code::VariableReadOnly,
        })
    })?;
    let uuid = uuid::Uuid::new_v4().to_string();
    // The commands table names the gateway a command went to; a Sparkplug write names the edge node.
    let node = format!("{}/{}", target.group_id, target.node_id);
    let new = NewCommand {
        uuid: &uuid,
        org_id,
        user_id,
        equipment_id: owned.equipment_id,
        gateway_sn: &node,
        kind: "write",
        signal_id: owned.signal.id,
        value: Some(value),
    };
    state.store.add_command(&new).await?;
    if let Err(e) = state.link.gm_send_write(prepared, &uuid).await {
        let code = Code::DeviceOffline.as_str().parse().ok();
        state.store.set_command_status(&uuid, CommandStatus::Failure, code, None).await?;
        tracing::error!(node, "write not sent: {e:#}");
        return Err(ApiError::code(Code::DeviceOffline));
    }
    // A device that answered already made it a success, which this leaves as it is.
    state.store.set_command_status(&uuid, CommandStatus::Sent, None, None).await?;
    Ok(ApiOk::new(CommandSent { online: true, uuid }).audit("signal", owned.signal.id))
}

//! Adoption of what GM sources announce (docs/gm-equipment.md): the devices and metrics a registered Sparkplug
//! node's births announced, or a JSON device's data rule's signals (one device, `''`), and adopting one device (or
//! the node's own metrics) as an equipment whose signals are its metrics. Until it is adopted, nothing a source
//! sends is kept beyond what its births announced.
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
use ironsight_domain::gm::json_rule::RuleDoc;
use ironsight_domain::limits::EQUIPMENT_NAME_CHARS;
use ironsight_domain::validate::display_name;
use ironsight_store::commands::{CommandStatus, NewCommand};
use ironsight_store::equipment::EquipmentFields;
use ironsight_store::gm_metrics::{AdoptConflict, Adoption, AnnouncedMetric};
use ironsight_store::gm_sources::{GmSource, GmSourceKind};
use ironsight_store::signals::{GmMetricRef, OwnedSignal};
use std::collections::{BTreeMap, HashMap};

/// The source (edge node or JSON device) `nodeId` names, as the caller may see it; 1380 otherwise.
async fn gm_source(state: &AppState, current: &CurrentUser, params: &Params) -> Result<GmSource, ApiError> {
    let id = params.required_int("nodeId")?;
    let source = state.store.visible_gm_source(&current.viewer(), id).await?;
    source.ok_or_else(|| ApiError::code(Code::GmSourceNotFound))
}

/// The announced metrics of each device of `source`, by device id: an edge node's births, or a JSON device's rule
/// (its one device `''`, a metric per signal of the rule: numbers as Double, true/false as Boolean).
async fn devices(state: &AppState, source: &GmSource) -> Result<BTreeMap<String, Vec<AnnouncedMetric>>, ApiError> {
    let mut devices: BTreeMap<String, Vec<AnnouncedMetric>> = BTreeMap::new();
    if let GmSourceKind::JsonDevice { .. } = source.kind {
        let rule = source.data_rule.as_deref().and_then(|text| serde_json::from_str::<RuleDoc>(text).ok());
        if let Some(rule) = rule {
            let metrics = rule.signals.into_iter().map(|s| AnnouncedMetric {
                datatype: if s.kind == "bool" { "Boolean" } else { "Double" }.to_owned(),
                name: s.key,
                unit: s.unit,
                eng_low: None,
                eng_high: None,
            });
            devices.insert(String::new(), metrics.collect());
        }
        return Ok(devices);
    }
    for d in state.store.gm_discovered(source.id).await? {
        devices.entry(d.device_id).or_default().push(d.metric);
    }
    Ok(devices)
}

/// `POST /lfscada/gm/discovered/query {nodeId}` → the node's devices (`deviceId` '' for its own metrics), each
/// with its metrics and the equipment adopted from it.
pub async fn discovered(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let source = gm_source(&state, &current, &params).await?;
    let adopted: HashMap<String, i64> = state.store.gm_adopted(source.id).await?.into_iter().collect();
    let list: Vec<GmDevice> = devices(&state, &source)
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
    let source = gm_source(&state, &current, &params).await?;
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
    let mut devices = devices(state, source).await?;
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
    // Alive from now if its birth is current: the next DBIRTH or DDEATH keeps it so.
    if let GmSourceKind::SparkplugNode { group_id, node_id } = &source.kind
        && let Some(node) = ironsight_sparkplug::NodeId::new(group_id, node_id)
    {
        let alive = state.link.gm_device_alive(&node, device_id);
        state.store.set_gm_device_alive(source.id, Some(device_id), alive).await?;
    }
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

/// The write of `value` to an adopted JSON device's signal (rule key `key`), after the monitor's checks: the rule's
/// command on `{prefix}/cmd`, answered `{online, uuid}`; its callback turns success when the device echoes the
/// write's id at the rule's reply path (or, without one, reports the written value), timeout (1301) otherwise.
/// 1207 while the device is offline, 2004 when its rule has no command.
pub(crate) async fn write_json(
    state: &AppState,
    (org_id, user_id): (i64, i64),
    owned: &OwnedSignal,
    (source_id, key): (i64, &str),
    value: f64,
) -> ApiResult {
    require_link(&state.link)?;
    let source = state.store.gm_source_in_org(org_id, source_id).await?;
    let Some(source) = source.filter(|s| s.online) else { return Err(ApiError::code(Code::DeviceOffline)) };
    if !state.link.json_has_command(source_id) {
        return Err(ApiError::code(Code::VariableReadOnly));
    }
    let uuid = uuid::Uuid::new_v4().to_string();
    let prefix = match &source.kind {
        GmSourceKind::JsonDevice { topic_prefix } => topic_prefix.clone(),
        GmSourceKind::SparkplugNode { .. } => return Err(ApiError::code(Code::GmNotJsonDevice)),
    };
    let new = NewCommand {
        uuid: &uuid,
        org_id,
        user_id,
        equipment_id: owned.equipment_id,
        // The commands table names where a command went: a JSON device's prefix.
        gateway_sn: &prefix,
        kind: "write",
        signal_id: owned.signal.id,
        value: Some(value),
    };
    state.store.add_command(&new).await?;
    let sent = state.link.json_send_write(source_id, (owned.signal.id, key), value, &uuid).await;
    let refused = match sent {
        Ok(Ok(())) => None,
        Ok(Err(crate::link::json_devices::Refusal::NoCommand)) => Some(Code::VariableReadOnly),
        Err(e) => {
            tracing::error!(prefix, "write not sent: {e:#}");
            Some(Code::DeviceOffline)
        }
    };
    if let Some(code) = refused {
        state.store.set_command_status(&uuid, CommandStatus::Failure, code.as_str().parse().ok(), None).await?;
        return Err(ApiError::code(code));
    }
    // A device that answered already made it a success, which this leaves as it is.
    state.store.set_command_status(&uuid, CommandStatus::Sent, None, None).await?;
    Ok(ApiOk::new(CommandSent { online: true, uuid }).audit("signal", owned.signal.id))
}

//! The EG monitor calls (spec section 7, "EG monitor"): gateway state, signals and their live values, reading a
//! value now and writing one (asynchronous device commands, spec section 4), the monitor window, history and
//! the equipment's details. Every call is scoped to the caller's organisation: another organisation's
//! equipment, signal or command is "not found", never shown.

use crate::AppState;
use crate::answers::equipment::{self as answer, EquipmentDetail};
use crate::answers::gateway::Gateway;
use crate::answers::history::{HistoryAnswer, HistorySeries, MvarSeries};
use crate::answers::live::EgFrame;
use crate::answers::signal::{CommandOutcome, CommandSent, SignalEntry};
use crate::error::ApiError;
use crate::link::ingest::live_value;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, request_lang};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::{HISTORY_POINTS, HISTORY_RANGE_DAYS};
use ironsight_domain::{Code, Reason};
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::Command;
use ironsight_protocol::validate::{self, WriteRefusal};
use ironsight_store::access::Viewer;
use ironsight_store::commands::{CommandRecord, CommandStatus, NewCommand};
use ironsight_store::equipment::Equipment;
use ironsight_store::signals::OwnedSignal;
use serde_json::Value;

/// Refuses a command while the server cannot reach the broker (1302), instead of queueing it to time out.
pub fn require_link(link: &crate::link::Link) -> Result<(), ApiError> {
    if link.broker_up() { Ok(()) } else { Err(ApiError::code(Code::LinkDown)) }
}

/// The caller's equipment named by `equipmentId` (1214 when it is not theirs or does not exist).
async fn equipment(state: &AppState, current: &CurrentUser, params: &Params) -> Result<Equipment, ApiError> {
    let id = params.required_int("equipmentId")?;
    state.store.equipment(&current.viewer(), id).await?.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))
}

/// The caller's signal named by `field`.
async fn owned_signal(
    state: &AppState,
    current: &CurrentUser,
    params: &Params,
    field: &str,
) -> Result<OwnedSignal, ApiError> {
    let id = params.required_int(field)?;
    state.store.owned_signal(&current.viewer(), id).await?.ok_or_else(|| ApiError::invalid(field, Reason::NotAllowed))
}

/// `POST /lfscada/monitor/multi/gateway/info {equipmentId}` → the equipment's link: its gateway's state, or a GM
/// equipment's collection source in the same shape ([`Gateway::of_gm_source`]); 2001 with neither.
pub async fn gateway_info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment = equipment(&state, &current, &params).await?;
    Ok(ApiOk::new(link_of(&state, current.user.org_id, &equipment).await?.ok_or_else(|| ApiError::code(Code::NoData))?))
}

/// What `equipment` reaches the console through: its gateway, or its GM collection source; `None` with neither.
/// The caller's access to the equipment is checked: a grant covers what is reachable through it.
pub(crate) async fn link_of(state: &AppState, org_id: i64, equipment: &Equipment) -> anyhow::Result<Option<Gateway>> {
    let link_up = state.link.broker_up();
    if let Some(source_id) = equipment.gm_source_id {
        let Some(source) = state.store.gm_source_in_org(org_id, source_id).await? else { return Ok(None) };
        let device = equipment.gm_device.as_deref().unwrap_or_default();
        let interval = state.link.gm_interval_ms(source_id, device);
        let future = state.link.gm_counters(source_id).future;
        let future = i64::try_from(future).unwrap_or(i64::MAX);
        return Ok(Some(Gateway::of_gm_source(source, equipment.online, interval, future, link_up)));
    }
    let Some(sn) = &equipment.gateway_sn else { return Ok(None) };
    Ok(state.store.gateway_by_sn(org_id, sn).await?.map(|g| Gateway::new(g, link_up)))
}

/// `POST /lfscada/monitor/multi/signal/query {equipmentId}` → the equipment's signals.
pub async fn signal_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment = equipment(&state, &current, &params).await?;
    let signals = state.store.signals(&current.viewer(), equipment.id).await?.unwrap_or_default();
    let list: Vec<SignalEntry> =
        signals.iter().map(|s| SignalEntry::new(s, equipment.id, &equipment.fields.equip_name)).collect();
    Ok(ApiOk::new(list))
}

/// `POST /lfscada/monitor/multi/signal/data {equipmentId}` → the latest values, in the live frame's shape.
pub async fn signal_data(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment = equipment(&state, &current, &params).await?;
    Ok(ApiOk::new(latest_frame(&state, equipment.id).await?))
}

/// The latest values and alarm states of an equipment in the live frame's shape (the monitor's and the share
/// view's).
pub(crate) async fn latest_frame(state: &AppState, equipment_id: i64) -> anyhow::Result<EgFrame> {
    let mut frame = EgFrame::default();
    for r in state.link.latest_of(equipment_id).await? {
        frame.signal_val.insert(r.signal_id.to_string(), live_value(&r));
    }
    state.link.alarms().fill_frame(equipment_id, &mut frame);
    Ok(frame)
}

/// `POST /lfscada/signal/info {id}` → one signal with its equipment.
pub async fn signal_info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let owned = owned_signal(&state, &current, &params, "id").await?;
    Ok(ApiOk::new(SignalEntry::new(&owned.signal, owned.equipment_id, &owned.equip_name)))
}

/// `POST /lfscada/monitor/multi/equipment/detailInfo {equipmentId}` → the equipment, its gateway and its
/// number of signals.
pub async fn equipment_detail(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment = equipment(&state, &current, &params).await?;
    let gateway = link_of(&state, current.user.org_id, &equipment).await?;
    let signal_count = state.store.signals(&current.viewer(), equipment.id).await?.map_or(0, |l| l.len());
    let link_up = state.link.broker_up();
    Ok(ApiOk::new(EquipmentDetail { equipment: answer::Equipment::new(equipment, link_up), gateway, signal_count }))
}

/// `POST /lfscada/monitor/multi/open {interval, delay, equipmentId}`: the gateway reports every `interval` ms
/// for `delay` seconds (the EG monitor opens with delay 600 and repeats every 580 s).
pub async fn open(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment = equipment(&state, &current, &params).await?;
    open_window(&state, &current, equipment, &params).await
}

/// Opens the monitor window of `equipment`'s gateway for the `interval` and `delay` the parameters give (their
/// route rows' defaults otherwise): the EG monitor's open and the project monitor's (`monitor/project/gateway/open`).
/// 2001 without a gateway, 1302 while the broker is down, 1207 when the gateway is offline. GM equipment reports
/// at its own rate, so there is nothing to open: answered as an open would be, 1207 while it is offline.
pub(crate) async fn open_window(
    state: &AppState,
    current: &CurrentUser,
    equipment: Equipment,
    params: &Params,
) -> ApiResult {
    // Before the window's parameters: the console asks with the interval the link answered, 0 while a GM source's
    // is not known yet, which is no gateway interval.
    if equipment.gm_source_id.is_some() {
        require_link(&state.link)?;
        return if equipment.online { Ok(ApiOk::empty()) } else { Err(ApiError::code(Code::DeviceOffline)) };
    }
    let interval = params.int_or_default("interval")?;
    let delay = params.int_or_default("delay")?;
    let sn = equipment.gateway_sn.ok_or_else(|| ApiError::code(Code::NoData))?;
    require_link(&state.link)?;
    let gateway =
        state.store.gateway_by_sn(current.user.org_id, &sn).await?.ok_or_else(|| ApiError::code(Code::NoData))?;
    if !gateway.online {
        return Err(ApiError::code(Code::DeviceOffline));
    }
    state.link.open_monitor(&sn, interval as u64, delay as u64 * 1000).await?;
    Ok(ApiOk::empty())
}

/// `POST /lfscada/monitor/multi/signal/write {signalId, value}` → `{online, uuid}`. Refused before anything is
/// sent: no write permission (1208), read-only signal (2004), a value that is not a number (field error) or
/// outside the signal's limits (2003), the gateway offline (1207).
pub async fn write(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let owned = owned_signal(&state, &current, &params, "signalId").await?;
    let value = params.float("value")?.ok_or_else(|| ApiError::invalid("value", Reason::Required))?;
    write_signal(&state, current.user.org_id, current.user.id, &owned, value).await
}

/// A write's checks and its command, recorded as `user_id`'s (0 for a share visitor): the one write path of the
/// monitor and the share view (docs/share.md). An adopted Sparkplug device's signal is written by NCMD / DCMD
/// (`gm_devices::write`), a JSON device's by its rule's command (`gm_devices::write_json`).
pub(crate) async fn write_signal(
    state: &AppState,
    org_id: i64,
    user_id: i64,
    owned: &OwnedSignal,
    value: f64,
) -> ApiResult {
    let s = &owned.signal;
    match validate::write_refusal(s, value) {
        Some(WriteRefusal::ReadOnly) => return Err(ApiError::code(Code::VariableReadOnly)),
        Some(WriteRefusal::OutOfRange) => return Err(ApiError::code(Code::WriteOverLimit)),
        None => {}
    }
    if let Some(gm) = &owned.gm {
        return crate::api::gm_devices::write(state, (org_id, user_id), owned, gm, value).await;
    }
    if let Some((source_id, key)) = &owned.json {
        return crate::api::gm_devices::write_json(state, (org_id, user_id), owned, (*source_id, key), value).await;
    }
    let uuid = uuid::Uuid::new_v4().to_string();
    let command = Command::Write { uuid: uuid.clone(), signal: s.id, value };
    send(state, (org_id, user_id), owned, "write", Some(value), uuid, command).await
}

/// `POST /lfscada/monitor/multi/signal/singleVal {signalId}` → `{online, uuid}`; the callback's data is the value
/// read from the device now, through the gateway.
pub async fn single_value(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let owned = owned_signal(&state, &current, &params, "signalId").await?;
    let uuid = uuid::Uuid::new_v4().to_string();
    let command = Command::Read { uuid: uuid.clone(), signals: vec![owned.signal.id] };
    send(&state, (current.user.org_id, current.user.id), &owned, "read", None, uuid, command).await
}

/// Records the command as `(org_id, user_id)`'s, sends it, answers `{online: true, uuid}` for the console to poll
/// the callback with.
async fn send(
    state: &AppState,
    (org_id, user_id): (i64, i64),
    owned: &OwnedSignal,
    kind: &str,
    value: Option<f64>,
    uuid: String,
    command: Command,
) -> ApiResult {
    require_link(&state.link)?;
    let sn = match &owned.gateway_sn {
        Some(sn) if owned.gateway_online => sn,
        _ => return Err(ApiError::code(Code::DeviceOffline)),
    };
    let new = NewCommand {
        uuid: &uuid,
        org_id,
        user_id,
        equipment_id: owned.equipment_id,
        gateway_sn: sn,
        kind,
        signal_id: owned.signal.id,
        value,
    };
    state.store.add_command(&new).await?;
    if let Err(e) = state.link.send_command(sn, &command).await {
        let code = Code::DeviceOffline.as_str().parse().ok();
        state.store.set_command_status(&uuid, CommandStatus::Failure, code, None).await?;
        tracing::error!(sn, "command not sent: {e:#}");
        return Err(ApiError::code(Code::DeviceOffline));
    }
    state.store.set_command_status(&uuid, CommandStatus::Sent, None, None).await?;
    Ok(ApiOk::new(CommandSent { online: true, uuid }).audit("signal", owned.signal.id))
}

/// `POST /lfscada/equipment/multi/callback {uuid}` → `{status, code, message, data}`: `pending` until the
/// gateway answers, then `success` with the data or `failure` with the mapped code and its text.
pub async fn callback(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let uuid = params.required_text("uuid")?;
    let record = state.store.command(&current.viewer(), uuid.trim()).await?;
    let record = record.ok_or_else(|| ApiError::invalid("uuid", Reason::NotAllowed))?;
    Ok(ApiOk::new(command_outcome(&record)))
}

/// What a command came to, as the callback answers it (the monitor's and the share view's).
pub(crate) fn command_outcome(record: &CommandRecord) -> CommandOutcome {
    let data: Value = record.data.as_deref().and_then(|d| serde_json::from_str(d).ok()).unwrap_or(Value::Null);
    let lang = request_lang();
    match record.status {
        CommandStatus::Queued | CommandStatus::Sent => CommandOutcome::Pending,
        CommandStatus::Success => CommandOutcome::Success { code: "200".to_owned(), message: String::new(), data },
        CommandStatus::Failure | CommandStatus::Timeout => {
            let error = data.get("error").and_then(|e| serde_json::from_value::<DeviceError>(e.clone()).ok());
            let (code, message) = match (record.status, error) {
                (CommandStatus::Timeout, _) => {
                    (Code::CommTimeout.as_str().to_owned(), Code::CommTimeout.message(lang, &[]))
                }
                (_, Some(error)) => (error.code().as_str().to_owned(), error.text(lang)),
                (_, None) => {
                    let code = record.code.map_or_else(|| Code::Unknown.as_str().to_owned(), |c| c.to_string());
                    let message = Code::parse(&code).map_or_else(String::new, |c| c.message(lang, &[]));
                    (code, message)
                }
            };
            CommandOutcome::Failure { code, message, data: Value::Null }
        }
    }
}

/// `POST /lfscada/monitor/multi/history/queryAll {equipmentId}` → the signals that have history.
pub async fn history_signals(state: State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    signal_query(state, current, params).await
}

/// `POST /lfscada/monitor/multi/history/query {signalIds, startTime, endTime}` → one series per signal. When a
/// signal has more rows in the range than its share of 200,000 points, the range is cut into buckets and each
/// bucket gives its lowest and highest value (`bucketMs` says how wide), so spikes survive.
pub async fn history(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    history_of(&state, &current.viewer(), None, &params, Vec::new()).await
}

/// The history answer for `viewer`'s signals the parameters name; with `equipment`, only those equipment's (the
/// share view's one, `share/history`; a project's, `monitor/project/history/query`). A signal outside that is
/// refused by field, as one of another organisation.
pub(crate) async fn history_of(
    state: &AppState,
    viewer: &Viewer,
    equipment: Option<&[i64]>,
    params: &Params,
    mvar_series: Vec<MvarSeries>,
) -> ApiResult {
    let ids = params.id_list("signalIds")?;
    let (start, end) = params.time_range(HISTORY_RANGE_DAYS)?;
    let mut owned = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        let signal = state.store.owned_signal(viewer, *id).await?;
        let signal = signal.filter(|s| equipment.is_none_or(|e| e.contains(&s.equipment_id)));
        owned.push(signal.ok_or_else(|| ApiError::invalid(format!("signalIds.{i}"), Reason::NotAllowed))?);
    }
    let budget = HISTORY_POINTS / owned.len() as i64;
    let mut series = Vec::with_capacity(owned.len());
    for o in &owned {
        let count = state.store.history_count(o.signal.id, start, end).await?;
        let (points, bucket_ms) = if count <= budget {
            let text = state.store.history_points_json(o.signal.id, start, end, budget).await?;
            (serde_json::value::RawValue::from_string(text).map_err(anyhow::Error::from)?, None)
        } else {
            // Two points per bucket (low and high).
            let width = ((end - start + 1) as f64 / (budget / 2) as f64).ceil().max(1.0) as i64;
            let buckets = state.store.history_buckets(o.signal.id, start, end, width).await?;
            let mut points: Vec<(i64, Option<f64>, bool)> = Vec::with_capacity(buckets.len() * 2);
            for (t, lo, hi) in buckets {
                points.push((t, lo, true));
                points.push((t + width / 2, hi, true));
            }
            (serde_json::value::to_raw_value(&points).map_err(anyhow::Error::from)?, Some(width))
        };
        series.push(HistorySeries {
            signal_id: o.signal.id,
            signal_title: &o.signal.name,
            equip_id: o.equipment_id,
            equip_title: &o.equip_name,
            unit: &o.signal.unit,
            decimals: o.signal.decimals,
            rows: count,
            bucket_ms,
            points,
        });
    }
    // Written straight to text: 200,000 points as a tree of JSON values would cost more than the query.
    Ok(ApiOk::serialised(&HistoryAnswer { start_time: start, end_time: end, series, mvar_series })?)
}

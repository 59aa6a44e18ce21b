//! Driver settings and signal definitions of an equipment. Both are checked field by field by the protocol
//! crate's rules (the same the gateway agent applies), so a mistake is reported against the field that holds it,
//! e.g. `signals.3.address`. Paths are ours: the spec does not name these calls.

use crate::AppState;
use crate::answers::SavedIds;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::SIGNALS_PER_EQUIPMENT;
use ironsight_domain::{Code, Reason};
use ironsight_protocol::payload::{DriverConfig, SignalDef};
use ironsight_protocol::validate::{self, FieldError};
use ironsight_store::signals::SaveSignalsError;
use serde_json::{Map, Value, json};

fn equipment_id(params: &Params, field: &str) -> Result<i64, ApiError> {
    params.int(field)?.ok_or_else(|| ApiError::invalid(field, Reason::Required))
}

fn field_error(prefix: &str, e: FieldError) -> ApiError {
    ApiError::invalid(format!("{prefix}{}", e.field), e.reason)
}

/// The `signals` parameter: a JSON array, given as JSON or as a text holding JSON.
pub(crate) fn signal_list(params: &Params) -> Result<Vec<SignalDef>, ApiError> {
    let items = match params.get("signals") {
        None | Some(Value::Null) => return Err(ApiError::invalid("signals", Reason::Required)),
        Some(Value::Array(items)) => items.clone(),
        Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(items)) => items,
            Ok(_) => return Err(ApiError::invalid("signals", Reason::NotAllowed)),
            Err(_) => return Err(ApiError::invalid("signals", Reason::BadJson)),
        },
        Some(_) => return Err(ApiError::invalid("signals", Reason::NotAllowed)),
    };
    if items.len() > SIGNALS_PER_EQUIPMENT {
        return Err(ApiError::invalid("signals", Reason::TooLong { max: SIGNALS_PER_EQUIPMENT }));
    }
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            if !item.is_object() {
                return Err(ApiError::invalid(format!("signals.{i}"), Reason::NotObject));
            }
            // Fields left out take SignalDef's defaults (id 0 = new, scale 1, offset 0, read-only).
            serde_json::from_value::<SignalDef>(item)
                .map_err(|_| ApiError::invalid(format!("signals.{i}"), Reason::NotAllowed))
        })
        .collect()
}

/// `POST /lfscada/equipment/multi/signal/query {equipmentId}` → the signal list.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = equipment_id(&params, "equipmentId")?;
    let list = state.store.signals(&current.viewer(), id).await?;
    list.map(ApiOk::new).ok_or_else(|| ApiError::code(Code::EquipmentNotFound))
}

/// `POST /lfscada/equipment/multi/signal/save {equipmentId, signals}` → `{ids}`: replaces the whole list.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = equipment_id(&params, "equipmentId")?;
    let list = signal_list(&params)?;
    validate::signals(&list).map_err(|e| field_error("", e))?;
    match state.store.save_signals(&current.viewer(), id, &list).await? {
        Ok(ids) => {
            state.link.equipment_changed(id).await;
            Ok(ApiOk::new(SavedIds { ids }).audit("equipment", id))
        }
        Err(SaveSignalsError::NoEquipment) => Err(ApiError::code(Code::EquipmentNotFound)),
        Err(SaveSignalsError::ForeignId { index }) => {
            Err(ApiError::invalid(format!("signals.{index}.id"), Reason::NotAllowed))
        }
    }
}

/// `POST /lfscada/equipment/multi/driver/save {id, driver}`: `driver` is a `DriverConfig` object
/// (`{"kind": "modbus_tcp", "host": …}`), as nested parameters or a JSON text.
pub async fn save_driver(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = equipment_id(&params, "id")?;
    let object = params.object("driver")?.ok_or_else(|| ApiError::invalid("driver", Reason::Required))?;
    let driver = driver_from(object)?;
    validate::driver(&driver).map_err(|e| field_error("driver.", e))?;
    check_device_address(&state, &current, id, &driver).await?;
    let text = serde_json::to_string(&driver).map_err(anyhow::Error::from)?;
    if !state.store.set_driver(&current.viewer(), id, &text).await? {
        return Err(ApiError::code(Code::EquipmentNotFound));
    }
    state.link.equipment_changed(id).await;
    Ok(ApiOk::empty().audit("equipment", id))
}

/// Refuses a limited account's driver that would reach the device of an equipment it was not granted on the same
/// gateway (the gateway polls and writes whatever address its configuration names). A host name is refused there
/// too: what it resolves to is decided at the edge, not here.
async fn check_device_address(
    state: &AppState,
    current: &CurrentUser,
    id: i64,
    driver: &DriverConfig,
) -> Result<(), ApiError> {
    let neighbours = state.store.hidden_neighbour_drivers(&current.viewer(), id).await?;
    if neighbours.is_empty() {
        return Ok(());
    }
    let address = driver.device_address();
    let field = match driver {
        DriverConfig::ModbusTcp { .. } => "driver.host",
        DriverConfig::ModbusRtu { .. } => "driver.path",
    };
    if address.is_host_name() {
        return Err(ApiError::invalid(field, Reason::IpAddressRequired));
    }
    let taken = neighbours
        .iter()
        .filter_map(|text| serde_json::from_str::<DriverConfig>(text).ok())
        .any(|other| other.device_address() == address);
    if taken { Err(ApiError::invalid(field, Reason::AddressInUse)) } else { Ok(()) }
}

/// Reads driver settings sent as form text too: numbers arrive as text from a form, so numeric-looking texts
/// are read as numbers before the typed decode.
fn driver_from(mut object: Map<String, Value>) -> Result<DriverConfig, ApiError> {
    for value in object.values_mut() {
        if let Value::String(text) = value
            && let Ok(number) = text.trim().parse::<u64>()
        {
            *value = json!(number);
        }
    }
    ironsight_protocol::schema::check_fields(&object).map_err(|e| field_error("driver.", e))?;
    serde_json::from_value(Value::Object(object)).map_err(|_| ApiError::invalid("driver", Reason::NotAllowed))
}

/// `POST /lfscada/equipment/multi/driver/schema` → every driver's settings as a form description (kinds, limits,
/// defaults, labels in zh and en), the same limits `driver/save` enforces.
pub async fn driver_schema() -> ApiResult {
    Ok(ApiOk::new(ironsight_protocol::schema::DRIVERS.to_vec()))
}

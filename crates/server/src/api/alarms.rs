//! Alarm rules (paths are ours: the spec does not name them) and the EG monitor's alarm calls (spec section 7:
//! `/monitor/multi/alarm/query`, `/alarm/confirm`, `/alarm/isReleaseByAlarmId`).
//!
//! Everything is scoped to the caller's organisation: another organisation's equipment is 1214, its signals and
//! alarms are refused by field, as if they did not exist. Seeing alarm records needs the permission of the
//! equipment's rule type (spec section 6: `monitor_equipinfo_menu_alarm` for 00, `monitor_designer_menu_alarm`
//! for 01), refused with 1211 ('No permission to view alarm records'); saving rules needs `manage`.

use crate::AppState;
use crate::answers::Listed;
use crate::answers::SavedIds;
use crate::answers::alarm as answer;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, request_lang};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::alarm::RuleDraft;
use ironsight_domain::limits::{ALARM_RECORDS_RANGE_DAYS, ALARM_RULES_PER_SIGNAL};
use ironsight_domain::{Code, Reason, permission};
use ironsight_store::access::Viewer;
use ironsight_store::alarms::{AlarmQuery, AlarmRecord, AlarmScope, SaveRulesError};
use serde_json::Value;

/// Refuses (1211) a caller without the permission that shows the alarms of equipment of `rule_type`.
pub(crate) fn require_alarm_view(current: &CurrentUser, rule_type: &str) -> Result<(), ApiError> {
    if permission::has(&current.user.auths, permission::alarm_permission(rule_type)) {
        Ok(())
    } else {
        Err(ApiError::code(Code::NoAlarmPermission))
    }
}

/// The `rules` parameter: a JSON array (as JSON, or a text holding JSON), each entry checked by name
/// (`rules.2.level`).
fn rule_list(params: &Params) -> Result<Vec<RuleDraft>, ApiError> {
    let items = match params.get("rules") {
        None | Some(Value::Null) => return Err(ApiError::invalid("rules", Reason::Required)),
        Some(Value::Array(items)) => items.clone(),
        Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(items)) => items,
            Ok(_) => return Err(ApiError::invalid("rules", Reason::NotAllowed)),
            Err(_) => return Err(ApiError::invalid("rules", Reason::BadJson)),
        },
        // A form sends `rules.0.symbol=…`: an object keyed by index.
        Some(Value::Object(map)) => {
            let mut entries: Vec<(usize, Value)> = map
                .iter()
                .map(|(k, v)| k.parse::<usize>().map(|i| (i, v.clone())))
                .collect::<Result<_, _>>()
                .map_err(|_| ApiError::invalid("rules", Reason::NotAllowed))?;
            entries.sort_by_key(|(i, _)| *i);
            entries.into_iter().map(|(_, v)| v).collect()
        }
        Some(_) => return Err(ApiError::invalid("rules", Reason::NotAllowed)),
    };
    if items.len() > ALARM_RULES_PER_SIGNAL {
        return Err(ApiError::invalid("rules", Reason::TooMany { max: ALARM_RULES_PER_SIGNAL }));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            RuleDraft::parse(item).map_err(|(field, reason)| {
                let name = if field.is_empty() { format!("rules.{i}") } else { format!("rules.{i}.{field}") };
                ApiError::invalid(name, reason)
            })
        })
        .collect()
}

/// `POST /lfscada/equipment/multi/alarm/rule/query {equipmentId}` → every rule of the equipment's signals, in
/// signal order: `{id, signalId, signalTitle, symbol, value, deadband, delay, level, msgZh, msgEn, enabled}`.
pub async fn rule_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("equipmentId")?;
    let rules = state.store.alarm_rules(&current.viewer(), id).await?;
    let rules = rules.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    Ok(ApiOk::new(rules.into_iter().map(answer::AlarmRule::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/equipment/multi/alarm/rule/save {signalId, rules}` → `{ids}`: replaces the signal's rules
/// (ids kept, id 0 or none for new ones). The engine takes them at once and judges the signal's latest value.
pub async fn rule_save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let signal_id = params.required_int("signalId")?;
    let rules = rule_list(&params)?;
    let owned = state
        .store
        .owned_signal(&current.viewer(), signal_id)
        .await?
        .ok_or_else(|| ApiError::invalid("signalId", Reason::NotAllowed))?;
    match state.store.save_alarm_rules(&current.viewer(), signal_id, &rules).await? {
        Ok(ids) => {
            let latest = state.link.latest_of(owned.equipment_id).await?.into_iter().find(|r| r.signal_id == signal_id);
            state.link.alarms().rules_saved(owned.equipment_id, signal_id, latest).await?;
            Ok(ApiOk::new(SavedIds { ids }).audit("signal", signal_id))
        }
        Err(SaveRulesError::NoSignal) => Err(ApiError::invalid("signalId", Reason::NotAllowed)),
        Err(SaveRulesError::ForeignId { index }) => {
            Err(ApiError::invalid(format!("rules.{index}.id"), Reason::NotAllowed))
        }
    }
}

/// `POST /lfscada/monitor/multi/alarm/query {equipmentId, startTime?, endTime?, page, pageSize}` → `{total,
/// list}`, newest first; 2001 when there is none (the console then clears its alarm state).
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("equipmentId")?;
    let equipment =
        state.store.equipment(&current.viewer(), id).await?.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    require_alarm_view(&current, &equipment.fields.rule_type)?;
    records_of(&state, &current.viewer(), AlarmScope::Equipment(id), &params).await
}

/// A page of the alarm records of `scope` (an equipment, or a project's equipment), which `viewer` sees (checked
/// by the caller), as `alarm/query` answers them; the share view's `share/alarms` and the project monitor's
/// `monitor/project/alarm/query` answer the same.
pub(crate) async fn records_of(state: &AppState, viewer: &Viewer, scope: AlarmScope, params: &Params) -> ApiResult {
    let (start, end) = params.optional_time_range(ALARM_RECORDS_RANGE_DAYS)?;
    let (page, page_size) = params.paging()?;
    let query = AlarmQuery { scope, from: start.unwrap_or(0), to: end.unwrap_or(i64::MAX), open_only: false };
    let found = state.store.alarm_records_in(viewer, &query, page, page_size).await?;
    if found.total == 0 {
        return Err(ApiError::code(Code::NoData));
    }
    let lang = request_lang();
    Ok(ApiOk::new(Listed::from_page(found, |r| answer::AlarmRecord::new(r, lang))))
}

/// Refuses (1211) a caller who may not see the alarms of some equipment of project `project_id` (the rule types
/// among them): a count or a list of part of the project's alarms would read as the whole.
pub(crate) async fn require_project_alarm_view(
    state: &AppState,
    current: &CurrentUser,
    project_id: i64,
) -> Result<(), ApiError> {
    for rule_type in state.store.project_rule_types(current.user.org_id, project_id).await? {
        require_alarm_view(current, &rule_type)?;
    }
    Ok(())
}

/// The caller's alarm named by `alarmId`, which the caller may see.
pub(crate) async fn alarm(state: &AppState, current: &CurrentUser, params: &Params) -> Result<AlarmRecord, ApiError> {
    let id = params.required_int("alarmId")?;
    let record = state
        .store
        .alarm_record(&current.viewer(), id)
        .await?
        .ok_or_else(|| ApiError::invalid("alarmId", Reason::NotAllowed))?;
    require_alarm_view(current, &record.rule_type)?;
    Ok(record)
}

/// `POST /lfscada/monitor/multi/alarm/confirm {alarmId}` → the record with who confirmed it and when. Confirming
/// again keeps the first confirmation.
pub async fn confirm(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let record = alarm(&state, &current, &params).await?;
    confirm_record(&state, &current, record).await
}

/// Confirms `record` (one the caller may see, with its alarm permission) as the caller; answers the record.
pub(crate) async fn confirm_record(state: &AppState, current: &CurrentUser, record: AlarmRecord) -> ApiResult {
    state.store.confirm_alarm(&current.viewer(), record.id, &current.user.loginname).await?;
    let record = state.store.alarm_record(&current.viewer(), record.id).await?.unwrap_or(record);
    let id = record.id;
    Ok(ApiOk::new(answer::AlarmRecord::new(record, request_lang())).audit("alarm", id))
}

/// `POST /lfscada/monitor/multi/alarm/isReleaseByAlarmId {alarmId}` → true when the alarm has been released.
pub async fn is_released(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let record = alarm(&state, &current, &params).await?;
    Ok(ApiOk::new(record.gmt_release.is_some()))
}

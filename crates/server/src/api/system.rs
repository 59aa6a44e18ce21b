//! The management area's system screens (paths ours; the spec names the screens only): gateway hardware in use,
//! equipment models (reusable signal-list templates, checked by the same rules as an equipment's signal save)
//! and system announcements (publishing gives every user of the organisation a `notice` message, pushed live).
//! Reading hardware and models needs a session; changing models and every announcement call need the manage
//! permission. Another organisation's model, equipment or announcement answers "not found".

use crate::AppState;
use crate::answers::{self, Created, Listed, SavedIds};
use crate::api::signals::signal_list;
use crate::error::ApiError;
use crate::notify::content::Content;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::MANUFACTURER_CHARS;
use ironsight_domain::{Code, Reason};
use ironsight_protocol::payload::SignalDef;
use ironsight_protocol::validate;
use ironsight_store::signals::SaveSignalsError;
use ironsight_store::system::{ModelFields, Transition};

const STATUSES: [&str; 3] = ["draft", "published", "withdrawn"];

/// `POST /lfscada/gateway/hardware/query {}` → `[{model, firmware, gateways, online}]`.
pub async fn hardware(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let rows = state.store.hardware(&current.viewer()).await?;
    Ok(ApiOk::new(rows.into_iter().map(answers::system::Hardware::from).collect::<Vec<_>>()))
}

/// The checked signal list of a model, as stored: ids cleared (a template's signals belong to no equipment).
fn template_signals(mut list: Vec<SignalDef>) -> Result<(String, i64), ApiError> {
    if list.is_empty() {
        return Err(ApiError::invalid("signals", Reason::Required));
    }
    validate::signals(&list).map_err(|e| ApiError::invalid(e.field, e.reason))?;
    for s in &mut list {
        s.id = 0;
    }
    let count = list.len() as i64;
    Ok((serde_json::to_string(&list).map_err(anyhow::Error::from)?, count))
}

/// `POST /lfscada/equipment/model/query {}` → `[{id, name, manufacturer, signalCount, updated}]` by name.
pub async fn model_query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let rows = state.store.models(&current.viewer()).await?;
    Ok(ApiOk::new(rows.into_iter().map(answers::system::ModelSummary::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/equipment/model/info {id}` → `{id, name, manufacturer, remark, signals, signalCount, updated}`.
pub async fn model_info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let model = state.store.model(&current.viewer(), id).await?;
    model.map(|m| ApiOk::new(answers::system::Model::from(m))).ok_or_else(|| ApiError::code(Code::ModelNotFound))
}

/// `POST /lfscada/equipment/model/equipment {}` → `[{id, equipName, signalCount}]`: the organisation's equipment,
/// for choosing where to apply a model (no signals) or what to make one from (with signals).
pub async fn model_equipment(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let rows = state.store.equipment_signal_counts(&current.viewer()).await?;
    Ok(ApiOk::new(rows.into_iter().map(answers::system::EquipmentSignalCount::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/equipment/model/add {name, manufacturer, remark, signals}` → `{id}`.
pub async fn model_add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let name = params.name("name")?;
    let manufacturer = params.trimmed("manufacturer")?;
    let remark = params.trimmed("remark")?;
    let (signals, count) = template_signals(signal_list(&params)?)?;
    let fields =
        ModelFields { name: &name, manufacturer: &manufacturer, remark: &remark, signals: Some((&signals, count)) };
    let id = state
        .store
        .add_model(current.user.org_id, &fields, None)
        .await?
        .ok_or_else(|| ApiError::code(Code::ModelNameExists))?;
    Ok(ApiOk::new(Created { id }).audit("model", id))
}

/// `POST /lfscada/equipment/model/edit {id, name, manufacturer, remark, signals?}`: `signals` absent keeps the list.
pub async fn model_edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let name = params.name("name")?;
    let manufacturer = params.trimmed("manufacturer")?;
    let remark = params.trimmed("remark")?;
    let signals = match params.get("signals") {
        None => None,
        Some(_) => Some(template_signals(signal_list(&params)?)?),
    };
    let fields = ModelFields {
        name: &name,
        manufacturer: &manufacturer,
        remark: &remark,
        signals: signals.as_ref().map(|(text, count)| (text.as_str(), *count)),
    };
    match state.store.edit_model(current.user.org_id, id, &fields).await? {
        Some(true) => Ok(ApiOk::empty().audit("model", id)),
        Some(false) => Err(ApiError::code(Code::ModelNotFound)),
        None => Err(ApiError::code(Code::ModelNameExists)),
    }
}

/// `POST /lfscada/equipment/model/delete {id}`: equipment the model was applied to keeps its signals.
pub async fn model_delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_model(current.user.org_id, id).await? {
        return Err(ApiError::code(Code::ModelNotFound));
    }
    Ok(ApiOk::empty().audit("model", id))
}

/// `POST /lfscada/equipment/model/apply {id, equipmentId}` → `{ids}`: copies the model's signals onto equipment
/// that has none, through the signal save's store call, and pushes the gateway's configuration like that save.
pub async fn model_apply(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let equipment_id = params.required_int("equipmentId")?;
    let viewer = current.viewer();
    let model = state.store.model(&current.viewer(), id).await?.ok_or_else(|| ApiError::code(Code::ModelNotFound))?;
    let existing =
        state.store.signals(&viewer, equipment_id).await?.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    if !existing.is_empty() {
        return Err(ApiError::code(Code::EquipmentHasSignals));
    }
    let mut list: Vec<SignalDef> = serde_json::from_value(model.signals).map_err(anyhow::Error::from)?;
    for s in &mut list {
        s.id = 0;
    }
    // Checked again: the rules may have grown stricter since the model was saved.
    validate::signals(&list).map_err(|e| ApiError::invalid(e.field, e.reason))?;
    match state.store.save_signals(&viewer, equipment_id, &list).await? {
        Ok(ids) => {
            state.link.equipment_changed(equipment_id).await;
            Ok(ApiOk::new(SavedIds { ids }).audit("equipment", equipment_id))
        }
        Err(SaveSignalsError::NoEquipment) => Err(ApiError::code(Code::EquipmentNotFound)),
        // Every id is 0, so no id can be foreign.
        Err(SaveSignalsError::ForeignId { .. }) => Err(ApiError::code(Code::EquipmentHasSignals)),
    }
}

/// `POST /lfscada/equipment/model/fromEquipment {equipmentId, name}` → `{id}`: a model from an equipment's
/// signals, with the equipment's manufacturer.
pub async fn model_from_equipment(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    let name = params.name("name")?;
    let org = current.user.org_id;
    let viewer = current.viewer();
    let equipment =
        state.store.equipment(&viewer, equipment_id).await?.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    let list =
        state.store.signals(&viewer, equipment_id).await?.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    if list.is_empty() {
        return Err(ApiError::code(Code::EquipmentHasNoSignals));
    }
    let (signals, count) = template_signals(list)?;
    let manufacturer: String = equipment.fields.manufacturer.chars().take(MANUFACTURER_CHARS).collect();
    let fields = ModelFields { name: &name, manufacturer: &manufacturer, remark: "", signals: Some((&signals, count)) };
    let id = state
        .store
        .add_model(org, &fields, Some(equipment_id))
        .await?
        .ok_or_else(|| ApiError::code(Code::ModelNameExists))?;
    Ok(ApiOk::new(Created { id }).audit("model", id))
}

fn announcement_texts(params: &Params) -> Result<(String, String), ApiError> {
    let title = params.name("title")?;
    let content = params.trimmed("content")?;
    if content.is_empty() {
        return Err(ApiError::invalid("content", Reason::Required));
    }
    Ok((title, content))
}

fn transition(t: Transition, wrong_status: Code) -> Result<(), ApiError> {
    match t {
        Transition::Done => Ok(()),
        Transition::NotFound => Err(ApiError::code(Code::AnnouncementNotFound)),
        Transition::WrongStatus => Err(ApiError::code(wrong_status)),
    }
}

/// `POST /lfscada/announcement/query {page, pageSize, status}` → `{total, list: [{id, title, content, status,
/// gmtCreate, gmtPublish}]}`, newest first.
pub async fn announcement_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let status = params.text("status")?.filter(|s| !s.trim().is_empty());
    if let Some(s) = &status
        && !STATUSES.contains(&s.as_str())
    {
        return Err(ApiError::invalid("status", Reason::NotAllowed));
    }
    let found = state.store.announcements(current.user.org_id, status.as_deref(), page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answers::system::Announcement::from)))
}

/// `POST /lfscada/announcement/add {title, content}` → `{id}`: a draft.
pub async fn announcement_add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (title, content) = announcement_texts(&params)?;
    let id = state.store.add_announcement(current.user.org_id, &title, &content).await?;
    Ok(ApiOk::new(Created { id }).audit("announcement", id))
}

/// `POST /lfscada/announcement/edit {id, title, content}`: drafts only (1236).
pub async fn announcement_edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let (title, content) = announcement_texts(&params)?;
    transition(
        state.store.edit_announcement(current.user.org_id, id, &title, &content).await?,
        Code::AnnouncementNotDraft,
    )?;
    Ok(ApiOk::empty().audit("announcement", id))
}

/// `POST /lfscada/announcement/publish {id}` → `{messages}`: a draft becomes published and every user of the
/// organisation gets a `notice` message, pushed on their message socket and queued for their e-mail channels.
pub async fn announcement_publish(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let sent = match state.store.publish_announcement(current.user.org_id, id).await? {
        Ok(sent) => sent,
        Err(t) => return transition(t, Code::AnnouncementNotDraft).map(|()| ApiOk::empty()),
    };
    for (user_id, message) in &sent {
        state.live.publish_message(*user_id, &answers::message::Message::from(message.clone()));
        // Also to the person's enabled e-mail channels, as expire and order messages (robots stay alarm feeds).
        let content = Content::notice(&message.title, message.gmt_create, message.id);
        state.notifier.email_stored(*user_id, &content).await;
    }
    Ok(ApiOk::new(answers::system::Published { messages: sent.len() }).audit("announcement", id))
}

/// `POST /lfscada/announcement/withdraw {id}` → `{removed}`: published → withdrawn; its unread notices are
/// deleted, read ones stay.
pub async fn announcement_withdraw(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    match state.store.withdraw_announcement(current.user.org_id, id).await? {
        Ok(removed) => Ok(ApiOk::new(answers::system::Withdrawn { removed }).audit("announcement", id)),
        Err(t) => transition(t, Code::AnnouncementNotPublished).map(|()| ApiOk::empty()),
    }
}

/// `POST /lfscada/announcement/delete {id}`: drafts and withdrawn announcements only (1238).
pub async fn announcement_delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    transition(state.store.delete_announcement(current.user.org_id, id).await?, Code::AnnouncementNotDeletable)?;
    Ok(ApiOk::empty().audit("announcement", id))
}

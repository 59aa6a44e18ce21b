//! The message centre (spec section 7 "Messages"): the caller's messages, listed by type, read state and
//! equipment; marked read one by one, by equipment alarm or all at once; deleted; a notice's announcement.
//!
//! Every call works on the caller's own messages only, narrowed for a limited account to equipment still granted
//! to it (the store's rule). A list naming a message that is not there refuses the whole call with 1280 and
//! changes nothing.

use crate::AppState;
use crate::answers::Listed;
use crate::answers::message as answer;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::{Code, Reason};
use ironsight_store::messages::{MessageFilter, NotAllFound};

/// The message types (spec section 3).
pub const MESSAGE_TYPES: &[&str] = &["alarm", "expire", "order", "notice"];
/// The read states the centre's three lists ask for; empty for all.
const READ_STATUSES: &[&str] = &["read", "unread"];
/// The message kinds an equipment's messages are marked read by (spec: equipType).
const EQUIP_TYPES: &[&str] = &["eg", "repair", "inspection"];

/// An optional choice among `allowed` at `field`; empty is none.
fn choice(params: &Params, field: &str, allowed: &[&str]) -> Result<Option<String>, ApiError> {
    match params.text(field)?.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()) {
        Some(t) if !allowed.contains(&t.as_str()) => Err(ApiError::invalid(field, Reason::NotAllowed)),
        other => Ok(other),
    }
}

/// The optional `dataId` filter: what a message is about (its length is the row's, `MESSAGE_DATA_ID_CHARS`).
fn data_id(params: &Params) -> Result<Option<String>, ApiError> {
    Ok(params.text("dataId")?.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()))
}

fn not_all_found(result: Result<u64, NotAllFound>) -> Result<u64, ApiError> {
    result.map_err(|NotAllFound| ApiError::code(Code::MessageNotFound))
}

/// `POST /lfscada/msg/queryUnReadMsgCount` → the number of unread messages of the caller.
pub async fn query_unread_count(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(state.store.unread_message_count(&current.viewer()).await?))
}

/// `POST /lfscada/msg/query {page, pageSize, type?, readStatus?, equipId?, dataId?}` → `{total, list}`, newest first.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let filter = MessageFilter {
        kind: choice(&params, "type", MESSAGE_TYPES)?,
        read: choice(&params, "readStatus", READ_STATUSES)?.map(|s| s == "read"),
        equip_id: params.int("equipId")?.filter(|id| *id > 0),
        data_id: data_id(&params)?,
    };
    let found = state.store.messages(&current.viewer(), &filter, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answer::Message::from)))
}

/// `POST /lfscada/msg/info {id}` → the message.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let message =
        state.store.message(&current.viewer(), id).await?.ok_or_else(|| ApiError::code(Code::MessageNotFound))?;
    Ok(ApiOk::new(answer::Message::from(message)))
}

/// `POST /lfscada/msg/markAsRead {ids}` → `{changed}`: every id must be the caller's.
pub async fn mark_as_read(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let ids = params.id_list("ids")?;
    let changed = not_all_found(state.store.change_messages(&current.viewer(), &ids, false).await?)?;
    Ok(ApiOk::new(answer::Changed { changed }))
}

/// `POST /lfscada/msg/delete {ids}` → `{changed}`: every id must be the caller's.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let ids = params.id_list("ids")?;
    let changed = not_all_found(state.store.change_messages(&current.viewer(), &ids, true).await?)?;
    Ok(ApiOk::new(answer::Changed { changed }))
}

/// `POST /lfscada/msg/allMarkAsRead {type?}` → `{changed}`: every unread message (of one type) read.
pub async fn all_mark_as_read(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let kind = choice(&params, "type", MESSAGE_TYPES)?;
    let changed = state.store.mark_all_messages_read(&current.viewer(), kind.as_deref()).await?;
    Ok(ApiOk::new(answer::Changed { changed }))
}

/// `POST /lfscada/msg/markAsReadForEquipAlarm {dataId, equipType}` → `{changed}`: the caller's unread alarm
/// messages about one equipment read (opening the equipment's alarms reads them).
pub async fn mark_equipment_alarms_read(
    State(state): State<AppState>,
    current: CurrentUser,
    params: Params,
) -> ApiResult {
    let equip_id = params.required_int("dataId")?;
    let equip_type = choice(&params, "equipType", EQUIP_TYPES)?.unwrap_or_else(|| "eg".to_owned());
    let changed = state.store.mark_equipment_alarms_read(&current.viewer(), equip_id, &equip_type).await?;
    Ok(ApiOk::new(answer::Changed { changed }))
}

/// `POST /lfscada/notice/detail {id}` → the announcement a notice message is about (published or withdrawn, of
/// the caller's organisation); 1235 otherwise.
pub async fn notice_detail(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let found = state.store.announcement_for_readers(current.user.org_id, id).await?;
    let announcement = found.ok_or_else(|| ApiError::code(Code::AnnouncementNotFound))?;
    Ok(ApiOk::new(crate::answers::system::Announcement::from(announcement)))
}

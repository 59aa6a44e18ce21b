//! Repair work orders (issue 14, docs/work-orders.md; paths ours under `/lfscada/ops/repair/`): list, detail,
//! creation (by hand or from an alarm), the steps dispatch → receive → finish or early finish, pictures, the
//! people an order may go to, and an equipment's orders for its detail tab.
//!
//! The access rule (`Access::Repair`, the order's equipment through `Object::RepairOrder`) has already admitted
//! the caller and the order when a handler runs. Who may take which step is the domain's one table
//! (`ironsight_domain::repair::STEPS`); the handler asks it, then the store takes the step only if the order is
//! still where it was (one conditional UPDATE), so two clicks at once never both win. Each step tells the other
//! people of the order with an order message, pushed on their message socket like an alarm's.

use crate::AppState;
use crate::access::may_handle_repairs;
use crate::answers::Listed;
use crate::answers::image::served_at;
use crate::answers::message::Message as MessageAnswer;
use crate::answers::repair as answer;
use crate::api::images::{self, MAX_IMAGE_BYTES, Upload, checked_image, read_upload};
use crate::error::ApiError;
use crate::notify::content::Content;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, request_lang};
use crate::session::CurrentUser;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use ironsight_domain::limits::{REPAIR_DESCRIPTION_CHARS, REPAIR_PICTURES};
use ironsight_domain::repair::{self, RepairAction, RepairStatus, Roles, StepRefused};
use ironsight_domain::{Code, Lang, Reason, permission};
use ironsight_store::repairs::{NewRepairOrder, PictureRefused, RepairFilter, RepairOrder, Transition};
use ironsight_store::work_orders::OrderRef;

/// Optional text at `field`, trimmed and within the row's length; `None` when absent or blank.
fn text(params: &Params, field: &str) -> Result<Option<String>, ApiError> {
    let trimmed = params.trimmed(field)?;
    Ok((!trimmed.is_empty()).then_some(trimmed))
}

fn not_found() -> ApiError {
    ApiError::code(Code::RepairOrderNotFound)
}

/// The order named by `id`, as the caller sees it.
async fn order(state: &AppState, current: &CurrentUser, id: i64) -> Result<RepairOrder, ApiError> {
    state.store.repair_order(&current.viewer(), id).await?.ok_or_else(not_found)
}

/// The roles the caller holds on `order`: dispatcher as its creator or a `manage` holder, repairer as the one
/// it was dispatched to.
pub fn roles_of(current: &CurrentUser, order: &RepairOrder) -> Roles {
    Roles {
        dispatcher: order.creator_id == current.user.id || permission::has(&current.user.auths, permission::MANAGE),
        repairer: order.repairer_id == Some(current.user.id),
    }
}

fn status_of(order: &RepairOrder) -> Result<RepairStatus, ApiError> {
    RepairStatus::parse(&order.status)
        .ok_or_else(|| anyhow::anyhow!("order {} has status {:?}", order.id, order.status).into())
}

/// The step `action` on `order` by the caller, or the refusal: 1292 when the status does not allow it, 1291 when
/// it is not the caller's to take.
fn allowed(
    current: &CurrentUser,
    order: &RepairOrder,
    action: RepairAction,
) -> Result<&'static repair::RepairStep, ApiError> {
    repair::check(action, status_of(order)?, roles_of(current, order)).map_err(|refused| match refused {
        StepRefused::WrongStatus => ApiError::code(Code::RepairWrongStatus),
        StepRefused::WrongPerson => ApiError::code(Code::RepairWrongPerson),
    })
}

/// `POST /lfscada/ops/repair/query {page, pageSize, status?, equipmentId?, keyword?, mine?}` → `{total, list}`,
/// newest first; `mine` is `created` (orders the caller created) or `assigned` (dispatched to the caller).
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let status = match params.text("status")?.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()) {
        None => None,
        Some(t) => Some(RepairStatus::parse(&t).ok_or_else(|| ApiError::invalid("status", Reason::NotAllowed))?),
    };
    let mine = params.text("mine")?.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    let me = current.user.id;
    let (created_by, assigned_to) = match mine.as_deref() {
        None => (None, None),
        Some("created") => (Some(me), None),
        Some("assigned") => (None, Some(me)),
        Some(_) => return Err(ApiError::invalid("mine", Reason::NotAllowed)),
    };
    let filter = RepairFilter {
        status,
        equipment_id: params.int("equipmentId")?.filter(|id| *id > 0),
        keyword: text(&params, "keyword")?,
        created_by,
        assigned_to,
    };
    let found = state.store.repair_orders(&current.viewer(), &filter, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answer::RepairOrder::from)))
}

/// `POST /lfscada/equipment/multi/repair/query {equipmentId, page, pageSize}` → the equipment's orders, newest
/// first (the EG detail's repair record tab).
pub async fn equipment_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let filter = RepairFilter { equipment_id: Some(params.required_int("equipmentId")?), ..RepairFilter::default() };
    let found = state.store.repair_orders(&current.viewer(), &filter, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answer::RepairOrder::from)))
}

/// `POST /lfscada/ops/repair/info {id}` → `{order, steps, pictures}`. Opening the order makes the caller's order
/// messages about it `seen` (and read).
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = order(&state, &current, params.required_int("id")?).await?;
    state.store.mark_order_messages_seen(&current.viewer(), "repair", found.id).await?;
    let steps = state.store.repair_steps(found.id).await?;
    let pictures = state.store.repair_pictures(found.id).await?;
    Ok(ApiOk::new(answer::RepairOrderDetail {
        order: found.into(),
        steps: steps.into_iter().map(answer::RepairStep::from).collect(),
        pictures: pictures.into_iter().map(answer::RepairPicture::from).collect(),
    }))
}

/// `POST /lfscada/ops/repair/add {equipmentId?, alarmId?, description?}` → `{id, number}`. From an alarm, the
/// alarm names the equipment and the signal, and its text is the description unless one is given; by hand the
/// equipment and the description are required.
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let viewer = current.viewer();
    let alarm = match params.int("alarmId")?.filter(|id| *id > 0) {
        None => None,
        // The access rule checked the alarm is the caller's to see.
        Some(id) => Some(
            state
                .store
                .alarm_record(&viewer, id)
                .await?
                .ok_or_else(|| ApiError::invalid("alarmId", Reason::NotAllowed))?,
        ),
    };
    let equipment_id = match (params.int("equipmentId")?.filter(|id| *id > 0), &alarm) {
        (Some(given), Some(a)) if given != a.equip_id => {
            return Err(ApiError::invalid("equipmentId", Reason::NotAllowed));
        }
        (_, Some(a)) => a.equip_id,
        (Some(given), None) => given,
        (None, None) => return Err(ApiError::invalid("equipmentId", Reason::Required)),
    };
    let description = match (text(&params, "description")?, &alarm) {
        (Some(given), _) => given,
        (None, Some(a)) => {
            let message = if request_lang() == Lang::En { &a.msg_en } else { &a.msg_zh };
            let parts = [a.signal_title.as_str(), message.as_str()];
            let whole: Vec<&str> = parts.into_iter().filter(|p| !p.is_empty()).collect();
            whole.join(" ").chars().take(REPAIR_DESCRIPTION_CHARS).collect()
        }
        (None, None) => return Err(ApiError::invalid("description", Reason::Required)),
    };
    let new = NewRepairOrder {
        equipment_id,
        alarm_id: alarm.as_ref().map(|a| a.id),
        signal_title: alarm.as_ref().map(|a| a.signal_title.as_str()).unwrap_or_default(),
        description: &description,
        creator_id: current.user.id,
    };
    let (id, number) =
        state.store.add_repair_order(&viewer, &new).await?.ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    Ok(ApiOk::new(answer::RepairCreated { id, number }).audit("repair_order", id))
}

/// `POST /lfscada/ops/repair/users {equipmentId}` → `[{userId, loginname}]`: the organisation's enabled accounts
/// that see the equipment and may handle repair orders (whom a dispatch may name).
pub async fn users(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    let found = state.store.repair_candidates(current.user.org_id, equipment_id).await?;
    let list: Vec<answer::RepairUser> = found
        .into_iter()
        .filter(|c| may_handle_repairs(&c.auths))
        .map(|c| answer::RepairUser { user_id: c.id, loginname: c.loginname })
        .collect();
    Ok(ApiOk::new(list))
}

/// `POST /lfscada/ops/repair/dispatch {id, repairerId, remark?}`: pending → dispatched, by the dispatcher; the
/// repairer must see the equipment and may handle repair orders (1293).
pub async fn dispatch(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    name_repairer(&state, &current, &params, RepairAction::Dispatch).await
}

/// `POST /lfscada/ops/repair/redispatch {id, repairerId, remark?}`: dispatched → dispatched with another repairer,
/// by the dispatcher, while the first has not received it; the same checks as a dispatch, and the one named must
/// not be the repairer already (`repairerId` unchanged). The old repairer is told too.
pub async fn redispatch(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    name_repairer(&state, &current, &params, RepairAction::Redispatch).await
}

/// A dispatch or a redispatch: the step allowed, then the person named checked (1293 for one who may not repair
/// this equipment).
async fn name_repairer(state: &AppState, current: &CurrentUser, params: &Params, action: RepairAction) -> ApiResult {
    let found = order(state, current, params.required_int("id")?).await?;
    let step = allowed(current, &found, action)?;
    let repairer_id = params.required_int("repairerId")?;
    if found.repairer_id == Some(repairer_id) {
        return Err(ApiError::invalid("repairerId", Reason::Unchanged));
    }
    let remark = text(params, "remark")?.unwrap_or_default();
    let candidates = state.store.repair_candidates(current.user.org_id, found.equipment_id).await?;
    if !candidates.iter().any(|c| c.id == repairer_id && may_handle_repairs(&c.auths)) {
        return Err(ApiError::code(Code::RepairerCannotSee));
    }
    take(state, current, &found, step, &remark, Some(repairer_id), None).await
}

/// `POST /lfscada/ops/repair/receive {id, remark?}`: dispatched → received, by the repairer.
pub async fn receive(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = order(&state, &current, params.required_int("id")?).await?;
    let step = allowed(&current, &found, RepairAction::Receive)?;
    let remark = text(&params, "remark")?.unwrap_or_default();
    take(&state, &current, &found, step, &remark, None, None).await
}

/// `POST /lfscada/ops/repair/finish {id, content, remark?}`: received → finished, by the repairer, with what was
/// repaired.
pub async fn finish(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = order(&state, &current, params.required_int("id")?).await?;
    let step = allowed(&current, &found, RepairAction::Finish)?;
    let content = text(&params, "content")?.ok_or_else(|| ApiError::invalid("content", Reason::Required))?;
    let remark = text(&params, "remark")?.unwrap_or_default();
    take(&state, &current, &found, step, &remark, None, Some(&content)).await
}

/// `POST /lfscada/ops/repair/earlyFinish {id, remark}`: → early-finish with the reason; the dispatcher's while
/// pending or dispatched, the repairer's once received.
pub async fn early_finish(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = order(&state, &current, params.required_int("id")?).await?;
    let step = allowed(&current, &found, RepairAction::EarlyFinish)?;
    let remark = text(&params, "remark")?.ok_or_else(|| ApiError::invalid("remark", Reason::Required))?;
    take(&state, &current, &found, step, &remark, None, None).await
}

/// Takes `step` if the order is still where it was (else 1292, nothing changed), then tells the order's other
/// people. Answers the order as it now is.
async fn take(
    state: &AppState,
    current: &CurrentUser,
    found: &RepairOrder,
    step: &repair::RepairStep,
    remark: &str,
    repairer_id: Option<i64>,
    content: Option<&str>,
) -> ApiResult {
    let viewer = current.viewer();
    let transition = Transition {
        order_id: found.id,
        action: step.action.as_str(),
        from: step.from,
        to: step.to,
        user_id: current.user.id,
        remark,
        repairer_id,
        was_repairer: found.repairer_id,
        content,
    };
    if !state.store.repair_transition(&viewer, &transition).await? {
        return Err(ApiError::code(Code::RepairWrongStatus));
    }
    let now = state.store.repair_order(&viewer, found.id).await?.ok_or_else(not_found)?;
    tell(state, current.user.id, &current.user.loginname, found.repairer_id, &now, step.action).await;
    Ok(ApiOk::new(answer::RepairOrder::from(now)).audit("repair_order", found.id))
}

/// The titles of a step in both languages for one person told of it: `to_repairer` when that person is the order's
/// repairer now (a dispatch reads "assigned to you" to them, "dispatched to …" to the others).
fn titles(order: &RepairOrder, action: RepairAction, by: &str, to_repairer: bool) -> (String, String) {
    let (n, e) = (&order.number, &order.equip_name);
    let repairer = order.repairer_name.as_deref().unwrap_or_default();
    match action {
        RepairAction::Dispatch | RepairAction::Redispatch if to_repairer => {
            (format!("维修工单 {n} 已派给您：{e}"), format!("Repair order {n} assigned to you: {e}"))
        }
        RepairAction::Dispatch => {
            (format!("维修工单 {n} 已派给 {repairer}：{e}"), format!("Repair order {n} dispatched to {repairer}: {e}"))
        }
        RepairAction::Redispatch => (
            format!("维修工单 {n} 已改派给 {repairer}：{e}"),
            format!("Repair order {n} reassigned to {repairer}: {e}"),
        ),
        RepairAction::Receive => {
            (format!("维修工单 {n} 已被 {by} 接单：{e}"), format!("Repair order {n} received by {by}: {e}"))
        }
        RepairAction::Finish => {
            (format!("维修工单 {n} 已由 {by} 完成：{e}"), format!("Repair order {n} finished by {by}: {e}"))
        }
        RepairAction::EarlyFinish | RepairAction::Attach => {
            (format!("维修工单 {n} 已由 {by} 提前结束：{e}"), format!("Repair order {n} ended early by {by}: {e}"))
        }
    }
}

/// Order messages for the creator and the repairer of `order` (and, on a redispatch, the repairer it was taken
/// from: `was_repairer`), except whoever took the step, each pushed on the person's message socket. A message
/// that cannot be written is logged, not the step's failure: the step is taken.
async fn tell(
    state: &AppState,
    actor: i64,
    actor_name: &str,
    was_repairer: Option<i64>,
    order: &RepairOrder,
    action: RepairAction,
) {
    let mut people = vec![order.creator_id];
    people.extend(order.repairer_id);
    if action == RepairAction::Redispatch {
        people.extend(was_repairer);
    }
    people.sort_unstable();
    people.dedup();
    let about =
        OrderRef { kind: "repair", id: order.id, number: &order.number, equipment_id: Some(order.equipment_id) };
    for user_id in people.into_iter().filter(|id| *id != actor) {
        let (title, title_en) = titles(order, action, actor_name, Some(user_id) == order.repairer_id);
        send_order_message(state, user_id, about, &title, &title_en).await;
    }
}

/// Writes an order message for `user_id`, pushes it on the person's message socket, like an alarm message, and
/// queues it for the person's e-mail channels (an engineer away from the console learns of the order). A message
/// that cannot be written is logged, not the step's failure (repair orders and inspection worksheets).
pub async fn send_order_message(state: &AppState, user_id: i64, about: OrderRef<'_>, title: &str, title_en: &str) {
    match state.store.add_order_message(user_id, about, title, title_en).await {
        Ok(stored) => {
            let content = Content::order((title, title_en), about.number, stored.gmt_create, stored.id);
            state.live.publish_message(user_id, &MessageAnswer::from(stored));
            state.notifier.email_stored(user_id, &content).await;
        }
        Err(error) => tracing::error!(%error, order = about.id, kind = about.kind, "order message not written"),
    }
}

/// `POST /lfscada/ops/repair/picture/upload` (multipart: `id` the order, `file` a picture) → the picture
/// `{id, path, uploadedBy, gmtCreate}`: the dispatcher's while pending, the repairer's while received; at most
/// 6 (field error on `file`); the same checks as every picture (`images::checked_image`).
pub async fn picture_upload(
    State(state): State<AppState>,
    current: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let Upload { fields, file } = read_upload(multipart, &["id"], MAX_IMAGE_BYTES).await?;
    let id: i64 = match fields.get("id").map(|t| t.trim()) {
        None | Some("") => return Err(ApiError::invalid("id", Reason::Required)),
        Some(t) => t.parse().map_err(|_| ApiError::invalid("id", Reason::NotInteger))?,
    };
    // The access layer does not read multipart bodies: the order is checked here, as the route's guard says.
    let found = order(&state, &current, id).await?;
    let step = allowed(&current, &found, RepairAction::Attach)?;
    let (file, kind) = checked_image(file)?;
    let file_name = images::store(&state, kind, &file.bytes).await?;
    let path = served_at(&file_name);
    let added = state.store.add_repair_picture(found.id, step.from, &path, current.user.id, REPAIR_PICTURES).await;
    let refusal = match added {
        Ok(Ok(picture_id)) => {
            let picture = ironsight_store::repairs::RepairPicture {
                id: picture_id,
                path,
                uploaded_by: current.user.id,
                gmt_create: ironsight_store::now_ms(),
            };
            return Ok(ApiOk::new(answer::RepairPicture::from(picture)).audit("repair_order", found.id));
        }
        Ok(Err(PictureRefused::StatusChanged)) => ApiError::code(Code::RepairWrongStatus),
        Ok(Err(PictureRefused::Full)) => ApiError::invalid("file", Reason::TooMany { max: REPAIR_PICTURES }),
        Err(e) => e.into(),
    };
    images::remove_stored(&state, &file_name).await;
    Err(refusal)
}

/// `POST /lfscada/ops/repair/picture/delete {id, pictureId}`: removes a picture its uploader added, while the
/// order is still where pictures may be added by that person; 1242 for a picture not of the order or not theirs.
pub async fn picture_delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = order(&state, &current, params.required_int("id")?).await?;
    let picture_id = params.required_int("pictureId")?;
    let step = allowed(&current, &found, RepairAction::Attach)?;
    let removed = state.store.delete_repair_picture(found.id, picture_id, current.user.id, step.from).await?;
    let path = removed.ok_or_else(|| ApiError::code(Code::ImageNotFound))?;
    images::remove(&state, &path).await;
    Ok(ApiOk::empty().audit("repair_order", found.id))
}

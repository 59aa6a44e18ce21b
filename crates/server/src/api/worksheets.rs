//! Inspection worksheets (issue 14, docs/work-orders.md; paths ours under `/lfscada/ops/inspection/worksheet/`):
//! list, detail, a draft of the results, the submission (normal or abnormal by the results), the abort, the link
//! from an abnormal result to the repair order made from it, and an equipment's inspection records.
//!
//! The access rule (`Access::Repair`, the worksheet through `Object::Worksheet`: seen where every equipment of its
//! route is) has admitted the caller and the worksheet when a handler runs. Who may take which step is the domain's
//! table (`ironsight_domain::inspection::STEPS`); the store takes it only if the worksheet is still not started (one
//! conditional UPDATE), so two clicks at once never both win.

use super::repairs::send_order_message;
use crate::AppState;
use crate::answers::Listed;
use crate::answers::inspection as answer;
use crate::answers::repair::RepairStep;
use crate::error::ApiError;
use crate::inspection_schedule::about;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::inspection::{
    self, BadValue, InspectionAction, InspectionStatus, ResultKind, Roles, StepRefused, judge, submitted_status,
};
use ironsight_domain::limits::{INSPECTION_CONTENT_CHARS, INSPECTION_REMARK_CHARS};
use ironsight_domain::{Code, Reason, permission};
use ironsight_store::now_ms;
use ironsight_store::work_orders::INSPECTION;
use ironsight_store::worksheets::{ResultInput, SheetTransition, Worksheet, WorksheetFilter, WorksheetItem};
use serde_json::Value;

fn not_found() -> ApiError {
    ApiError::code(Code::WorksheetNotFound)
}

async fn sheet(state: &AppState, current: &CurrentUser, id: i64) -> Result<Worksheet, ApiError> {
    state.store.worksheet(&current.viewer(), id).await?.ok_or_else(not_found)
}

/// The caller's roles on `sheet`: inspector as the one named, manager as a `manage` holder.
fn roles_of(current: &CurrentUser, sheet: &Worksheet) -> Roles {
    Roles {
        inspector: sheet.inspector_id == current.user.id,
        manager: permission::has(&current.user.auths, permission::MANAGE),
    }
}

fn status_of(sheet: &Worksheet) -> Result<InspectionStatus, ApiError> {
    InspectionStatus::parse(&sheet.status)
        .ok_or_else(|| anyhow::anyhow!("worksheet {} has status {:?}", sheet.id, sheet.status).into())
}

/// The step `action` by the caller, or its refusal: 1299 wrong status (first), 1298 wrong person.
fn allowed(current: &CurrentUser, sheet: &Worksheet, action: InspectionAction) -> Result<(), ApiError> {
    inspection::check(action, status_of(sheet)?, roles_of(current, sheet)).map(|_| ()).map_err(|r| match r {
        StepRefused::WrongStatus => ApiError::code(Code::WorksheetWrongStatus),
        StepRefused::WrongPerson => ApiError::code(Code::WorksheetWrongPerson),
    })
}

/// `POST /lfscada/ops/inspection/worksheet/query {page, pageSize, status?, planId?, equipmentId?, mine?,
/// overdue?}` → `{total, list}`, newest first; `mine=true` the caller's to inspect, `overdue=true` only overdue.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let status = match params.text("status")?.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()) {
        None => None,
        Some(t) => Some(InspectionStatus::parse(&t).ok_or_else(|| ApiError::invalid("status", Reason::NotAllowed))?),
    };
    let now = now_ms();
    let filter = WorksheetFilter {
        status,
        plan_id: params.int("planId")?.filter(|id| *id > 0),
        equipment_id: params.int("equipmentId")?.filter(|id| *id > 0),
        inspector_id: params.flag("mine")?.unwrap_or(false).then_some(current.user.id),
        overdue_at: params.flag("overdue")?.unwrap_or(false).then_some(now),
    };
    let found = state.store.worksheets(&current.viewer(), &filter, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, |w| answer::Worksheet::at(w, now))))
}

/// `POST /lfscada/ops/inspection/worksheet/info {id}` → `{worksheet, items, results, steps, actions}`; the caller's
/// messages about it become `seen` and read.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = sheet(&state, &current, params.required_int("id")?).await?;
    state.store.mark_order_messages_seen(&current.viewer(), "inspection", found.id).await?;
    let items = state.store.worksheet_items(found.id).await?;
    let results = state.store.worksheet_results(found.id).await?;
    let steps = state.store.order_steps(INSPECTION, found.id).await?;
    let roles = roles_of(&current, &found);
    let status = status_of(&found)?;
    let actions: Vec<String> =
        inspection::available(status, roles).into_iter().map(|a| a.as_str().to_owned()).collect();
    Ok(ApiOk::new(answer::WorksheetDetail {
        worksheet: answer::Worksheet::at(found, now_ms()),
        items: items.into_iter().map(answer::WorksheetItem::from).collect(),
        results: results.into_iter().map(answer::WorksheetResult::from).collect(),
        steps: steps.into_iter().map(RepairStep::from).collect(),
        actions,
    }))
}

/// The results given at `results` (a JSON array, or its text: `[{equipmentId, itemId, value, remark?}]`), each on
/// the worksheet's route and items and judged by its item; a blank value stays blank (a draft).
fn read_results(params: &Params, sheet: &Worksheet, items: &[WorksheetItem]) -> Result<Vec<ResultInput>, ApiError> {
    let parsed;
    let list = match params.get("results") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::String(text)) if text.trim().is_empty() => return Ok(Vec::new()),
        Some(Value::String(text)) => {
            parsed = serde_json::from_str::<Value>(text).map_err(|_| ApiError::invalid("results", Reason::BadJson))?;
            &parsed
        }
        Some(other) => other,
    };
    let Value::Array(list) = list else { return Err(ApiError::invalid("results", Reason::NotArray)) };
    if list.len() > sheet.equipment.len() * items.len() {
        return Err(ApiError::invalid("results", Reason::TooMany { max: sheet.equipment.len() * items.len() }));
    }
    let mut out: Vec<ResultInput> = Vec::with_capacity(list.len());
    for (i, entry) in list.iter().enumerate() {
        let field = |name: &str| format!("results.{i}.{name}");
        let int = |name: &str| entry.get(name).and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()));
        let string = |name: &str, max: usize| -> Result<String, ApiError> {
            let raw = match entry.get(name) {
                None | Some(Value::Null) => "",
                Some(Value::String(s)) => s.as_str(),
                Some(_) => return Err(ApiError::invalid(field(name), Reason::NotText)),
            };
            let trimmed = ironsight_domain::validate::bounded_text(raw.trim(), max)
                .map_err(|r| ApiError::invalid(field(name), r))?;
            Ok(trimmed.to_owned())
        };
        let equipment_id = int("equipmentId")
            .filter(|id| sheet.equipment.iter().any(|e| e.id == *id))
            .ok_or_else(|| ApiError::invalid(field("equipmentId"), Reason::NotAllowed))?;
        let item = int("itemId")
            .and_then(|id| items.iter().find(|it| it.id == id))
            .ok_or_else(|| ApiError::invalid(field("itemId"), Reason::NotAllowed))?;
        let value = string("value", INSPECTION_CONTENT_CHARS)?;
        let remark = string("remark", INSPECTION_REMARK_CHARS)?;
        let kind = ResultKind::parse(&item.kind).unwrap_or(ResultKind::Text);
        let abnormal = if value.is_empty() {
            false
        } else {
            judge(kind, item.min_value, item.max_value, &value).map_err(|bad| {
                let reason = match bad {
                    BadValue::NotCheck => Reason::OneOf { allowed: &["normal", "abnormal"] },
                    BadValue::NotNumber => Reason::NotNumber,
                };
                ApiError::invalid(field("value"), reason)
            })?
        };
        if out.iter().any(|r| r.equipment_id == equipment_id && r.item_id == item.id) {
            return Err(ApiError::invalid(field("itemId"), Reason::DuplicateValue));
        }
        out.push(ResultInput { equipment_id, item_id: item.id, value, remark, abnormal });
    }
    Ok(out)
}

/// `POST /lfscada/ops/inspection/worksheet/save {id, results}`: keeps a draft of the results, by the inspector,
/// while not started → the worksheet.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = sheet(&state, &current, params.required_int("id")?).await?;
    allowed(&current, &found, InspectionAction::Save)?;
    let items = state.store.worksheet_items(found.id).await?;
    let results = read_results(&params, &found, &items)?;
    let t = SheetTransition {
        worksheet_id: found.id,
        action: InspectionAction::Save.as_str(),
        to: InspectionStatus::NotStarted,
        user_id: current.user.id,
        remark: "",
        results: &results,
    };
    take(&state, &current, &found, &t).await
}

/// `POST /lfscada/ops/inspection/worksheet/submit {id, results?, remark?}`: by the inspector, once: the given
/// results with the saved draft must cover every check and number item of every equipment (1311); normal, or
/// abnormal when any result is. An abnormal worksheet is told to the plan's creator.
pub async fn submit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = sheet(&state, &current, params.required_int("id")?).await?;
    allowed(&current, &found, InspectionAction::Submit)?;
    let items = state.store.worksheet_items(found.id).await?;
    let given = read_results(&params, &found, &items)?;
    let remark = params.trimmed("remark")?;
    // The draft, with what this call gives over it.
    let mut whole: Vec<ResultInput> = state
        .store
        .worksheet_results(found.id)
        .await?
        .into_iter()
        .filter(|r| !given.iter().any(|g| g.equipment_id == r.equipment_id && g.item_id == r.item_id))
        .map(|r| ResultInput {
            equipment_id: r.equipment_id,
            item_id: r.item_id,
            value: r.value,
            remark: r.remark,
            abnormal: r.abnormal,
        })
        .collect();
    whole.extend(given);
    let complete = found.equipment.iter().all(|e| {
        items
            .iter()
            .filter(|i| i.kind != ResultKind::Text.as_str())
            .all(|i| whole.iter().any(|r| r.equipment_id == e.id && r.item_id == i.id && !r.value.is_empty()))
    });
    if !complete {
        return Err(ApiError::code(Code::WorksheetIncomplete));
    }
    let to = submitted_status(whole.iter().any(|r| r.abnormal));
    let t = SheetTransition {
        worksheet_id: found.id,
        action: InspectionAction::Submit.as_str(),
        to,
        user_id: current.user.id,
        remark: &remark,
        results: &whole,
    };
    take(&state, &current, &found, &t).await
}

/// `POST /lfscada/ops/inspection/worksheet/abort {id, remark}`: not started → aborted, by the inspector or a
/// manager, with the reason; the plan's creator is told.
pub async fn abort(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = sheet(&state, &current, params.required_int("id")?).await?;
    allowed(&current, &found, InspectionAction::Abort)?;
    let remark = params.trimmed("remark")?;
    if remark.is_empty() {
        return Err(ApiError::invalid("remark", Reason::Required));
    }
    let t = SheetTransition {
        worksheet_id: found.id,
        action: InspectionAction::Abort.as_str(),
        to: InspectionStatus::Aborted,
        user_id: current.user.id,
        remark: &remark,
        results: &[],
    };
    take(&state, &current, &found, &t).await
}

/// Takes the step if the worksheet is still not started (else 1299, nothing changed); an abnormal or aborted end
/// is told to the plan's creator (unless they took it). Answers the worksheet as it now is.
async fn take(state: &AppState, current: &CurrentUser, found: &Worksheet, t: &SheetTransition<'_>) -> ApiResult {
    let viewer = current.viewer();
    if !state.store.worksheet_transition(&viewer, t).await? {
        return Err(ApiError::code(Code::WorksheetWrongStatus));
    }
    let now = state.store.worksheet(&viewer, found.id).await?.ok_or_else(not_found)?;
    let (n, p, by) = (&now.number, &now.plan_name, &current.user.loginname);
    let titles = match t.to {
        InspectionStatus::Abnormal => Some((
            format!("巡检工单 {n} 结果异常（{by}）：{p}"),
            format!("Inspection worksheet {n} found abnormal by {by}: {p}"),
        )),
        InspectionStatus::Aborted => Some((
            format!("巡检工单 {n} 已被 {by} 终止：{p}"),
            format!("Inspection worksheet {n} aborted by {by}: {p}"),
        )),
        InspectionStatus::NotStarted | InspectionStatus::Normal => None,
    };
    if let Some((title, title_en)) = titles.filter(|_| now.plan_creator_id != current.user.id) {
        send_order_message(state, now.plan_creator_id, about(&now), &title, &title_en).await;
    }
    let id = now.id;
    Ok(ApiOk::new(answer::Worksheet::at(now, now_ms())).audit("inspection_worksheet", id))
}

/// `POST /lfscada/ops/inspection/worksheet/repair {id, resultId, orderId}`: records that repair order `orderId`
/// was made from abnormal result `resultId` of the worksheet (the console calls it once the order is created).
pub async fn link_repair(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let found = sheet(&state, &current, params.required_int("id")?).await?;
    let result_id = params.required_int("resultId")?;
    let order_id = params.required_int("orderId")?;
    if !state.store.link_result_repair(found.id, result_id, order_id).await? {
        return Err(ApiError::invalid("resultId", Reason::NotAllowed));
    }
    Ok(ApiOk::empty().audit("inspection_worksheet", found.id))
}

/// `POST /lfscada/equipment/multi/inspection/query {equipmentId, page, pageSize}` → the submitted results about the
/// equipment, newest first (the EG detail's inspection records tab).
pub async fn equipment_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let equipment_id = params.required_int("equipmentId")?;
    let found = state.store.inspection_records(&current.viewer(), equipment_id, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answer::InspectionRecord::from)))
}

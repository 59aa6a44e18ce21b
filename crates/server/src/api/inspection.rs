//! Inspection items and plans (issue 14, docs/work-orders.md; paths ours under `/lfscada/ops/inspection/`).
//!
//! Items are the organisation's checklist, changed by `manage` holders that see the whole organisation
//! (`Access::WholeOrg`: an item reaches every plan of the organisation). Plans are changed by `manage` holders; a
//! plan's route holds only equipment the caller sees (the route table's guard on `equipmentIds`), and its inspector
//! must be an enabled account of the organisation that sees every equipment of the route and may handle work
//! orders (1310). "Generate now" makes the worksheet of this moment; the schedule makes the others
//! ([`crate::inspection_schedule`]).

use crate::AppState;
use crate::access::may_handle_repairs;
use crate::answers::Created;
use crate::answers::inspection as answer;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::inspection::{Frequency, ResultKind};
use ironsight_domain::{Code, Reason};
use ironsight_store::inspection::{ItemDeleteRefused, ItemFields, PlanFields};

/// Text at `field`, trimmed and within the row's length, that must not be blank.
fn required(params: &Params, field: &str) -> Result<String, ApiError> {
    let value = params.trimmed(field)?;
    if value.is_empty() {
        return Err(ApiError::invalid(field, Reason::Required));
    }
    Ok(value)
}

/// An item's fields as read from a request.
struct ItemForm {
    name: String,
    content: String,
    kind: ResultKind,
    min_value: Option<f64>,
    max_value: Option<f64>,
    unit: String,
    enabled: bool,
}

impl ItemForm {
    fn fields(&self) -> ItemFields<'_> {
        ItemFields {
            name: &self.name,
            content: &self.content,
            kind: self.kind.as_str(),
            min_value: self.min_value,
            max_value: self.max_value,
            unit: &self.unit,
            enabled: self.enabled,
        }
    }
}

/// The item fields of an add or edit: a number item may bound its value (min ≤ max); other kinds have no bounds.
fn item_fields(params: &Params) -> Result<ItemForm, ApiError> {
    let name = required(params, "name")?;
    let content = params.trimmed("content")?;
    let kind = ResultKind::parse(&required(params, "kind")?)
        .ok_or_else(|| ApiError::invalid("kind", Reason::OneOf { allowed: &["check", "number", "text"] }))?;
    let (min, max, unit) = if kind == ResultKind::Number {
        (params.float("minValue")?, params.float("maxValue")?, params.trimmed("unit")?)
    } else {
        (None, None, String::new())
    };
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return Err(ApiError::invalid("maxValue", Reason::BelowMin));
    }
    let enabled = params.flag("enabled")?.unwrap_or(true);
    Ok(ItemForm { name, content, kind, min_value: min, max_value: max, unit, enabled })
}

/// `POST /lfscada/ops/inspection/item/query {enabled?}` → the organisation's items, oldest first (only the enabled
/// ones with `enabled=true`).
pub async fn item_query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let enabled_only = params.flag("enabled")?.unwrap_or(false);
    let items = state.store.inspection_items(current.user.org_id, enabled_only).await?;
    Ok(ApiOk::new(items.into_iter().map(answer::InspectionItem::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/ops/inspection/item/add {name, content?, kind, minValue?, maxValue?, unit?, enabled?}` → `{id}`.
pub async fn item_add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let form = item_fields(&params)?;
    let id = state.store.add_inspection_item(current.user.org_id, &form.fields()).await?;
    Ok(ApiOk::new(Created { id }).audit("inspection_item", id))
}

/// `POST /lfscada/ops/inspection/item/edit {id, …as add}`: existing worksheets keep the item as it was.
pub async fn item_edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let form = item_fields(&params)?;
    if !state.store.edit_inspection_item(current.user.org_id, id, &form.fields()).await? {
        return Err(ApiError::code(Code::InspectionItemNotFound));
    }
    Ok(ApiOk::empty().audit("inspection_item", id))
}

/// `POST /lfscada/ops/inspection/item/delete {id}`: 1295 while a plan checks it (disable it instead).
pub async fn item_delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    match state.store.delete_inspection_item(current.user.org_id, id).await? {
        Ok(()) => Ok(ApiOk::empty().audit("inspection_item", id)),
        Err(ItemDeleteRefused::InUse) => Err(ApiError::code(Code::InspectionItemInUse)),
        Err(ItemDeleteRefused::NotFound) => Err(ApiError::code(Code::InspectionItemNotFound)),
    }
}

/// `POST /lfscada/ops/inspection/plan/query` → the plans the caller sees (every equipment of the route), newest
/// first.
pub async fn plan_query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let plans = state.store.inspection_plans(&current.viewer()).await?;
    Ok(ApiOk::new(plans.into_iter().map(answer::InspectionPlan::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/ops/inspection/plan/info {id}` → the plan.
pub async fn plan_info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let plan = state
        .store
        .inspection_plan(&current.viewer(), params.required_int("id")?)
        .await?
        .ok_or_else(|| ApiError::code(Code::InspectionPlanNotFound))?;
    Ok(ApiOk::new(answer::InspectionPlan::from(plan)))
}

/// Parses "HH:MM" (China time) into minutes after midnight.
fn minute_of(params: &Params) -> Result<i64, ApiError> {
    let time = required(params, "time")?;
    let bad = || ApiError::invalid("time", Reason::BadFormat);
    let (h, m) = time.split_once(':').ok_or_else(bad)?;
    let (h, m): (i64, i64) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if !(0..24).contains(&h) || !(0..60).contains(&m) || time.len() != 5 {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

/// Checks a plan's fields and saves it (`id` `None` adds).
async fn save_plan(state: &AppState, current: &CurrentUser, params: &Params, id: Option<i64>) -> ApiResult {
    let name = required(params, "name")?;
    let equipment_ids = params.id_list("equipmentIds")?;
    let mut seen = std::collections::HashSet::new();
    if !equipment_ids.iter().all(|id| seen.insert(*id)) {
        return Err(ApiError::invalid("equipmentIds", Reason::DuplicateValue));
    }
    let item_ids = params.id_list("itemIds")?;
    let mut seen = std::collections::HashSet::new();
    if !item_ids.iter().all(|id| seen.insert(*id)) {
        return Err(ApiError::invalid("itemIds", Reason::DuplicateValue));
    }
    let items = state.store.inspection_items(current.user.org_id, false).await?;
    if !item_ids.iter().all(|id| items.iter().any(|i| i.id == *id)) {
        return Err(ApiError::code(Code::InspectionItemNotFound));
    }
    let frequency_name = required(params, "frequency")?;
    let day = params.int("day")?.unwrap_or(0);
    let frequency = match frequency_name.as_str() {
        "daily" => Frequency::Daily,
        "weekly" | "monthly" => Frequency::parse(&frequency_name, day).ok_or_else(|| {
            let max = if frequency_name == "weekly" { 7 } else { 28 };
            ApiError::invalid("day", Reason::OutOfRange { min: 1, max })
        })?,
        _ => return Err(ApiError::invalid("frequency", Reason::OneOf { allowed: &["daily", "weekly", "monthly"] })),
    };
    let minute = minute_of(params)?;
    let allowed_hours = params.int_or_default("allowedHours")?;
    let inspector_id = params.required_int("inspectorId")?;
    let candidates = state.store.inspector_candidates(current.user.org_id, &equipment_ids).await?;
    if !candidates.iter().any(|c| c.id == inspector_id && may_handle_repairs(&c.auths)) {
        return Err(ApiError::code(Code::InspectorCannotSee));
    }
    let fields = PlanFields {
        name: &name,
        inspector_id,
        frequency: frequency.as_str(),
        day: frequency.day(),
        minute,
        allowed_hours,
        enabled: params.flag("enabled")?.unwrap_or(true),
        equipment_ids: &equipment_ids,
        item_ids: &item_ids,
    };
    let saved = state
        .store
        .save_inspection_plan(&current.viewer(), id, &fields)
        .await?
        .ok_or_else(|| ApiError::code(Code::InspectionPlanNotFound))?;
    let answer = if id.is_some() { ApiOk::empty() } else { ApiOk::new(Created { id: saved }) };
    Ok(answer.audit("inspection_plan", saved))
}

/// `POST /lfscada/ops/inspection/plan/add {name, equipmentIds, itemIds, inspectorId, frequency, day?, time,
/// allowedHours?, enabled?}` → `{id}`.
pub async fn plan_add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    save_plan(&state, &current, &params, None).await
}

/// `POST /lfscada/ops/inspection/plan/edit {id, …as add}`: existing worksheets keep their route and items.
pub async fn plan_edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    save_plan(&state, &current, &params, Some(id)).await
}

/// `POST /lfscada/ops/inspection/plan/delete {id}`: the plan's worksheets stay.
pub async fn plan_delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_inspection_plan(&current.viewer(), id).await? {
        return Err(ApiError::code(Code::InspectionPlanNotFound));
    }
    Ok(ApiOk::empty().audit("inspection_plan", id))
}

/// `POST /lfscada/ops/inspection/plan/inspectors {equipmentIds}` → `[{userId, loginname}]`: whom a plan over
/// this route may name inspector.
pub async fn inspectors(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_ids = params.id_list("equipmentIds")?;
    let found = state.store.inspector_candidates(current.user.org_id, &equipment_ids).await?;
    let list: Vec<crate::answers::repair::RepairUser> = found
        .into_iter()
        .filter(|c| may_handle_repairs(&c.auths))
        .map(|c| crate::answers::repair::RepairUser { user_id: c.id, loginname: c.loginname })
        .collect();
    Ok(ApiOk::new(list))
}

/// `POST /lfscada/ops/inspection/plan/generate {id}` → the new worksheet, due now; the inspector is told. 1312 when
/// the plan or all its items are disabled.
pub async fn generate(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let viewer = current.viewer();
    let plan = state
        .store
        .inspection_plan(&viewer, params.required_int("id")?)
        .await?
        .ok_or_else(|| ApiError::code(Code::InspectionPlanNotFound))?;
    let items = state.store.inspection_items(current.user.org_id, true).await?;
    if !plan.enabled || !plan.items.iter().any(|i| items.iter().any(|e| e.id == i.id)) {
        return Err(ApiError::code(Code::InspectionPlanDisabled));
    }
    let now = ironsight_store::now_ms();
    let sheet = crate::inspection_schedule::generate(&state, plan.id, now, Some(current.user.id))
        .await?
        .ok_or_else(|| ApiError::code(Code::InspectionPlanDisabled))?;
    let id = sheet.id;
    Ok(ApiOk::new(answer::Worksheet::at(sheet, now)).audit("inspection_worksheet", id))
}

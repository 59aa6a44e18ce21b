//! A project's intermediate variables (`/lfscada/project/mvar/*`, spec section 7; docs/mvars.md): values computed
//! from the project's signals, an aggregate over a list of them or a formula over `${equipmentId.signalId}`
//! placeholders (`ironsight_domain::mvar`). A project page binds one by id; the viewer computes it from the live
//! readings it already has.
//!
//! The routes' guards admit only a caller who sees every equipment of the project (`ProjectPages`, or `Mvar` by
//! the variable's id), as for the project's pages; every signal a variable names is checked to be one of the
//! project's equipment's, so a variable never reads another equipment, nor another organisation's.

use crate::AppState;
use crate::answers::Created;
use crate::answers::project::{FormulaChecked, Mvar};
use crate::api::projects::text_field;
use crate::api::scenes::distinct;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::{MVAR_NAME_CHARS, MVAR_UNIT_CHARS, PROJECT_MVARS};
use ironsight_domain::mvar::{Calc, Formula};
use ironsight_domain::{Code, Reason};
use ironsight_store::mvars::{MvarFields, MvarSaveError};
use std::collections::HashMap;

/// A custom formula checked against the project: parsed as given (a fault's position is the character the
/// person typed), and each placeholder a signal of the project's equipment
/// under its own equipment. Answers the placeholders' signals in order, each once.
async fn checked_formula(state: &AppState, org_id: i64, project_id: i64, text: &str) -> Result<Vec<i64>, ApiError> {
    let formula = Formula::parse(text)
        .map_err(|e| ApiError::invalid("formula", Reason::BadFormula { at: e.at, fault: e.fault }))?;
    let ids = distinct(formula.placeholders().iter().map(|p| p.signal_id).collect());
    let owners: HashMap<i64, i64> =
        state.store.project_signal_owners(org_id, project_id, &ids).await?.into_iter().collect();
    for p in formula.placeholders() {
        if owners.get(&p.signal_id) != Some(&p.equipment_id) {
            return Err(ApiError::invalid("formula", Reason::NotProjectSignal { signal_id: p.signal_id }));
        }
    }
    Ok(ids)
}

/// An aggregate's 1 to 64 signals (distinct), each of the project's equipment.
async fn checked_signals(
    state: &AppState,
    org_id: i64,
    project_id: i64,
    params: &Params,
) -> Result<Vec<i64>, ApiError> {
    let ids = distinct(params.id_list("signalIds")?);
    let owned: Vec<i64> =
        state.store.project_signal_owners(org_id, project_id, &ids).await?.into_iter().map(|(id, _)| id).collect();
    match ids.iter().find(|id| !owned.contains(id)) {
        Some(&signal_id) => Err(ApiError::invalid("signalIds", Reason::NotProjectSignal { signal_id })),
        None => Ok(ids),
    }
}

/// The fields of an add or an edit, checked, for a variable of project `project_id`.
struct Fields {
    name: String,
    calc: Calc,
    formula: String,
    signal_ids: Vec<i64>,
    unit: String,
    decimals: i64,
}

async fn mvar_fields(state: &AppState, org_id: i64, project_id: i64, params: &Params) -> Result<Fields, ApiError> {
    let name = text_field(params, "name", MVAR_NAME_CHARS, true)?;
    let calc_text = params.text("calc")?.unwrap_or_default();
    let calc = match calc_text.trim() {
        "" => return Err(ApiError::invalid("calc", Reason::Required)),
        text => Calc::parse(text).ok_or(ApiError::invalid("calc", Reason::OneOf { allowed: &Calc::NAMES }))?,
    };
    let unit = text_field(params, "unit", MVAR_UNIT_CHARS, false)?;
    let decimals = params.int_or_default("decimals")?;
    let (formula, signal_ids) = if calc == Calc::Custom {
        let formula = params.text("formula")?.unwrap_or_default();
        let ids = checked_formula(state, org_id, project_id, &formula).await?;
        (formula.trim_matches([' ', '\t']).to_owned(), ids)
    } else {
        (String::new(), checked_signals(state, org_id, project_id, params).await?)
    };
    Ok(Fields { name, calc, formula, signal_ids, unit, decimals })
}

impl Fields {
    fn stored(&self) -> MvarFields<'_> {
        MvarFields {
            name: &self.name,
            calc: self.calc.as_str(),
            formula: &self.formula,
            signal_ids: &self.signal_ids,
            unit: &self.unit,
            decimals: self.decimals,
        }
    }
}

fn save_error(e: MvarSaveError) -> ApiError {
    match e {
        MvarSaveError::NameTaken => ApiError::code(Code::MvarNameExists),
        MvarSaveError::NotFound => ApiError::code(Code::MvarNotFound),
        MvarSaveError::TooMany => ApiError::Business(Code::TooManyMvars, vec![("max", PROJECT_MVARS.to_string())]),
    }
}

/// `POST /lfscada/project/mvar/query {projectId}` → the project's variables by name.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let found = state.store.mvars(current.user.org_id, project_id).await?;
    Ok(ApiOk::new(found.into_iter().map(Mvar::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/project/mvar/queryAll {projectId, ids}` → those of the project's variables whose ids are given
/// (comma-joined), by name: what a page binds. An id that is not the project's variable is left out (a page
/// whose variable was deleted shows no value for it).
pub async fn query_all(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let ids = params.id_list("ids")?;
    let found = state.store.mvars(current.user.org_id, project_id).await?;
    Ok(ApiOk::new(found.into_iter().filter(|m| ids.contains(&m.id)).map(Mvar::from).collect::<Vec<_>>()))
}

/// `POST /lfscada/project/mvar/add {projectId, name, calc, signalIds | formula, unit, decimals}` → `{id}`.
pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let org_id = current.user.org_id;
    let project_id = params.required_int("projectId")?;
    let fields = mvar_fields(&state, org_id, project_id, &params).await?;
    let id = state.store.add_mvar(project_id, &fields.stored(), PROJECT_MVARS).await?.map_err(save_error)?;
    Ok(ApiOk::new(Created { id }).audit("mvar", id))
}

/// `POST /lfscada/project/mvar/edit {id, name, calc, signalIds | formula, unit, decimals}`: replaces the fields
/// (the project stays).
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let org_id = current.user.org_id;
    let id = params.required_int("id")?;
    let mvar = state.store.mvar(org_id, id).await?.ok_or(ApiError::code(Code::MvarNotFound))?;
    let fields = mvar_fields(&state, org_id, mvar.project_id, &params).await?;
    state.store.edit_mvar(org_id, id, &fields.stored()).await?.map_err(save_error)?;
    Ok(ApiOk::empty().audit("mvar", id))
}

/// `POST /lfscada/project/mvar/delete {id}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    if !state.store.delete_mvar(current.user.org_id, id).await? {
        return Err(ApiError::code(Code::MvarNotFound));
    }
    Ok(ApiOk::empty().audit("mvar", id))
}

/// `POST /lfscada/project/mvar/validFormulaVar {projectId, formula}` → `{signalIds}` when the formula parses and
/// every placeholder is a signal of the project's equipment under its own equipment; 1101 saying where and why
/// otherwise. Nothing is stored.
pub async fn valid_formula(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let formula = params.text("formula")?.unwrap_or_default();
    let signal_ids = checked_formula(&state, current.user.org_id, project_id, &formula).await?;
    Ok(ApiOk::new(FormulaChecked { signal_ids }))
}

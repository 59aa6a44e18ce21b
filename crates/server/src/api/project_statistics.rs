//! The project monitor's statistics (spec section 7, "Project monitor"): how many of a project's equipment there
//! are, are online, are offline and have an open alarm, and how many alarms are open. A project page binds them
//! as system keys (docs/page-document.md, "System keys"); the viewer asks while the page is shown.
//!
//! The route's guard (`Object::ProjectPages`) has admitted only a caller who sees every equipment of the project,
//! so no count tells a limited account about equipment it was not granted. Alarm counts need the alarm permission
//! of every rule type among the project's equipment (spec section 6), 1211 otherwise: a count of part of the
//! alarms would read as the whole.

use crate::AppState;
use crate::api::alarms::require_project_alarm_view as require_project_alarms;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_store::project_statistics::EquipmentCount;

/// `POST /lfscada/monitor/project/equip/queryCount {projectId, online?, alarm?}` → a number: the project's
/// equipment; with `online` true those whose gateway is online, false the others; with `alarm` true those with an
/// open alarm (both together: both hold).
pub async fn equipment_count(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    let online = params.flag("online")?;
    let alarmed = params.flag("alarm")?.unwrap_or(false);
    if alarmed {
        require_project_alarms(&state, &current, project_id).await?;
    }
    let count = EquipmentCount { online, alarmed };
    Ok(ApiOk::new(state.store.project_equipment_count(current.user.org_id, project_id, count).await?))
}

/// `POST /lfscada/monitor/project/alarm/queryCount {projectId}` → a number: the open alarms of the project's
/// equipment.
pub async fn alarm_count(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let project_id = params.required_int("projectId")?;
    require_project_alarms(&state, &current, project_id).await?;
    Ok(ApiOk::new(state.store.project_alarm_count(current.user.org_id, project_id).await?))
}

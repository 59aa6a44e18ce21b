//! The operating centre (issue 14: `运营中心`, the monitor's `gm/ocInfo`): what is still open per equipment the
//! caller sees, and the totals. Alarm counts follow the alarm permissions of spec section 6: equipment of rule
//! type 00 needs `monitor_equipinfo_menu_alarm`, 01 `monitor_designer_menu_alarm`; without it the count is null
//! (not zero: the caller is not told there is nothing). Open repair orders are counted for those who may handle
//! repair orders (`monitor_multi_designer_repair` or `manage`), null otherwise; so are overdue inspection worksheets.

use crate::AppState;
use crate::answers::ops_center as answer;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::permission;

/// `POST /lfscada/ops/center/query {keyword?}` → `{totals, equipment: [{id, equipName, openAlarms,
/// unconfirmedAlarms, openOrders, overdueWorksheets}]}`, busiest first.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let keyword = params.trimmed("keyword")?;
    let auths = &current.user.auths;
    let rule_types: Vec<&str> = permission::ALARMS_BY_RULE_TYPE
        .into_iter()
        .filter(|(_, needed)| permission::has(auths, needed))
        .map(|(rule_type, _)| rule_type)
        .collect();
    let orders = crate::access::may_handle_repairs(auths);
    let loads = state
        .store
        .ops_center(&current.viewer(), &rule_types, orders, Some(&keyword), ironsight_store::now_ms())
        .await?;
    Ok(ApiOk::new(answer::OpsCenter::from_loads(loads, !rule_types.is_empty(), orders)))
}

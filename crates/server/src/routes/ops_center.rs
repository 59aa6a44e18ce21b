//! The operating centre in the route table: the organisation's equipment at a glance.

use super::*;
use crate::api::ops_center;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![route!(POST "/lfscada/ops/center/query", ops_center::query, "ops.center.query", Session [],
    "What is open per equipment the caller sees, busiest first: {totals: {equipment, openAlarms, unconfirmedAlarms, \
     openOrders}, equipment: [{id, equipName, openAlarms, unconfirmedAlarms, openOrders}]}; alarm counts are null \
     where the caller lacks the rule type's alarm permission, order counts without the repair permission.", [
        text("keyword").max(limits::SEARCH_KEYWORD_CHARS).doc("Part of the equipment name"),
    ])]
}

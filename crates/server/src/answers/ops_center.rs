//! The operating centre's answer: totals and one row per equipment.

use super::answer_from_row;
use ironsight_store::ops_center;
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// What is open on one equipment (null: its alarms are not the caller's to see).
    pub struct EquipmentLoad from ops_center::EquipmentLoad {
        pub id: i64,
        pub equip_name: String,
        pub open_alarms: Option<i64>,
        pub unconfirmed_alarms: Option<i64>,
        pub open_orders: Option<i64>,
        pub overdue_worksheets: Option<i64>,
    }
}

/// The sums over the equipment listed (null when the caller may see no alarms, or no repair orders, at all).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OpsTotals {
    pub equipment: usize,
    pub open_alarms: Option<i64>,
    pub unconfirmed_alarms: Option<i64>,
    pub open_orders: Option<i64>,
    pub overdue_worksheets: Option<i64>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct OpsCenter {
    pub totals: OpsTotals,
    pub equipment: Vec<EquipmentLoad>,
}

impl OpsCenter {
    pub fn from_loads(loads: Vec<ops_center::EquipmentLoad>, alarms_visible: bool, orders_visible: bool) -> OpsCenter {
        let sum = |visible: bool, pick: fn(&ops_center::EquipmentLoad) -> Option<i64>| {
            visible.then(|| loads.iter().filter_map(pick).sum())
        };
        OpsCenter {
            totals: OpsTotals {
                equipment: loads.len(),
                open_alarms: sum(alarms_visible, |l| l.open_alarms),
                unconfirmed_alarms: sum(alarms_visible, |l| l.unconfirmed_alarms),
                open_orders: sum(orders_visible, |l| l.open_orders),
                overdue_worksheets: sum(orders_visible, |l| l.overdue_worksheets),
            },
            equipment: loads.into_iter().map(EquipmentLoad::from).collect(),
        }
    }
}

//! Repair work orders (docs/work-orders.md): the list's rows, an order with its steps and pictures, the people an
//! order may be dispatched to.

use super::answer_from_row;
use ironsight_store::repairs;
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// An order (spec section 3 "Work orders": number, problem description, repairer, repair content, creator,
    /// creation time, status), with the equipment it is on and the alarm it was made from.
    pub struct RepairOrder from repairs::RepairOrder {
        pub id: i64,
        pub number: String,
        pub equipment_id: i64,
        pub equip_name: String,
        pub alarm_id: Option<i64>,
        pub signal_title: String,
        pub description: String,
        #[ts(type = "\"pending\" | \"dispatched\" | \"received\" | \"finished\" | \"early-finish\"")]
        pub status: String,
        pub creator_id: i64,
        pub creator_name: String,
        pub repairer_id: Option<i64>,
        pub repairer_name: Option<String>,
        pub content: String,
        pub gmt_create: i64,
        pub gmt_update: i64,
    }
}

answer_from_row! {
    /// One step taken on an order: who, when, from which status to which, with the remark given, and whom it
    /// named (a dispatch's or a redispatch's repairer; null otherwise).
    pub struct RepairStep from repairs::RepairStepRow {
        pub id: i64,
        pub user_id: i64,
        pub user_name: String,
        /// `create`, `dispatch`, `redispatch`, `receive`, `finish`, `earlyFinish`.
        pub action: String,
        pub from_status: String,
        pub to_status: String,
        pub remark: String,
        pub gmt_create: i64,
        pub assignee_name: Option<String>,
    }
}

answer_from_row! {
    /// A picture of an order, served at `path` to those who may see the order.
    pub struct RepairPicture from repairs::RepairPicture {
        pub id: i64,
        pub path: String,
        pub uploaded_by: i64,
        pub gmt_create: i64,
    }
}

/// `ops/repair/info`: the order, its steps oldest first and its pictures.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RepairOrderDetail {
    pub order: RepairOrder,
    pub steps: Vec<RepairStep>,
    pub pictures: Vec<RepairPicture>,
}

/// `ops/repair/add`: the new order's id and number.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RepairCreated {
    pub id: i64,
    pub number: String,
}

/// `ops/repair/users`: a person an order on the equipment may be dispatched to (the name only).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RepairUser {
    pub user_id: i64,
    pub loginname: String,
}

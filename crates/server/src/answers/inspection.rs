//! Inspection work orders (docs/work-orders.md, the inspection half): items, plans, worksheets with their items,
//! results and steps, and an equipment's inspection records.

use super::answer_from_row;
use ironsight_store::{inspection, worksheets};
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// A checklist item of the organisation.
    pub struct InspectionItem from inspection::InspectionItem {
        pub id: i64,
        pub name: String,
        /// What to check.
        pub content: String,
        #[ts(type = "\"check\" | \"number\" | \"text\"")]
        pub kind: String,
        pub min_value: Option<f64>,
        pub max_value: Option<f64>,
        pub unit: String,
        pub enabled: bool,
        /// How many plans check it (then it cannot be deleted, only disabled).
        pub plans: i64,
        pub gmt_create: i64,
        pub gmt_update: i64,
    }
}

answer_from_row! {
    /// An equipment of a route, or an item of a plan: its id and name.
    pub struct Named from inspection::Named {
        pub id: i64,
        pub name: String,
    }
}

/// A plan: the route, the items, the inspector and the schedule (China time).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct InspectionPlan {
    pub id: i64,
    pub name: String,
    pub inspector_id: i64,
    pub inspector_name: String,
    #[ts(type = "\"daily\" | \"weekly\" | \"monthly\"")]
    pub frequency: String,
    /// Weekday 1 (Monday) to 7, day of the month 1 to 28, or 0 (daily).
    pub day: i64,
    /// Minutes after midnight.
    pub minute: i64,
    pub allowed_hours: i64,
    pub enabled: bool,
    pub creator_id: i64,
    pub creator_name: String,
    pub equipment: Vec<Named>,
    pub items: Vec<Named>,
    pub gmt_create: i64,
    pub gmt_update: i64,
}

impl From<inspection::InspectionPlan> for InspectionPlan {
    fn from(p: inspection::InspectionPlan) -> InspectionPlan {
        InspectionPlan {
            id: p.id,
            name: p.name,
            inspector_id: p.inspector_id,
            inspector_name: p.inspector_name,
            frequency: p.frequency,
            day: p.day,
            minute: p.minute,
            allowed_hours: p.allowed_hours,
            enabled: p.enabled,
            creator_id: p.creator_id,
            creator_name: p.creator_name,
            equipment: p.equipment.into_iter().map(Named::from).collect(),
            items: p.items.into_iter().map(Named::from).collect(),
            gmt_create: p.gmt_create,
            gmt_update: p.gmt_update,
        }
    }
}

/// A worksheet (spec section 3 "Inspection: inspector, status, time, remark, result"), with `overdue` computed:
/// not started and past its deadline.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Worksheet {
    pub id: i64,
    pub number: String,
    pub plan_id: Option<i64>,
    pub plan_name: String,
    pub inspector_id: i64,
    pub inspector_name: String,
    pub due_at: i64,
    pub deadline: i64,
    #[ts(type = "\"not-started\" | \"aborted\" | \"normal\" | \"abnormal\"")]
    pub status: String,
    pub overdue: bool,
    pub remark: String,
    pub gmt_submit: Option<i64>,
    pub gmt_create: i64,
    pub gmt_update: i64,
    pub equipment: Vec<Named>,
}

impl Worksheet {
    pub fn at(w: worksheets::Worksheet, now: i64) -> Worksheet {
        let status = ironsight_domain::inspection::InspectionStatus::parse(&w.status);
        let overdue = status.is_some_and(|s| ironsight_domain::inspection::is_overdue(s, w.deadline, now));
        Worksheet {
            id: w.id,
            number: w.number,
            plan_id: w.plan_id,
            plan_name: w.plan_name,
            inspector_id: w.inspector_id,
            inspector_name: w.inspector_name,
            due_at: w.due_at,
            deadline: w.deadline,
            status: w.status,
            overdue,
            remark: w.remark,
            gmt_submit: w.gmt_submit,
            gmt_create: w.gmt_create,
            gmt_update: w.gmt_update,
            equipment: w.equipment.into_iter().map(Named::from).collect(),
        }
    }
}

answer_from_row! {
    /// An item as the worksheet copied it when generated.
    pub struct WorksheetItem from worksheets::WorksheetItem {
        pub id: i64,
        pub name: String,
        pub content: String,
        #[ts(type = "\"check\" | \"number\" | \"text\"")]
        pub kind: String,
        pub min_value: Option<f64>,
        pub max_value: Option<f64>,
        pub unit: String,
    }
}

answer_from_row! {
    /// One result: an item on an equipment, its value, remark and judgement, and the repair order made from it.
    pub struct WorksheetResult from worksheets::WorksheetResult {
        pub id: i64,
        pub equipment_id: i64,
        pub item_id: i64,
        pub value: String,
        pub remark: String,
        pub abnormal: bool,
        pub repair_order_id: Option<i64>,
    }
}

/// `ops/inspection/worksheet/info`: the worksheet, its items, its results, its steps oldest first, and the steps
/// the caller may take now.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WorksheetDetail {
    pub worksheet: Worksheet,
    pub items: Vec<WorksheetItem>,
    pub results: Vec<WorksheetResult>,
    pub steps: Vec<super::repair::RepairStep>,
    /// `save`, `submit`, `abort`: what the caller may do now.
    pub actions: Vec<String>,
}

answer_from_row! {
    /// A submitted result about one equipment (its detail's inspection records).
    pub struct InspectionRecord from worksheets::InspectionRecord {
        pub worksheet_id: i64,
        pub number: String,
        pub status: String,
        pub inspector_name: String,
        pub gmt_submit: Option<i64>,
        pub item_name: String,
        pub kind: String,
        pub unit: String,
        pub value: String,
        pub remark: String,
        pub abnormal: bool,
        pub repair_order_id: Option<i64>,
    }
}

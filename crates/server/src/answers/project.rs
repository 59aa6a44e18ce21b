//! Projects: named sets of equipment.

use super::answer_from_row;
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// A row of `/lfscada/project/query`.
    pub struct ProjectSummary from ironsight_store::projects::ProjectSummary {
        pub id: i64,
        pub name: String,
        pub remark: String,
        /// How many of its equipment the caller sees.
        pub equipment_count: i64,
        /// Last change (ms).
        pub updated: i64,
    }
}

answer_from_row! {
    /// An equipment by name (a project's members, the group tree).
    pub struct EquipmentName from ironsight_store::monitor::EquipmentName {
        pub id: i64,
        pub equip_name: String,
    }
}

/// `/lfscada/project/info`: one project with its equipment by name.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Project {
    pub id: i64,
    pub name: String,
    pub remark: String,
    pub equipment: Vec<EquipmentName>,
}

impl From<ironsight_store::projects::Project> for Project {
    fn from(p: ironsight_store::projects::Project) -> Project {
        Project {
            id: p.id,
            name: p.name,
            remark: p.remark,
            equipment: p.equipment.into_iter().map(EquipmentName::from).collect(),
        }
    }
}

answer_from_row! {
    /// A project's intermediate variable (`/lfscada/project/mvar/query`, `/queryAll`; docs/mvars.md).
    pub struct Mvar from ironsight_store::mvars::Mvar {
        pub id: i64,
        pub project_id: i64,
        pub name: String,
        /// `sum`, `avg`, `min`, `max` or `custom`.
        pub calc: String,
        /// The custom formula over `${equipmentId.signalId}` placeholders; empty for an aggregate.
        pub formula: String,
        /// An aggregate's signals; for a formula, its placeholders' signals in order, each once.
        pub signal_ids: Vec<i64>,
        pub unit: String,
        /// Decimal places shown.
        pub decimals: i64,
        /// Last change (ms).
        pub updated: i64,
    }
}

/// `/lfscada/project/mvar/validFormulaVar`: a formula the project can compute.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FormulaChecked {
    /// The placeholders' signals in order, each once.
    pub signal_ids: Vec<i64>,
}

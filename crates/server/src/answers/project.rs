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

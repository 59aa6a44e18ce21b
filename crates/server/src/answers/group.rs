//! Groups of equipment.

use super::answer_from_row;
use super::project::EquipmentName;
use ironsight_store::monitor as store;
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// A row of `/lfscada/monitor/group/query`.
    pub struct Group from store::Group {
        pub id: i64,
        pub name: String,
        /// How many of its equipment the caller sees.
        pub equipment_count: i64,
    }
}

/// An entry of `/lfscada/monitor/group/equipment/queryAllByGroup`: a group with its equipment by name; the last
/// entry, id 0 and no name, holds the ungrouped equipment.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GroupWithEquipment {
    pub id: i64,
    pub name: String,
    pub equipment: Vec<EquipmentName>,
}

impl From<store::GroupWithEquipment> for GroupWithEquipment {
    fn from(g: store::GroupWithEquipment) -> GroupWithEquipment {
        GroupWithEquipment {
            id: g.id,
            name: g.name,
            equipment: g.equipment.into_iter().map(EquipmentName::from).collect(),
        }
    }
}

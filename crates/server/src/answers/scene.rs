//! A scene's board.

use super::answer_from_row;
use super::monitor::MapCard;
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// A row of `/lfscada/scene/query`.
    pub struct SceneSummary from ironsight_store::scenes::SceneSummary {
        pub id: i64,
        pub name: String,
        /// How many of its equipment the caller sees.
        pub equipment_count: i64,
        /// Last change (ms).
        pub updated: i64,
    }
}

/// `/lfscada/scene/info`: one scene with its cards in the chosen order, each with the latest values of its first
/// signals.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Scene {
    pub id: i64,
    pub name: String,
    pub equipment: Vec<MapCard>,
}

impl Scene {
    pub fn new(s: ironsight_store::scenes::Scene, link_up: bool) -> Scene {
        Scene { id: s.id, name: s.name, equipment: s.equipment.into_iter().map(|m| MapCard::new(m, link_up)).collect() }
    }
}

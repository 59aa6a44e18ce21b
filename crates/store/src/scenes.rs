//! Scenes: named boards of chosen equipment cards, in a chosen order. Organisation-wide, names unique within the
//! organisation. The cards themselves are read by [`Store::equipment_cards`] (with [`CardQuery::ids`]), never by a
//! query of their own.

use crate::Store;
use crate::access::Viewer;
pub use crate::equipment_sets::SaveError;
use crate::equipment_sets::{SCENES, placeholders};
use crate::monitor::{CardQuery, KeyValue, MapCard, key_value_from_row, key_values_sql};
use sqlx::Row;
use std::collections::HashMap;

/// How many signals' latest values a scene card shows.
pub const SCENE_KEY_VALUES: i64 = 6;

/// A scene as the scene list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneSummary {
    pub id: i64,
    pub name: String,
    pub equipment_count: i64,
    /// Last change (ms).
    pub updated: i64,
}

/// One scene with its cards in the chosen order, each with the latest values of its first signals.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub id: i64,
    pub name: String,
    pub equipment: Vec<MapCard>,
}

impl Store {
    /// The organisation's scenes by name, each with its number of equipment the viewer sees.
    pub async fn scenes(&self, viewer: &Viewer) -> anyhow::Result<Vec<SceneSummary>> {
        let rows = sqlx::query(&format!(
            "SELECT s.id, s.name, s.updated_ms, \
             (SELECT COUNT(*) FROM scene_equipment m WHERE m.scene_id = s.id{}) AS equipment_count \
             FROM scenes s WHERE s.org_id = $1 ORDER BY s.name, s.id",
            viewer.grant_sql_on("m.equipment_id")
        ))
        .bind(viewer.org_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SceneSummary {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    equipment_count: r.try_get("equipment_count")?,
                    updated: r.try_get("updated_ms")?,
                })
            })
            .collect()
    }

    /// One scene of the organisation with the cards the viewer sees, in the chosen order.
    pub async fn scene(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Scene>> {
        let Some(row) = SCENES.find(self.pool(), viewer.org_id, id).await? else {
            return Ok(None);
        };
        let ids: Vec<i64> =
            sqlx::query_scalar("SELECT equipment_id FROM scene_equipment WHERE scene_id = $1 ORDER BY position")
                .bind(id)
                .fetch_all(self.pool())
                .await?;
        let query = CardQuery { ids: Some(ids.clone()), ..CardQuery::new(*viewer) };
        let mut cards: HashMap<i64, _> =
            self.equipment_cards(&query).await?.list.into_iter().map(|c| (c.id, c)).collect();
        // Only the cards the viewer sees are asked for values.
        let seen: Vec<i64> = ids.iter().copied().filter(|id| cards.contains_key(id)).collect();
        let mut values = self.key_values(viewer.org_id, &seen, SCENE_KEY_VALUES).await?;
        let equipment = ids
            .iter()
            .filter_map(|id| cards.remove(id))
            .map(|card| {
                let key_values = values.remove(&card.id).unwrap_or_default();
                MapCard { card, key_values }
            })
            .collect();
        Ok(Some(Scene { id: row.try_get("id")?, name: row.try_get("name")?, equipment }))
    }

    /// The latest values of the first `per_equipment` signals (by id) of each of the organisation's `ids`.
    pub async fn key_values(
        &self,
        org_id: i64,
        ids: &[i64],
        per_equipment: i64,
    ) -> anyhow::Result<HashMap<i64, Vec<KeyValue>>> {
        let mut values: HashMap<i64, Vec<KeyValue>> = HashMap::new();
        if ids.is_empty() {
            return Ok(values);
        }
        let sql = key_values_sql(&format!("e.id IN ({})", placeholders(3, ids.len())));
        let mut query = sqlx::query(&sql).bind(org_id).bind(per_equipment);
        for id in ids {
            query = query.bind(*id);
        }
        for r in &query.fetch_all(self.pool()).await? {
            values.entry(r.try_get("equipment_id")?).or_default().push(key_value_from_row(r)?);
        }
        Ok(values)
    }

    /// Adds a scene with its equipment in this order (distinct ids).
    pub async fn add_scene(&self, org_id: i64, name: &str, ids: &[i64]) -> anyhow::Result<Result<i64, SaveError>> {
        SCENES.add(self, org_id, name, &[], ids).await
    }

    /// Renames a scene and replaces its equipment (distinct ids, in this order).
    pub async fn edit_scene(
        &self,
        org_id: i64,
        id: i64,
        name: &str,
        ids: &[i64],
    ) -> anyhow::Result<Result<(), SaveError>> {
        SCENES.edit(self, org_id, id, name, &[], ids).await
    }

    /// Deletes a scene (its equipment stays); false without such a scene.
    pub async fn delete_scene(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        SCENES.delete(self, org_id, id).await
    }
}

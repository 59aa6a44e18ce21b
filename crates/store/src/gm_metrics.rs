//! What the Sparkplug host application stores (docs/gm-equipment.md): the metrics each edge node's and device's
//! births announced (`gm_metrics`), the sources' presence, adoption of a device as an equipment, and the routes
//! from an adopted device's metrics to its signals.
//!
//! None of these reads is scoped by a [`crate::access::Viewer`]: the host application is the server itself, and
//! the calls that show discovered metrics or adopt a device check the source against the caller first (the route
//! table's guard on the source id) and then pass its id.

use crate::equipment::{EquipmentFields, bind_fields};
use crate::signals::name_of;
use crate::{Store, now_ms};
use ironsight_protocol::payload::SignalDef;
use sqlx::Row;

/// A registered Sparkplug edge node, as the host application places messages by their group and node ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SparkplugNode {
    pub source_id: i64,
    pub org_id: i64,
    pub group_id: String,
    pub node_id: String,
}

/// A registered JSON device, as the server places messages by their topic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonDevice {
    pub source_id: i64,
    pub org_id: i64,
    pub topic_prefix: String,
    /// Its data rule as stored (a checked `RuleDoc`), `None` until one is saved.
    pub data_rule: Option<String>,
}

/// One metric as a birth announced it.
#[derive(Clone, Debug, PartialEq)]
pub struct AnnouncedMetric {
    pub name: String,
    /// The Sparkplug datatype's name (`Int32`, `Double`, `Boolean`, …).
    pub datatype: String,
    /// The engineering unit; '' when the birth gave none.
    pub unit: String,
    pub eng_low: Option<f64>,
    pub eng_high: Option<f64>,
}

/// One metric of a source's device (`device_id` '' for the edge node's own metrics) as last announced.
#[derive(Clone, Debug, PartialEq)]
pub struct DiscoveredMetric {
    pub device_id: String,
    pub metric: AnnouncedMetric,
}

/// Where a value of an adopted device's metric goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmRoute {
    pub source_id: i64,
    pub device_id: String,
    /// The metric's name (the signal's `source_key`).
    pub metric: String,
    pub signal_id: i64,
    pub equipment_id: i64,
}

/// Why a device was not adopted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdoptConflict {
    /// The device already is an equipment.
    Adopted,
    /// The source is not the organisation's (deleted meanwhile).
    NoSource,
}

/// What adopting a device needs: the source and device, the new equipment's fields, its signals (each with the
/// metric it is fed by), and the limited sub-account to grant it to, if the adopter is one.
pub struct Adoption<'a> {
    pub org_id: i64,
    pub source_id: i64,
    pub device_id: &'a str,
    pub fields: &'a EquipmentFields,
    /// Each signal and its `source_key` (the metric's name).
    pub signals: &'a [(SignalDef, String)],
    pub grant_to: Option<i64>,
}

impl Store {
    /// Every registered Sparkplug edge node.
    pub async fn sparkplug_nodes(&self) -> anyhow::Result<Vec<SparkplugNode>> {
        let rows = sqlx::query(
            "SELECT id, org_id, group_id, node_id FROM gm_sources WHERE kind = 'sparkplug' \
             AND group_id IS NOT NULL AND node_id IS NOT NULL",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SparkplugNode {
                    source_id: r.try_get("id")?,
                    org_id: r.try_get("org_id")?,
                    group_id: r.try_get("group_id")?,
                    node_id: r.try_get("node_id")?,
                })
            })
            .collect()
    }

    /// Every registered JSON device.
    pub async fn json_devices(&self) -> anyhow::Result<Vec<JsonDevice>> {
        let rows = sqlx::query(
            "SELECT id, org_id, topic_prefix, data_rule FROM gm_sources WHERE kind = 'json' AND topic_prefix IS NOT NULL",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(JsonDevice {
                    source_id: r.try_get("id")?,
                    org_id: r.try_get("org_id")?,
                    topic_prefix: r.try_get("topic_prefix")?,
                    data_rule: r.try_get("data_rule")?,
                })
            })
            .collect()
    }

    /// A birth of source `source_id`'s device (`''`: the node's own): its metrics replace what the device's
    /// previous birth announced, keeping when each was first seen.
    pub async fn record_birth(
        &self,
        source_id: i64,
        device_id: &str,
        metrics: &[AnnouncedMetric],
        born_ms: i64,
    ) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        for m in metrics {
            sqlx::query(
                "INSERT INTO gm_metrics (source_id, device_id, name, datatype, unit, eng_low, eng_high, first_seen_ms, \
                 born_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (source_id, device_id, name) DO UPDATE \
                 SET datatype = excluded.datatype, unit = excluded.unit, eng_low = excluded.eng_low, \
                 eng_high = excluded.eng_high, born_ms = excluded.born_ms",
            )
            .bind(source_id)
            .bind(device_id)
            .bind(&m.name)
            .bind(&m.datatype)
            .bind(&m.unit)
            .bind(m.eng_low)
            .bind(m.eng_high)
            .bind(born_ms)
            .persistent(false) // binds Option<f64>: see the crate docs
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("DELETE FROM gm_metrics WHERE source_id = $1 AND device_id = $2 AND born_ms <> $3")
            .bind(source_id)
            .bind(device_id)
            .bind(born_ms)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A source's presence: online or not, and when it was last heard from.
    pub async fn set_gm_source_presence(&self, source_id: i64, online: bool, seen_ms: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE gm_sources SET online = $1, last_seen_ms = $2 WHERE id = $3")
            .bind(i64::from(online))
            .bind(seen_ms)
            .bind(source_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Whether adopted device `device` of source `source_id` is alive (between its birth and its death); `None`:
    /// every device of the source (its node's death).
    pub async fn set_gm_device_alive(&self, source_id: i64, device: Option<&str>, alive: bool) -> anyhow::Result<()> {
        let mut sql = String::from("UPDATE equipment SET gm_alive = $1 WHERE gm_source_id = $2");
        if device.is_some() {
            sql.push_str(" AND gm_device = $3");
        }
        let mut query = sqlx::query(&sql).bind(i64::from(alive)).bind(source_id);
        if let Some(device) = device {
            query = query.bind(device);
        }
        query.execute(self.pool()).await?;
        Ok(())
    }

    /// When a source was last heard from, its presence unchanged.
    pub async fn touch_gm_source(&self, source_id: i64, seen_ms: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE gm_sources SET last_seen_ms = $1 WHERE id = $2")
            .bind(seen_ms)
            .bind(source_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// At start-up every source is offline: the host application knows a node only from its next birth.
    pub async fn mark_all_gm_sources_offline(&self) -> anyhow::Result<()> {
        sqlx::query("UPDATE gm_sources SET online = 0 WHERE online <> 0").execute(self.pool()).await?;
        Ok(())
    }

    /// What source `source_id`'s births announced, by device then metric name.
    pub async fn gm_discovered(&self, source_id: i64) -> anyhow::Result<Vec<DiscoveredMetric>> {
        let rows = sqlx::query(
            "SELECT device_id, name, datatype, unit, eng_low, eng_high FROM gm_metrics WHERE source_id = $1 \
             ORDER BY device_id, name",
        )
        .bind(source_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(DiscoveredMetric {
                    device_id: r.try_get("device_id")?,
                    metric: AnnouncedMetric {
                        name: r.try_get("name")?,
                        datatype: r.try_get("datatype")?,
                        unit: r.try_get("unit")?,
                        eng_low: r.try_get("eng_low")?,
                        eng_high: r.try_get("eng_high")?,
                    },
                })
            })
            .collect()
    }

    /// The equipment adopted from source `source_id`: (device id, equipment id).
    pub async fn gm_adopted(&self, source_id: i64) -> anyhow::Result<Vec<(String, i64)>> {
        let rows = sqlx::query("SELECT gm_device, id FROM equipment WHERE gm_source_id = $1 AND gm_device IS NOT NULL")
            .bind(source_id)
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(|r| Ok((r.try_get("gm_device")?, r.try_get("id")?))).collect()
    }

    /// Adopts a device: the equipment, its signals, its link to the source and device, and the adopter's grant,
    /// in one transaction. Answers the new equipment's id, or why not (nothing is written then).
    pub async fn adopt_gm_device(&self, a: &Adoption<'_>) -> anyhow::Result<Result<i64, AdoptConflict>> {
        let mut tx = self.begin_write().await?;
        let source: Option<i64> = sqlx::query_scalar("SELECT id FROM gm_sources WHERE id = $1 AND org_id = $2")
            .bind(a.source_id)
            .bind(a.org_id)
            .fetch_optional(&mut *tx)
            .await?;
        if source.is_none() {
            return Ok(Err(AdoptConflict::NoSource));
        }
        let adopted: Option<i64> =
            sqlx::query_scalar("SELECT id FROM equipment WHERE gm_source_id = $1 AND gm_device = $2")
                .bind(a.source_id)
                .bind(a.device_id)
                .fetch_optional(&mut *tx)
                .await?;
        if adopted.is_some() {
            return Ok(Err(AdoptConflict::Adopted));
        }
        let now = now_ms();
        let query = sqlx::query(
            "INSERT INTO equipment (equip_name, display, rule_type, model, manufacturer, address, latitude, longitude, \
             remark, updated_ms, org_id, created_ms, gm_source_id, gm_device) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $12, $13) RETURNING id",
        );
        let inserted = bind_fields(query, a.fields, now)
            .bind(a.org_id)
            .bind(a.source_id)
            .bind(a.device_id)
            .persistent(false)
            .fetch_one(&mut *tx)
            .await;
        let equipment_id: i64 = match inserted {
            Ok(row) => row.try_get("id")?,
            // Another adoption of the same device committed first (the unique index decides).
            Err(e) if crate::is_unique_violation(&e) => return Ok(Err(AdoptConflict::Adopted)),
            Err(e) => return Err(e.into()),
        };
        for (seq, (s, key)) in a.signals.iter().enumerate() {
            sqlx::query(
                "INSERT INTO signals (equipment_id, seq, name, area, address, data_type, byte_order, word_order, scale, \
                 value_offset, unit, decimals, writable, min_value, max_value, value_map, source_key) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, '', $16)",
            )
            .bind(equipment_id)
            .bind(seq as i64)
            .bind(s.name.trim())
            .bind(name_of(&s.area))
            .bind(i64::from(s.address))
            .bind(name_of(&s.data_type))
            .bind(name_of(&s.byte_order))
            .bind(name_of(&s.word_order))
            .bind(s.scale)
            .bind(s.offset)
            .bind(&s.unit)
            .bind(i64::from(s.decimals))
            .bind(i64::from(s.writable))
            .bind(s.min)
            .bind(s.max)
            .bind(key)
            .persistent(false) // binds Option<f64>: see the crate docs
            .execute(&mut *tx)
            .await?;
        }
        if let Some(user_id) = a.grant_to {
            sqlx::query("INSERT INTO equipment_grants (user_id, equipment_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(user_id)
                .bind(equipment_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Ok(equipment_id))
    }

    /// Every adopted device's metric that feeds a signal.
    pub async fn gm_routes(&self) -> anyhow::Result<Vec<GmRoute>> {
        let rows = sqlx::query(
            "SELECT e.gm_source_id, e.gm_device, s.source_key, s.id AS signal_id, e.id AS equipment_id \
             FROM equipment e JOIN signals s ON s.equipment_id = e.id \
             WHERE e.gm_source_id IS NOT NULL AND e.gm_device IS NOT NULL AND s.source_key IS NOT NULL",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(GmRoute {
                    source_id: r.try_get("gm_source_id")?,
                    device_id: r.try_get("gm_device")?,
                    metric: r.try_get("source_key")?,
                    signal_id: r.try_get("signal_id")?,
                    equipment_id: r.try_get("equipment_id")?,
                })
            })
            .collect()
    }
}

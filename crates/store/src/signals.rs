//! Signal definitions per equipment, saved as a whole list so the set is validated together (no overlaps) and
//! the gateway receives a consistent configuration. Ids stay stable across saves: history and alarms refer to them.

use crate::Store;
use crate::access::Viewer;
use ironsight_domain::value_map::{StateText, normalised};
use ironsight_protocol::payload::SignalDef;
use serde::de::DeserializeOwned;
use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;
use std::collections::HashSet;

/// Why a save was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum SaveSignalsError {
    /// The organisation has no such equipment.
    NoEquipment,
    /// Entry `index` names a signal id that is not one of this equipment's.
    ForeignId { index: usize },
}

/// An enumeration as its wire name (`holding_register`, `float32`, …).
pub(crate) fn name_of<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

fn parse_name<T: DeserializeOwned>(text: String) -> Result<T, sqlx::Error> {
    serde_json::from_value(Value::String(text)).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

fn signal_from_row(r: &AnyRow) -> Result<SignalDef, sqlx::Error> {
    Ok(SignalDef {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        area: parse_name(r.try_get("area")?)?,
        address: u16::try_from(r.try_get::<i64, _>("address")?).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        data_type: parse_name(r.try_get("data_type")?)?,
        byte_order: parse_name(r.try_get("byte_order")?)?,
        word_order: parse_name(r.try_get("word_order")?)?,
        scale: r.try_get("scale")?,
        offset: r.try_get("value_offset")?,
        unit: r.try_get("unit")?,
        decimals: u8::try_from(r.try_get::<i64, _>("decimals")?).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        writable: r.try_get::<i64, _>("writable")? != 0,
        min: r.try_get("min_value")?,
        max: r.try_get("max_value")?,
        value_map: value_map_from(&r.try_get::<String, _>("value_map")?),
    })
}

/// A stored value map; an unreadable one reads as none (it is presentation only, and every save checks it).
pub(crate) fn value_map_from(text: &str) -> Vec<StateText> {
    if text.is_empty() { Vec::new() } else { serde_json::from_str(text).unwrap_or_default() }
}

/// A value map as stored: its normalised JSON, or '' for none.
fn value_map_text(map: &[StateText]) -> String {
    if map.is_empty() { String::new() } else { serde_json::to_string(&normalised(map)).unwrap_or_default() }
}

const COLUMNS: &str = "id, name, area, address, data_type, byte_order, word_order, scale, value_offset, unit, decimals, \
    writable, min_value, max_value, value_map";

impl Store {
    /// The signals of equipment `equipment_id`, in their saved order; `None` when the viewer has no such equipment.
    pub async fn signals(&self, viewer: &Viewer, equipment_id: i64) -> anyhow::Result<Option<Vec<SignalDef>>> {
        if !self.equipment_visible(viewer, equipment_id).await? {
            return Ok(None);
        }
        let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM signals WHERE equipment_id = $1 ORDER BY seq, id"))
            .bind(equipment_id)
            .fetch_all(self.pool())
            .await?;
        Ok(Some(rows.iter().map(signal_from_row).collect::<Result<_, _>>()?))
    }

    /// Replaces the equipment's signal list in one transaction. Entries with id 0 are new; entries with an id keep
    /// it; signals missing from the list are deleted. Answers the ids in list order. The list must already have
    /// passed `ironsight_protocol::validate::signals`.
    pub async fn save_signals(
        &self,
        viewer: &Viewer,
        equipment_id: i64,
        list: &[SignalDef],
    ) -> anyhow::Result<Result<Vec<i64>, SaveSignalsError>> {
        let mut tx = self.begin_write().await?;
        let sql = format!("SELECT id FROM equipment WHERE org_id = $1 AND id = $2{}", viewer.grant_sql("equipment"));
        let owned: Option<i64> =
            sqlx::query_scalar(&sql).bind(viewer.org_id).bind(equipment_id).fetch_optional(&mut *tx).await?;
        if owned.is_none() {
            return Ok(Err(SaveSignalsError::NoEquipment));
        }
        let existing: HashSet<i64> = sqlx::query_scalar("SELECT id FROM signals WHERE equipment_id = $1")
            .bind(equipment_id)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .collect();
        if let Some(index) = list.iter().position(|s| s.id != 0 && !existing.contains(&s.id)) {
            return Ok(Err(SaveSignalsError::ForeignId { index }));
        }
        let kept: HashSet<i64> = list.iter().map(|s| s.id).filter(|id| *id != 0).collect();
        for gone in existing.difference(&kept) {
            sqlx::query("DELETE FROM signals WHERE id = $1").bind(gone).execute(&mut *tx).await?;
        }
        let mut ids = Vec::with_capacity(list.len());
        for (seq, s) in list.iter().enumerate() {
            let values = (
                name_of(&s.area),
                name_of(&s.data_type),
                name_of(&s.byte_order),
                name_of(&s.word_order),
                i64::from(s.writable),
            );
            let query = if s.id == 0 {
                "INSERT INTO signals (equipment_id, seq, name, area, address, data_type, byte_order, word_order, scale, \
                 value_offset, unit, decimals, writable, min_value, max_value, value_map) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id"
            } else {
                "UPDATE signals SET seq = $2, name = $3, area = $4, address = $5, data_type = $6, byte_order = $7, \
                 word_order = $8, scale = $9, value_offset = $10, unit = $11, decimals = $12, writable = $13, \
                 min_value = $14, max_value = $15, value_map = $16 WHERE equipment_id = $1 AND id = $17 RETURNING id"
            };
            let mut statement = sqlx::query_scalar::<_, i64>(query)
                .bind(equipment_id)
                .bind(seq as i64)
                .bind(s.name.trim())
                .bind(values.0)
                .bind(i64::from(s.address))
                .bind(values.1)
                .bind(values.2)
                .bind(values.3)
                .bind(s.scale)
                .bind(s.offset)
                .bind(&s.unit)
                .bind(i64::from(s.decimals))
                .bind(values.4)
                .bind(s.min)
                .bind(s.max)
                .bind(value_map_text(&s.value_map))
                .persistent(false); // binds Option<f64>: see the crate docs
            if s.id != 0 {
                statement = statement.bind(s.id);
            }
            ids.push(statement.fetch_one(&mut *tx).await?);
        }
        tx.commit().await?;
        Ok(Ok(ids))
    }
}

/// A signal with the equipment it belongs to and the gateway that equipment is bound to.
#[derive(Clone, Debug)]
pub struct OwnedSignal {
    pub signal: SignalDef,
    pub equipment_id: i64,
    pub equip_name: String,
    pub gateway_sn: Option<String>,
    pub gateway_online: bool,
    /// The Sparkplug metric that feeds it, when its equipment is an adopted device.
    pub gm: Option<GmMetricRef>,
    /// The JSON device and the rule's key that feed it, when its equipment is an adopted JSON device.
    pub json: Option<(i64, String)>,
}

/// Where an adopted device's signal comes from: the edge node, the device (`''`: the node's own metrics) and the
/// metric (the signal's `source_key`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmMetricRef {
    pub source_id: i64,
    pub group_id: String,
    pub node_id: String,
    pub device_id: String,
    pub metric: String,
}

impl Store {
    /// Signal `signal_id` when it belongs to equipment the viewer may see.
    pub async fn owned_signal(&self, viewer: &Viewer, signal_id: i64) -> anyhow::Result<Option<OwnedSignal>> {
        let columns = COLUMNS.split(", ").map(|c| format!("s.{c}")).collect::<Vec<_>>().join(", ");
        let row = sqlx::query(&format!(
            "SELECT {columns}, e.id AS equipment_id, e.equip_name, g.sn AS gateway_sn, g.online AS gateway_online, \
             s.source_key, e.gm_source_id, e.gm_device, gs.group_id AS gm_group, gs.node_id AS gm_node \
             FROM signals s JOIN equipment e ON e.id = s.equipment_id LEFT JOIN gateways g ON g.id = e.gateway_id \
             LEFT JOIN gm_sources gs ON gs.id = e.gm_source_id WHERE e.org_id = $1 AND s.id = $2{}",
            viewer.grant_sql("e")
        ))
        .bind(viewer.org_id)
        .bind(signal_id)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok(OwnedSignal {
                signal: signal_from_row(&r)?,
                equipment_id: r.try_get("equipment_id")?,
                equip_name: r.try_get("equip_name")?,
                gateway_sn: r.try_get("gateway_sn")?,
                gateway_online: r.try_get::<Option<i64>, _>("gateway_online")?.unwrap_or(0) != 0,
                gm: gm_metric_ref(&r)?,
                json: json_key(&r)?,
            })
        })
        .transpose()
    }
}

/// The JSON device and key of an owned signal's row: a source without Sparkplug ids is a JSON device.
fn json_key(r: &AnyRow) -> Result<Option<(i64, String)>, sqlx::Error> {
    let parts = (
        r.try_get::<Option<i64>, _>("gm_source_id")?,
        r.try_get::<Option<String>, _>("gm_group")?,
        r.try_get::<Option<String>, _>("source_key")?,
    );
    Ok(match parts {
        (Some(source_id), None, Some(key)) => Some((source_id, key)),
        _ => None,
    })
}

/// The Sparkplug metric of an owned signal's row, when every part of it is there.
fn gm_metric_ref(r: &AnyRow) -> Result<Option<GmMetricRef>, sqlx::Error> {
    let parts = (
        r.try_get::<Option<i64>, _>("gm_source_id")?,
        r.try_get::<Option<String>, _>("gm_group")?,
        r.try_get::<Option<String>, _>("gm_node")?,
        r.try_get::<Option<String>, _>("gm_device")?,
        r.try_get::<Option<String>, _>("source_key")?,
    );
    Ok(match parts {
        (Some(source_id), Some(group_id), Some(node_id), Some(device_id), Some(metric)) => {
            Some(GmMetricRef { source_id, group_id, node_id, device_id, metric })
        }
        _ => None,
    })
}

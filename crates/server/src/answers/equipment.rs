//! Equipment as the management list, its form and the EG detail see it.

use super::gateway::Gateway;
use crate::answers::presence::Presence;
use serde::Serialize;
use ts_rs::TS;

/// A row of `/lfscada/equipment/multi/query` and the answer of `/lfscada/equipment/multi/info`: the editable
/// fields, the binding (with the gateway's name and state), group, driver and times.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Equipment {
    pub id: i64,
    pub equip_name: String,
    /// `list` (signal list) or `page` (a configuration page); the only values the forms accept.
    #[ts(type = "\"list\" | \"page\"")]
    pub display: String,
    /// `00` or `01` (the spec's rule types).
    pub rule_type: String,
    pub model: String,
    pub manufacturer: String,
    pub address: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub remark: String,
    /// Serial number of the bound gateway, if any.
    pub gateway_sn: Option<String>,
    /// Name of the bound gateway, if any.
    pub gateway_name: Option<String>,
    /// Online as far as the server can vouch: its gateway's presence, or a GM equipment's own; false with neither.
    pub online: bool,
    pub presence: Presence,
    /// How it reaches the console: `eg` (behind a gateway), `sparkplug` or `json` (GM equipment).
    #[ts(type = "\"eg\" | \"sparkplug\" | \"json\"")]
    pub protocol: String,
    /// The GM collection source it was adopted from, and that source's name; null for EG equipment.
    pub gm_source_id: Option<i64>,
    pub gm_source_name: Option<String>,
    /// Driver settings (`{kind, …}`, the protocol crate's `DriverConfig`), if set.
    #[ts(type = "Record<string, unknown> | null")]
    pub driver: Option<serde_json::Value>,
    /// Path the equipment's picture is served at (`/userimg/<file>`), empty when it has none.
    pub image: String,
    /// The monitor group it is in, if any, and that group's name.
    pub group_id: Option<i64>,
    pub group_name: Option<String>,
    /// The service subscription's expiry date (`YYYY-MM-DD`, China time); null when none is set.
    pub expire_date: Option<String>,
    pub gmt_create: i64,
    pub gmt_modified: i64,
}

impl Equipment {
    pub fn new(e: ironsight_store::equipment::Equipment, link_up: bool) -> Equipment {
        let presence = Presence::of(link_up, e.online);
        let f = e.fields;
        Equipment {
            id: e.id,
            equip_name: f.equip_name,
            display: f.display,
            rule_type: f.rule_type,
            model: f.model,
            manufacturer: f.manufacturer,
            address: f.address,
            latitude: f.latitude,
            longitude: f.longitude,
            remark: f.remark,
            gateway_sn: e.gateway_sn,
            gateway_name: e.gateway_name,
            online: presence == Presence::Online,
            presence,
            protocol: e.protocol.as_str().to_owned(),
            gm_source_id: e.gm_source_id,
            gm_source_name: e.gm_source_name,
            driver: e.driver,
            image: e.image,
            group_id: e.group_id,
            group_name: e.group_name,
            expire_date: e.expire_date,
            gmt_create: e.gmt_create,
            gmt_modified: e.gmt_modified,
        }
    }
}

/// `/lfscada/monitor/multi/equipment/detailInfo`: the equipment, its gateway and its number of signals.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EquipmentDetail {
    pub equipment: Equipment,
    pub gateway: Option<Gateway>,
    pub signal_count: usize,
}

/// `/lfscada/equipment/multi/image/upload`: the stored picture's path.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ImageStored {
    pub image: String,
}

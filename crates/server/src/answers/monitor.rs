//! Equipment cards: the monitor's card and map lists and a scene's board.

use crate::answers::presence::Presence;
use ironsight_domain::value_map::StateText;
use ironsight_store::monitor as store;
use serde::Serialize;
use ts_rs::TS;

/// One equipment as the monitor lists show it: its fields, its gateway's state, its alarms and freshness, and
/// the caller's marks.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub id: i64,
    pub equip_name: String,
    pub display: String,
    pub rule_type: String,
    pub model: String,
    pub manufacturer: String,
    pub address: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// Path of the equipment's picture (`/userimg/<file>`), empty when none.
    pub image: String,
    pub gateway_sn: Option<String>,
    /// Online as far as the server can vouch: its gateway's presence, or a GM equipment's own; false with neither.
    pub online: bool,
    pub presence: Presence,
    /// How it reaches the console: `eg` (behind a gateway), `sparkplug` or `json` (GM equipment).
    #[ts(type = "\"eg\" | \"sparkplug\" | \"json\"")]
    pub protocol: String,
    /// The GM collection source it was adopted from (`/monitor/gm/ocInfo/{id}`); null for EG equipment.
    pub gm_source_id: Option<i64>,
    pub vpn: bool,
    /// 0–100 when the gateway reports one.
    pub signal_strength: Option<i64>,
    /// Alarms of the equipment not yet released.
    pub alarm_count: i64,
    /// Time of the newest stored reading of any of its signals (ms), if any.
    pub last_update: Option<i64>,
    /// The caller follows (stars) it.
    pub follow: bool,
    /// The caller stuck (pinned) it to the top.
    pub stick: bool,
    pub group_id: Option<i64>,
    pub group_name: Option<String>,
    pub gmt_create: i64,
    /// The page the monitor opens when `display` is `page` (the equipment's home page); null without pages.
    pub home_page_id: Option<i64>,
}

impl Card {
    pub fn new(c: store::Card, link_up: bool) -> Card {
        let presence = Presence::of(link_up, c.online);
        Card {
            id: c.id,
            equip_name: c.equip_name,
            display: c.display,
            rule_type: c.rule_type,
            model: c.model,
            manufacturer: c.manufacturer,
            address: c.address,
            latitude: c.latitude,
            longitude: c.longitude,
            image: c.image,
            gateway_sn: c.gateway_sn,
            online: presence == Presence::Online,
            presence,
            protocol: c.protocol.as_str().to_owned(),
            gm_source_id: c.gm_source_id,
            vpn: c.vpn,
            signal_strength: c.signal_strength,
            alarm_count: c.alarm_count,
            last_update: c.last_update,
            follow: c.follow,
            stick: c.stick,
            group_id: c.group_id,
            group_name: c.group_name,
            gmt_create: c.gmt_create,
            home_page_id: c.home_page_id,
        }
    }
}

/// Whether the device vouched for a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Quality {
    Good,
    Bad,
}

/// The latest value of one signal, as a map card or a scene card shows it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KeyValue {
    pub signal_id: i64,
    pub name: String,
    pub value: Option<f64>,
    pub unit: String,
    /// Time of the value (ms); null when the signal has reported nothing yet.
    pub time: Option<i64>,
    /// Null with no value yet.
    pub quality: Option<Quality>,
    /// The state the value is in (its text in both languages and colour), when the signal's value map names it.
    pub state: Option<StateText>,
}

impl From<store::KeyValue> for KeyValue {
    fn from(k: store::KeyValue) -> KeyValue {
        KeyValue {
            signal_id: k.signal_id,
            name: k.name,
            value: k.value,
            unit: k.unit,
            time: k.time,
            quality: k.good.map(|good| if good { Quality::Good } else { Quality::Bad }),
            state: k.state,
        }
    }
}

/// A card with the latest values of its first signals (the map, a scene).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MapCard {
    #[serde(flatten)]
    pub card: Card,
    pub key_values: Vec<KeyValue>,
}

impl MapCard {
    pub fn new(m: store::MapCard, link_up: bool) -> MapCard {
        MapCard { card: Card::new(m.card, link_up), key_values: m.key_values.into_iter().map(KeyValue::from).collect() }
    }
}

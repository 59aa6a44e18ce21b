//! Messages and sharing: what a user is told and how an equipment is shared.

use super::answer_from_row;
use ironsight_store::{messages, shares};
use serde::Serialize;
use ts_rs::TS;

/// A message as the console receives it (spec section 3: type, title, note, gmtCreate, id, dataId, dataStatus,
/// equipType, alarmId, alarmBroadcastTimes); `titleEn`, `equipId` (the equipment it is about) and `read` are
/// ours.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    /// `alarm`, `notice`, …
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub title_en: String,
    pub note: String,
    pub gmt_create: i64,
    pub data_id: String,
    pub data_status: String,
    pub equip_type: String,
    pub alarm_id: Option<i64>,
    pub alarm_broadcast_times: i64,
    pub equip_id: Option<i64>,
    pub read: bool,
}

/// What a mark or delete answers: how many messages changed state.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct Changed {
    pub changed: u64,
}

impl From<messages::Message> for Message {
    fn from(m: messages::Message) -> Message {
        Message {
            id: m.id,
            kind: m.kind,
            title: m.title,
            title_en: m.title_en,
            note: m.note,
            gmt_create: m.gmt_create,
            data_id: m.data_id,
            data_status: m.data_status,
            equip_type: m.equip_type,
            alarm_id: m.alarm_id,
            alarm_broadcast_times: m.alarm_broadcast_times,
            equip_id: m.equip_id,
            read: m.read,
        }
    }
}

answer_from_row! {
    /// `/lfscada/equipment/multi/share/info`: the sharing settings (whether a password is set, never its hash).
    pub struct ShareInfo from shares::ShareInfo {
        pub equip_id: i64,
        pub enabled: bool,
        pub has_password: bool,
        #[ts(type = "\"view\" | \"control\"")]
        pub auth: String,
    }
}

/// `/lfscada/msg/getExpireById`: what an expire message is about, as it stands now (the date may have been changed
/// or cleared since the message was sent).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExpireDetail {
    /// `equipment` (its service subscription) or `gateway` (the gateway service).
    #[ts(type = "\"equipment\" | \"gateway\"")]
    pub target_type: String,
    pub target_id: i64,
    pub name: String,
    /// The equipment to open: the equipment itself, or one the gateway serves (null when it serves none).
    pub equipment_id: Option<i64>,
    /// The gateway's serial number (a gateway only): its screen is opened by it.
    pub gateway_sn: Option<String>,
    /// The current expiry date (`YYYY-MM-DD`, China time); null once cleared.
    pub expire_date: Option<String>,
    /// Days from today (China time) to the expiry date; negative once expired; null without a date.
    pub days_left: Option<i64>,
}

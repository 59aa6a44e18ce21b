//! Alarm rules and alarm records.

use super::answer_from_row;
use ironsight_domain::Lang;
use ironsight_domain::alarm::Symbol;
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// `/lfscada/equipment/multi/alarm/rule/query`: a rule with the signal it watches.
    pub struct AlarmRule from ironsight_store::alarms::AlarmRule {
        pub id: i64,
        pub signal_id: i64,
        pub signal_title: String,
        pub symbol: Symbol,
        pub value: f64,
        pub deadband: f64,
        /// ms the condition must hold before the rule triggers.
        pub delay: i64,
        /// 1 (most urgent) to 3.
        pub level: i64,
        pub msg_zh: String,
        pub msg_en: String,
        pub enabled: bool,
    }
}

/// A row of `/lfscada/monitor/multi/alarm/query` and the answer of a confirmation: the spec's alarm columns
/// (equipTitle, type, gmtTrigger, gmtRelease, value, msg) with the message in the caller's language.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AlarmRecord {
    pub id: i64,
    pub equip_id: i64,
    pub equip_title: String,
    /// The signal the alarm is about (null for a gateway's silence).
    pub signal_id: Option<i64>,
    pub signal_title: String,
    pub rule_id: Option<i64>,
    /// `signal` (a rule fired) or `no_data` (the signal or gateway went silent).
    #[serde(rename = "type")]
    #[ts(type = "\"signal\" | \"no_data\"")]
    pub kind: String,
    pub level: i64,
    pub gmt_trigger: i64,
    pub gmt_release: Option<i64>,
    /// The value that triggered (null for no-data alarms).
    pub value: Option<f64>,
    /// The message in the caller's language.
    pub msg: String,
    pub msg_zh: String,
    pub msg_en: String,
    pub confirmed_by: Option<i64>,
    pub confirm_user: Option<String>,
    pub gmt_confirm: Option<i64>,
    pub released: bool,
    pub confirmed: bool,
}

impl AlarmRecord {
    pub fn new(r: ironsight_store::alarms::AlarmRecord, lang: Lang) -> AlarmRecord {
        let msg = if lang == Lang::En { r.msg_en.clone() } else { r.msg_zh.clone() };
        AlarmRecord {
            id: r.id,
            equip_id: r.equip_id,
            equip_title: r.equip_title,
            signal_id: r.signal_id,
            signal_title: r.signal_title,
            rule_id: r.rule_id,
            kind: r.kind,
            level: r.level,
            released: r.gmt_release.is_some(),
            confirmed: r.gmt_confirm.is_some(),
            gmt_trigger: r.gmt_trigger,
            gmt_release: r.gmt_release,
            value: r.value,
            msg,
            msg_zh: r.msg_zh,
            msg_en: r.msg_en,
            confirmed_by: r.confirmed_by,
            confirm_user: r.confirm_user,
            gmt_confirm: r.gmt_confirm,
        }
    }
}

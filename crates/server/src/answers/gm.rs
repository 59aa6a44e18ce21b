//! GM collection sources as the console sees them (docs/gm-equipment.md): Sparkplug B edge nodes and JSON devices,
//! never their secret digests; and the credentials told once when one is registered or its secret rotated.

use crate::answers::presence::Presence;
use ironsight_domain::gm::json_rule::RuleDoc;
use ironsight_store::gm_sources::{GmSource as StoredSource, GmSourceKind};
use serde::Serialize;
use ts_rs::TS;

/// The rows of `/lfscada/gm/node/query` and `/lfscada/gm/json/query`, and `/lfscada/gm/source/info`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GmSource {
    pub id: i64,
    /// `sparkplug` (an edge node) or `json` (a plain JSON device).
    pub kind: String,
    pub name: String,
    /// The Sparkplug group id (edge nodes); null for JSON devices.
    pub group_id: Option<String>,
    /// The Sparkplug edge node id (edge nodes); null for JSON devices.
    pub node_id: Option<String>,
    /// The topic prefix a JSON device publishes at or below; null for edge nodes.
    pub topic_prefix: Option<String>,
    /// The MQTT user name and client id it logs in with.
    pub username: String,
    /// Online as far as the server can vouch: false while its own link to the broker is down.
    pub online: bool,
    pub presence: Presence,
    /// When it was last heard from (ms since the epoch); null when never.
    pub last_seen_ms: Option<i64>,
    pub gmt_create: i64,
    /// A JSON device's data rule; null for edge nodes and until one is saved.
    pub rule: Option<RuleDoc>,
}

impl GmSource {
    /// `link_up`: whether the server's own link to the broker is up.
    pub fn new(s: StoredSource, link_up: bool) -> GmSource {
        let presence = Presence::of(link_up, s.online);
        let kind = s.kind.tag().to_owned();
        let (group_id, node_id, topic_prefix) = match s.kind {
            GmSourceKind::SparkplugNode { group_id, node_id } => (Some(group_id), Some(node_id), None),
            GmSourceKind::JsonDevice { topic_prefix } => (None, None, Some(topic_prefix)),
        };
        GmSource {
            id: s.id,
            kind,
            name: s.name,
            group_id,
            node_id,
            topic_prefix,
            username: s.username,
            online: presence == Presence::Online,
            presence,
            last_seen_ms: s.last_seen_ms,
            gmt_create: s.created_ms,
            // Stored only after `JsonRule::check`; a row that no longer reads (a rule format change) shows none.
            rule: s.data_rule.as_deref().and_then(|text| serde_json::from_str(text).ok()),
        }
    }
}

/// `/lfscada/gm/node/add`, `gm/json/add` and their `rotate`: what the device needs to log in. The secret is told
/// this once; the server keeps only its digest.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GmCredentials {
    pub id: i64,
    /// The MQTT user name, which is also the client id the device must use.
    pub username: String,
    pub secret: String,
    /// The MQTT broker's URL as this console's caller reaches it.
    pub broker: String,
}

/// `/lfscada/gm/json/rule/try`: what a data rule reads in a sample message.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RuleTried {
    /// Why nothing was read (the sample is not JSON); null when it was.
    pub problem: Option<String>,
    /// The reading's time (ms since the epoch): from the message by the rule's time path, else the server's clock.
    pub t: Option<i64>,
    /// Why the message's time could not be read.
    pub time_problem: Option<String>,
    pub values: Vec<SignalTried>,
    /// The write id the sample echoes at the command's reply path.
    pub reply_id: Option<String>,
}

/// One signal of [`RuleTried`]: its value after scale and offset, or why there is none.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SignalTried {
    pub key: String,
    pub path: String,
    pub value: Option<f64>,
    pub problem: Option<String>,
}

/// One device of `/lfscada/gm/discovered/query`: what the edge node's births announced for it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GmDevice {
    /// The Sparkplug device id; '' for the edge node's own metrics.
    pub device_id: String,
    /// The equipment adopted from it; null while it is not adopted.
    pub equip_id: Option<i64>,
    pub metrics: Vec<GmMetric>,
}

/// One metric of a [`GmDevice`], as its latest birth announced it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GmMetric {
    pub name: String,
    /// The Sparkplug datatype (`Int32`, `Double`, `Boolean`, `String`, …).
    pub datatype: String,
    /// The engineering unit; '' when none was announced.
    pub unit: String,
    pub eng_low: Option<f64>,
    pub eng_high: Option<f64>,
    /// Adoption makes it a signal (numbers and booleans; texts and structured types are not kept as history).
    pub signal: bool,
}

/// `/lfscada/gm/source/stats`: a source's traffic since `since` (when the server started; kept in memory only).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GmSourceStats {
    /// When counting started (ms since the epoch).
    pub since: i64,
    pub messages: u64,
    /// Messages in the last full minute.
    pub last_minute: u64,
    /// Its reporting interval as observed (ms); null until it has spoken twice.
    pub interval_ms: Option<i64>,
    /// Metrics of a datatype not read (DataSet, Template, arrays, …).
    pub unsupported: u64,
    /// Metrics whose definition or value could not be used.
    pub invalid: u64,
    /// Messages that could not be read at all.
    pub malformed: u64,
    /// Births that changed a metric's datatype (its signal keeps the old one).
    pub datatype_changes: u64,
    /// Values dated ahead of the server's clock, stored at their arrival.
    pub future: u64,
    /// Values that are not numbers, not stored.
    pub not_numeric: u64,
    /// The newest bad messages first.
    pub bad_messages: Vec<GmBadMessage>,
}

/// One message that could not be (wholly) used.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GmBadMessage {
    /// When it arrived (ms since the epoch).
    pub at: i64,
    pub topic: String,
    /// Why, in the reader's language.
    pub problem: String,
    /// Its start: as text when it is UTF-8, else in hexadecimal.
    pub sample: String,
}

impl GmSourceStats {
    /// `lang`: the reader's, for the problems.
    pub fn new(s: crate::link::gm_stats::SourceStats, lang: ironsight_domain::Lang) -> GmSourceStats {
        let c = s.counters;
        GmSourceStats {
            since: s.since_ms,
            messages: s.messages,
            last_minute: s.last_minute,
            interval_ms: s.interval_ms,
            unsupported: c.unsupported,
            invalid: c.invalid,
            malformed: c.malformed,
            datatype_changes: c.datatype_changes,
            future: c.future,
            not_numeric: c.not_numeric,
            bad_messages: s
                .bad_messages
                .into_iter()
                .map(|b| GmBadMessage {
                    at: b.at_ms,
                    problem: b.problem.text(lang).to_owned(),
                    topic: b.topic,
                    sample: b.sample,
                })
                .collect(),
        }
    }
}

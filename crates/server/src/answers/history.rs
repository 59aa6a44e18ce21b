//! What the history and track calls answer: stored readings over a time range (`monitor/multi/history/query`,
//! `monitor/multi/track/query`). Both are written straight to text (`ApiOk::serialised`): 200,000 points as a
//! tree of JSON values would cost more than the query.

use ironsight_domain::track::TrackPoint;
use serde::Serialize;
use ts_rs::TS;

/// `history/query`'s answer.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HistoryAnswer<'a> {
    pub start_time: i64,
    pub end_time: i64,
    pub series: Vec<HistorySeries<'a>>,
    /// A project's intermediate variables (`monitor/project/history/query` with `mvarIds`); absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<MvarSeries>>")]
    pub mvar_series: Vec<MvarSeries>,
}

/// One intermediate variable's history: a variable is computed, not stored, so its history is its value per period
/// (a minute over a range of up to two days, an hour beyond), worked out from its signals' roll-ups as reports are.
/// `points` are `[period start, value]`, null for a period without one.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MvarSeries {
    pub mvar_id: i64,
    pub name: String,
    pub unit: String,
    pub decimals: i64,
    /// The statistic each period's value is (avg when the variable's rule allows it, else its last value).
    pub statistic: ironsight_domain::rollup::Statistic,
    /// The period: 60,000 or 3,600,000 ms.
    pub step_ms: i64,
    pub points: Vec<(i64, Option<f64>)>,
}

/// One signal's history: `points` are `[t, v, good]`, or two per bucket (low, then high) when `bucketMs` is set.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HistorySeries<'a> {
    pub signal_id: i64,
    pub signal_title: &'a str,
    pub equip_id: i64,
    pub equip_title: &'a str,
    pub unit: &'a str,
    pub decimals: u8,
    /// Rows stored in the range (may exceed the points answered).
    pub rows: i64,
    pub bucket_ms: Option<i64>,
    /// Already JSON, as the store reads it (time in ms, value, good quality).
    #[ts(type = "Array<[number, number | null, boolean]>")]
    pub points: Box<serde_json::value::RawValue>,
}

/// `track/query`'s answer: the (thinned) path, how many points the whole path had, and whether it was thinned.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TrackAnswer {
    pub latitude_signal_id: i64,
    pub longitude_signal_id: i64,
    pub points: Vec<TrackPoint>,
    /// Points of the whole path before the server thinned it.
    pub total: usize,
    pub simplified: bool,
}

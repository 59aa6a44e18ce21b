//! Report definitions.

use super::answer_from_row;

answer_from_row! {
    /// A row of `/lfscada/equipment/multi/report/query`, and the `report` of a report's data.
    pub struct Report from ironsight_store::reports::Report {
        pub id: i64,
        pub equipment_id: i64,
        pub name: String,
        /// The period of one row (ms).
        pub period_ms: i64,
        pub signal_ids: Vec<i64>,
        pub gmt_create: i64,
    }
}

/// A column of a report's data: one signal of the report.
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportColumn {
    pub signal_id: i64,
    pub signal_title: String,
    pub unit: String,
    pub decimals: u8,
}

/// A row of a report's data: one period, by its start (ms), with the last value of each column's signal in it,
/// keyed by signal id (absent when the signal recorded none; null when its last value was not a number).
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportRow {
    pub time: i64,
    pub values: std::collections::BTreeMap<String, Option<f64>>,
}

/// `/lfscada/monitor/multi/report/queryCols`: a page of a report's periods, newest first.
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportData {
    pub report: Report,
    pub cols: Vec<ReportColumn>,
    pub rows: Vec<ReportRow>,
    /// How many periods the range holds (over all pages).
    pub total: i64,
}

//! Reports: definitions and a view's table.

use super::answer_from_row;
use ironsight_domain::report::ColumnDef;
use ironsight_domain::rollup::Statistic;

answer_from_row! {
    /// A row of `/lfscada/monitor/multi/report/queryAll`, and the `report` of a report's table.
    pub struct Report from ironsight_store::reports::Report {
        pub id: i64,
        pub equipment_id: i64,
        pub name: String,
        /// The step a range view is cut in (ms).
        pub period_ms: i64,
        pub columns: Vec<ColumnDef>,
        pub gmt_create: i64,
    }
}

/// A column of a report's table: the signal, as it is now, and what is read of it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportColumn {
    pub signal_id: i64,
    pub signal_title: String,
    pub unit: String,
    pub decimals: u8,
    pub statistic: Statistic,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wraps_at: Option<f64>,
}

/// A row of a report's table: one period `[start, end)` (ms), the shift's name in a shifts view, whether it is
/// still running (its values are so far), and a value per column in the columns' order (`null`: no good reading
/// in the period).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportRow {
    pub start: i64,
    pub end: i64,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shift: Option<String>,
    pub running: bool,
    pub values: Vec<Option<f64>>,
}

/// `/lfscada/monitor/multi/report/queryCols`: a view of a report, oldest period first (a range view a page of
/// them).
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportData {
    pub report: Report,
    pub cols: Vec<ReportColumn>,
    pub rows: Vec<ReportRow>,
    /// How many periods the view holds (over all pages).
    pub total: i64,
}

answer_from_row! {
    /// A row of `/lfscada/monitor/project/custom/report/queryAll`, and the `report` of a custom report's table.
    pub struct CustomReport from ironsight_store::custom_reports::CustomReport {
        pub id: i64,
        pub project_id: i64,
        pub name: String,
        /// The step a range view is cut in (ms).
        pub period_ms: i64,
        pub columns: Vec<ironsight_domain::report::CustomColumnDef>,
        pub gmt_create: i64,
    }
}

/// A column of a custom report's table: a signal of an equipment of the project, or an intermediate variable,
/// as they are named now.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CustomReportColumn {
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equipment_id: Option<i64>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signal_id: Option<i64>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mvar_id: Option<i64>,
    /// The equipment's name and the signal's (`Pump · Flow`), or the variable's name.
    pub title: String,
    pub unit: String,
    pub decimals: i64,
    pub statistic: Statistic,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wraps_at: Option<f64>,
}

/// `/lfscada/monitor/project/custom/report/data/query` and `queryAllForCurve`: a view of a custom report.
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CustomReportData {
    pub report: CustomReport,
    pub cols: Vec<CustomReportColumn>,
    pub rows: Vec<ReportRow>,
    /// How many periods the view holds (over all pages).
    pub total: i64,
}

/// A signal a report column may read.
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportSignal {
    pub signal_id: i64,
    pub name: String,
    pub unit: String,
    pub decimals: u8,
}

/// `/lfscada/project/report/col/item/queryEquips`: an equipment of the project with the signals a custom report's
/// column may read.
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReportEquipment {
    pub equipment_id: i64,
    pub equip_name: String,
    pub signals: Vec<ReportSignal>,
}

answer_from_row! {
    /// A report generated on schedule (`…/report/archive/query`): a closed day (`view` `day`, `period`
    /// `YYYY-MM-DD`) or month (`month`, `YYYY-MM`) of China time, `[start, end)`, and when it was made.
    pub struct ArchivedReport from ironsight_store::report_archive::ArchiveEntry {
        pub view: String,
        pub period: String,
        pub start: i64,
        pub end: i64,
        pub generated_ms: i64,
    }
}

/// `/lfscada/monitor/multi/report/archive/info`: a generated report with its table as `queryCols` answered it when
/// it was made.
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
pub struct ReportArchive {
    pub archive: ArchivedReport,
    pub cols: Vec<ReportColumn>,
    pub rows: Vec<ReportRow>,
}

/// `/lfscada/monitor/project/custom/report/archive/info`: a generated custom report with its table.
#[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
pub struct CustomReportArchive {
    pub archive: ArchivedReport,
    pub cols: Vec<CustomReportColumn>,
    pub rows: Vec<ReportRow>,
}

//! Configuration pages as lists show them (the document itself goes out as saved, see `api::pages::info`).

use super::answer_from_row;
use serde::Serialize;
use serde_json::value::RawValue;
use ts_rs::TS;

answer_from_row! {
    /// A row of `/lfscada/configuration/page/query` and the answer of `queryHome`.
    pub struct PageSummary from ironsight_store::pages::PageSummary {
        pub id: i64,
        pub equipment_id: i64,
        pub title: String,
        pub width: i64,
        pub height: i64,
        /// Last change, ms since the epoch.
        pub updated: i64,
    }
}

/// `/lfscada/configuration/page/info`: a page with its document.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageWithDocument<'a> {
    pub id: i64,
    pub equipment_id: i64,
    pub title: &'a str,
    pub width: i64,
    pub height: i64,
    pub updated: i64,
    /// The document goes out as the JSON text it was saved as: no tree is built, and its key order is kept
    /// (docs/page-document.md).
    #[ts(type = "unknown")]
    pub document: &'a RawValue,
}

/// `/lfscada/configuration/page/save`: the saved document's time, the version a next save is based on.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct PageSaved {
    pub updated: i64,
}

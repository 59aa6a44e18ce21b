//! Configuration pages as lists show them (the document itself goes out as saved, see `api::pages::info`).

use super::answer_from_row;
use serde::Serialize;
use serde_json::value::RawValue;
use ts_rs::TS;

answer_from_row! {
    /// A row of `/lfscada/configuration/page/query`, `/lfscada/project/page/query` and the answer of `queryHome`.
    pub struct PageSummary from ironsight_store::pages::PageSummary {
        pub id: i64,
        /// The page's owner: its equipment or its project (exactly one is set).
        pub equipment_id: Option<i64>,
        pub project_id: Option<i64>,
        pub title: String,
        pub width: i64,
        pub height: i64,
        /// Last change, ms since the epoch.
        pub updated: i64,
        /// Whether the viewer asks for the page's password first.
        pub protected: bool,
        /// The owner's home page: the one the monitor opens for equipment shown as a configuration page, or for
        /// the project.
        pub home: bool,
    }
}

/// `/lfscada/configuration/page/info`: a page with its document.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageWithDocument<'a> {
    pub id: i64,
    /// The page's owner: its equipment or its project (exactly one is set).
    pub equipment_id: Option<i64>,
    pub project_id: Option<i64>,
    pub title: &'a str,
    pub width: i64,
    pub height: i64,
    pub updated: i64,
    pub protected: bool,
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

answer_from_row! {
    /// A row of `/lfscada/configuration/page/versions`: one kept version of a page, newest first.
    pub struct PageVersion from ironsight_store::pages::PageVersion {
        /// The page's `updated` after that save, ms since the epoch: names the version.
        pub saved: i64,
        /// The name of the user who saved it.
        pub saved_by: String,
        /// Widgets in it, group children included.
        pub widgets: i64,
        /// Size of its document, in bytes.
        pub bytes: i64,
    }
}

/// `/lfscada/configuration/page/version`: the document of one kept version.
#[derive(Serialize, TS)]
pub struct PageVersionDocument<'a> {
    pub saved: i64,
    /// As it was saved, like the page's own document.
    #[ts(type = "unknown")]
    pub document: &'a RawValue,
}

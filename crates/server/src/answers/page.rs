//! Configuration pages as lists show them (the document itself goes out as saved, see `api::pages::info`).

use super::answer_from_row;

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

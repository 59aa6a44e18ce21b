//! The system screens: gateway hardware, the model library, announcements, the operation log.

use super::answer_from_row;
use ironsight_store::{external_pages, oplog, system};
use serde::Serialize;
use ts_rs::TS;

answer_from_row! {
    /// A row of `/lfscada/gateway/hardware/query`: one gateway model and firmware in use. Empty texts: never
    /// reported.
    pub struct Hardware from system::Hardware {
        pub model: String,
        pub firmware: String,
        /// How many of the organisation's gateways run it.
        pub gateways: i64,
        pub online: i64,
    }
}

answer_from_row! {
    /// A row of `/lfscada/equipment/model/query`.
    pub struct ModelSummary from system::ModelSummary {
        pub id: i64,
        pub name: String,
        pub manufacturer: String,
        pub signal_count: i64,
        /// Last change (ms).
        pub updated: i64,
    }
}

/// `/lfscada/equipment/model/info`: a model with its signal list.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    pub id: i64,
    pub name: String,
    pub manufacturer: String,
    pub remark: String,
    /// The protocol's signal definitions, ids 0 (a template's signals belong to no equipment).
    #[ts(type = "Array<unknown>")]
    pub signals: serde_json::Value,
    pub signal_count: i64,
    pub updated: i64,
}

impl From<system::Model> for Model {
    fn from(m: system::Model) -> Model {
        Model {
            id: m.id,
            name: m.name,
            manufacturer: m.manufacturer,
            remark: m.remark,
            signals: m.signals,
            signal_count: m.signal_count,
            updated: m.updated,
        }
    }
}

answer_from_row! {
    /// A row of `/lfscada/equipment/model/equipment`: where a model may be applied (no signals) or made from.
    pub struct EquipmentSignalCount from system::EquipmentSignalCount {
        pub id: i64,
        pub equip_name: String,
        pub signal_count: i64,
    }
}

answer_from_row! {
    /// A row of `/lfscada/announcement/query`.
    pub struct Announcement from system::Announcement {
        pub id: i64,
        pub title: String,
        pub content: String,
        #[ts(type = "\"draft\" | \"published\" | \"withdrawn\"")]
        pub status: String,
        pub gmt_create: i64,
        pub gmt_publish: Option<i64>,
    }
}

answer_from_row! {
    /// A row of `/lfscada/user/operationlog/queryByObjectId`.
    pub struct Operation from oplog::Operation {
        pub id: i64,
        pub user_id: Option<i64>,
        pub loginname: String,
        pub action: String,
        pub object_type: String,
        pub object_id: String,
        /// `success` or the refusal's code.
        pub result: String,
        /// The caller's address.
        pub address: String,
        pub gmt_create: i64,
    }
}

/// `/lfscada/announcement/publish`: how many users were sent the notice.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct Published {
    pub messages: usize,
}

/// `/lfscada/announcement/withdraw`: how many unread notices were removed.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct Withdrawn {
    pub removed: u64,
}

answer_from_row! {
    /// A row of `/lfscada/system/frame/list`: an external page the console frames under Manage (docs/frame.md).
    pub struct ExternalPage from external_pages::ExternalPage {
        pub id: i64,
        pub title: String,
        /// An absolute http(s) address; its origin is one the console's Content-Security-Policy names.
        pub url: String,
    }
}

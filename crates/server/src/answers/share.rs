//! What a share link's visitor is told (`/lfscada/share/*`): the visit, the equipment with its signals, and the
//! pages the visitor may open. The owner's side of a share (its settings) is [`super::message::ShareInfo`].

use super::page::PageSummary;
use super::signal::SignalEntry;
use serde::Serialize;
use ts_rs::TS;

/// `{equipId, equipName, auth}`: what an open share session (or `share/info`) tells the visitor.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ShareVisit {
    pub equip_id: i64,
    pub equip_name: String,
    /// What the visitor may do: look, or also write values.
    #[ts(type = "\"view\" | \"control\"")]
    pub auth: String,
}

/// `share/info`: the visit and the equipment's signals.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SharedEquipment {
    #[serde(flatten)]
    pub visit: ShareVisit,
    pub signals: Vec<SignalEntry>,
}

/// `share/pages`: how the equipment is shown first and the pages the visitor may open.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SharePages {
    /// The equipment's display: `page` opens its home page first, `list` its realtime table.
    pub display: String,
    /// Its pages without their own password, oldest first (`home` marks its home page).
    pub pages: Vec<PageSummary>,
}

//! The EZVIZ calls' answers: the organisation's linked key (never its secret) and a camera's live address.

use serde::Serialize;
use ts_rs::TS;

/// `/lfscada/ezviz/key/query`: the app key, and only whether a secret is stored: the secret itself never leaves
/// the server.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EzvizKeyInfo {
    /// The linked app key; empty when none is linked.
    pub app_key: String,
    pub secret_set: bool,
}

/// `/lfscada/ezviz/live/address` and `/lfscada/ezviz/live/preview`: the camera's HLS address and when it expires.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EzvizLiveAddress {
    pub url: String,
    /// When the address expires (ms since the epoch): the widget asks again before.
    pub expire_time: i64,
}

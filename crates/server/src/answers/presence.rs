//! What the console may say about a gateway's connection. A gateway's `online` in the database is what the server
//! last heard; while the server's own link to the broker is down it hears nothing, so it cannot vouch for any
//! gateway: the answers then say `presence: "unknown"` (and `online: false`, so nothing offers a write that would
//! fail a minute later), and commands are refused at once with 1302 (`api::monitor::require_link`).

use serde::Serialize;
use ts_rs::TS;

/// A gateway's connection as the console shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Presence {
    Online,
    Offline,
    /// The server's link to the broker is down: the gateway may be up or not.
    Unknown,
}

impl Presence {
    pub fn of(link_up: bool, online: bool) -> Presence {
        match (link_up, online) {
            (false, _) => Presence::Unknown,
            (true, true) => Presence::Online,
            (true, false) => Presence::Offline,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_gateway_is_online_while_the_link_is_down() {
        assert_eq!(Presence::of(false, true), Presence::Unknown);
        assert_eq!(Presence::of(false, false), Presence::Unknown);
        assert_eq!(Presence::of(true, true), Presence::Online);
        assert_eq!(Presence::of(true, false), Presence::Offline);
    }
}

//! What the console may say about a gateway's connection. A gateway's `online` in the database is what the server
//! last heard; while the server's own link to the broker is down it hears nothing, so it cannot vouch for any
//! gateway: the answers then say `presence: "unknown"` (and `online: false`, so nothing offers a write that
//! would fail a minute later), and commands are refused at once with 1302.

use crate::error::ApiError;
use crate::link::Link;
use ironsight_domain::Code;
use serde::Serialize;
use serde_json::Value;

/// A gateway's connection as the console shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

/// `answer` serialised, with every gateway-state object in it vouched for: the answer itself, the rows of its
/// `list` (a page or card list) and its `gateway` (the monitor's detail). An object is a gateway state when it
/// has a boolean `online`.
pub fn vouched(link: &Link, answer: impl Serialize) -> Value {
    let mut value = serde_json::to_value(answer).unwrap_or(Value::Null);
    vouch(link.broker_up(), &mut value);
    value
}

fn vouch(link_up: bool, value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|item| vouch_one(link_up, item)),
        Value::Object(_) => {
            vouch_one(link_up, value);
            for key in ["list", "gateway"] {
                if let Some(inner) = value.get_mut(key) {
                    vouch(link_up, inner);
                }
            }
        }
        _ => {}
    }
}

fn vouch_one(link_up: bool, item: &mut Value) {
    let Some(object) = item.as_object_mut() else { return };
    let Some(online) = object.get("online").and_then(Value::as_bool) else { return };
    let presence = Presence::of(link_up, online);
    object.insert("online".into(), Value::Bool(presence == Presence::Online));
    object.insert("presence".into(), serde_json::to_value(presence).unwrap_or(Value::Null));
}

/// Refuses a command while the server cannot reach the broker (1302), instead of queueing it to time out.
pub fn require_link(link: &Link) -> Result<(), ApiError> {
    if link.broker_up() { Ok(()) } else { Err(ApiError::code(Code::LinkDown)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn no_gateway_is_online_while_the_link_is_down() {
        let mut page = json!({ "total": 2, "list": [{ "sn": "a", "online": true }, { "sn": "b", "online": false }] });
        vouch(false, &mut page);
        assert_eq!(page["list"][0]["online"], false);
        assert_eq!(page["list"][0]["presence"], "unknown");
        assert_eq!(page["list"][1]["presence"], "unknown");

        let mut detail = json!({ "equipment": { "id": 1 }, "gateway": { "online": true }, "signalCount": 3 });
        vouch(true, &mut detail);
        assert_eq!(detail["gateway"]["presence"], "online");
        assert!(detail.get("presence").is_none() && detail["equipment"].get("presence").is_none());

        let mut list = json!([{ "online": false }]);
        vouch(true, &mut list);
        assert_eq!(list[0]["presence"], "offline");
    }
}

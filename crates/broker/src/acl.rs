//! The access rules, as pure functions of an [`Identity`] and a topic or filter, so they can be tested without a
//! socket and read in one place. The broker's hooks only translate rmqtt's types into these calls.
//!
//! The rule (docs/gateway-protocol.md, "Topics"): a gateway owns `ironsight/v1/gw/{sn}/`; it may publish only the
//! four channels it sends (`status`, `data`, `config/ack`, `cmd/result`) and subscribe only to filters that cannot
//! match anything outside its subtree. The server's own client may publish and subscribe anywhere under
//! `ironsight/v1/gw/`, and nowhere else. Everything else is refused.

use ironsight_protocol::topics::{self, ROOT};

use crate::Identity;

/// Whether `identity` may publish on `topic` (also used for the last will, which the broker publishes on the
/// client's behalf when it drops).
pub fn may_publish(identity: &Identity, topic: &str) -> bool {
    if !valid_topic_name(topic) {
        return false;
    }
    match identity {
        Identity::Gateway { sn } => {
            matches!(topics::parse(topic), Some((owner, channel)) if owner == sn && channel.from_gateway())
        }
        Identity::Server => under_root(topic),
    }
}

/// Whether `identity` may subscribe to `filter`. A filter is accepted only when every topic it can match lies in
/// the identity's area; a filter whose wildcard could reach another gateway (`ironsight/v1/gw/+/…`, `#`) is refused
/// as a whole rather than narrowed, so a misconfigured gateway sees a SUBACK failure instead of silence.
pub fn may_subscribe(identity: &Identity, filter: &str) -> bool {
    if !valid_filter(filter) {
        return false;
    }
    match identity {
        Identity::Gateway { sn } => {
            // The first four levels are literal, so the filter can only match topics that start with them.
            topics::valid_sn(sn)
                && filter
                    .strip_prefix(ROOT)
                    .and_then(|rest| rest.strip_prefix('/'))
                    .and_then(|rest| rest.strip_prefix(sn.as_str()))
                    .and_then(|rest| rest.strip_prefix('/'))
                    .is_some_and(|rest| !rest.is_empty())
        }
        Identity::Server => under_root(filter),
    }
}

/// Whether the identity the authority granted fits the CONNECT it was granted for: a gateway must log in with its
/// serial number as user name *and* client id. Tying the client id to the serial number means a gateway cannot take
/// over (kick off) another gateway's session, because MQTT identifies sessions by client id alone.
pub fn identity_fits(identity: &Identity, client_id: &str, username: &str) -> bool {
    match identity {
        Identity::Gateway { sn } => topics::valid_sn(sn) && sn == username && sn == client_id,
        // The server's client is ours; its client id is free (an empty one is refused by rmqtt for persistent
        // sessions and replaced by a random one for clean sessions).
        Identity::Server => true,
    }
}

/// Strictly below `ironsight/v1/gw/` (the root itself is not a topic anybody uses).
fn under_root(topic_or_filter: &str) -> bool {
    topic_or_filter.strip_prefix(ROOT).and_then(|rest| rest.strip_prefix('/')).is_some_and(|rest| !rest.is_empty())
}

/// An MQTT topic name: non-empty, no wildcards, no NUL (MQTT-4.7.3-1, MQTT-1.5.3-2).
fn valid_topic_name(topic: &str) -> bool {
    !topic.is_empty() && !topic.contains(['+', '#', '\0'])
}

/// An MQTT topic filter: non-empty, no NUL, `+` only as a whole level, `#` only as the whole last level
/// (MQTT-4.7.1-2, MQTT-4.7.1-3). Checked here, not left to the codec, so the prefix test above can rely on it.
fn valid_filter(filter: &str) -> bool {
    if filter.is_empty() || filter.contains('\0') {
        return false;
    }
    let levels: Vec<&str> = filter.split('/').collect();
    let last = levels.len() - 1;
    levels.iter().enumerate().all(|(i, level)| match *level {
        "+" => true,
        "#" => i == last,
        other => !other.contains(['+', '#']),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_protocol::topics::{Channel, GatewayTopics};

    fn gw(sn: &str) -> Identity {
        Identity::Gateway { sn: sn.to_owned() }
    }

    #[test]
    fn gateway_publishes_exactly_its_four_outgoing_channels() {
        let me = gw("EG-0001");
        let mine = GatewayTopics::new("EG-0001").unwrap();
        for channel in Channel::ALL {
            assert_eq!(may_publish(&me, &mine.topic(channel)), channel.from_gateway(), "{channel:?}");
        }
    }

    #[test]
    fn gateway_cannot_publish_for_another_gateway_or_outside() {
        let me = gw("EG-0001");
        let other = GatewayTopics::new("EG-0002").unwrap();
        for channel in Channel::ALL {
            assert!(!may_publish(&me, &other.topic(channel)), "{channel:?}");
        }
        for topic in [
            "ironsight/v1/gw/EG-0001",
            "ironsight/v1/gw/EG-0001/",
            "ironsight/v1/gw/EG-0001/unknown",
            "ironsight/v1/gw/EG-0001/data/extra",
            "ironsight/v1/gw/EG-00011/data",
            "ironsight/v1/gw/EG-000/data",
            "ironsight/v1/gw/eg-0001/data",
            "ironsight/v1/gw//data",
            "ironsight/v1/gw/EG-0001//data",
            "ironsight/v1/EG-0001/data",
            "ironsight/v2/gw/EG-0001/data",
            "/ironsight/v1/gw/EG-0001/data",
            "EG-0001/data",
            "$SYS/broker",
            "",
            "ironsight/v1/gw/+/data",
            "ironsight/v1/gw/EG-0001/#",
            "ironsight/v1/gw/EG-0001/data\0",
        ] {
            assert!(!may_publish(&me, topic), "{topic:?}");
        }
    }

    #[test]
    fn gateway_subscribes_only_inside_its_subtree() {
        let me = gw("EG-0001");
        for filter in [
            "ironsight/v1/gw/EG-0001/#",
            "ironsight/v1/gw/EG-0001/+",
            "ironsight/v1/gw/EG-0001/config",
            "ironsight/v1/gw/EG-0001/cmd",
            "ironsight/v1/gw/EG-0001/monitor",
            "ironsight/v1/gw/EG-0001/cmd/+",
            "ironsight/v1/gw/EG-0001/+/ack",
            "ironsight/v1/gw/EG-0001/anything/below",
        ] {
            assert!(may_subscribe(&me, filter), "{filter:?}");
        }
        for filter in [
            "#",
            "+",
            "+/#",
            "ironsight/#",
            "ironsight/v1/#",
            "ironsight/v1/gw/#",
            "ironsight/v1/gw/+",
            "ironsight/v1/gw/+/#",
            "ironsight/v1/gw/+/config",
            "ironsight/v1/+/EG-0001/config",
            "+/v1/gw/EG-0001/config",
            "ironsight/v1/gw/EG-0002/#",
            "ironsight/v1/gw/EG-0002/config",
            "ironsight/v1/gw/EG-00011/#",
            "ironsight/v1/gw/EG-000/#",
            "ironsight/v1/gw/EG-0001",
            "ironsight/v1/gw/EG-0001/",
            "ironsight/v1/gw/EG-0001#",
            "ironsight/v1/gw/EG-0001+/config",
            "ironsight/v1/gw/EG-0001/#/config",
            "ironsight/v1/gw/EG-0001/con#",
            "ironsight/v1/gw/EG-0001/con+fig",
            "$share/g/ironsight/v1/gw/EG-0001/config",
            "$SYS/#",
            "",
            "ironsight/v1/gw/EG-0001/config\0",
        ] {
            assert!(!may_subscribe(&me, filter), "{filter:?}");
        }
    }

    #[test]
    fn a_gateway_identity_with_an_unusable_sn_may_do_nothing() {
        // The authority should never grant these; if it does, nothing is allowed rather than something odd.
        for sn in ["", "a/b", "+", "#", "a+b"] {
            let id = gw(sn);
            assert!(!may_subscribe(&id, &format!("ironsight/v1/gw/{sn}/#")), "{sn:?}");
            assert!(!may_subscribe(&id, "ironsight/v1/gw/#"), "{sn:?}");
            assert!(!may_publish(&id, &format!("ironsight/v1/gw/{sn}/data")), "{sn:?}");
            assert!(!identity_fits(&id, sn, sn), "{sn:?}");
        }
    }

    #[test]
    fn server_may_do_anything_under_the_gateway_root_and_nothing_else() {
        let server = Identity::Server;
        for filter in ironsight_protocol::topics::server_filters() {
            assert!(may_subscribe(&server, &filter), "{filter}");
        }
        for filter in ["ironsight/v1/gw/#", "ironsight/v1/gw/+", "ironsight/v1/gw/EG-0001/#"] {
            assert!(may_subscribe(&server, filter), "{filter}");
        }
        let gw1 = GatewayTopics::new("EG-0001").unwrap();
        for channel in Channel::ALL {
            assert!(may_publish(&server, &gw1.topic(channel)), "{channel:?}");
        }
        for filter in [
            "#",
            "+/#",
            "ironsight/#",
            "ironsight/v1/#",
            "ironsight/v1/gw",
            "ironsight/v1/gw/",
            "ironsight/v1/gwx/#",
            "$SYS/#",
            "other/topic",
            "ironsight/v1/gw/#/x",
            "ironsight/v1/gw/a+",
        ] {
            assert!(!may_subscribe(&server, filter), "{filter:?}");
        }
        for topic in [
            "other/topic",
            "ironsight/v1/gw",
            "ironsight/v1/gw/",
            "ironsight/v1/gwx/EG-0001/config",
            "ironsight/v1/gw/+/config",
            "ironsight/v1/gw/#",
            "",
        ] {
            assert!(!may_publish(&server, topic), "{topic:?}");
        }
    }

    #[test]
    fn gateways_must_log_in_as_themselves() {
        let me = gw("EG-0001");
        assert!(identity_fits(&me, "EG-0001", "EG-0001"));
        assert!(!identity_fits(&me, "EG-0002", "EG-0001"));
        assert!(!identity_fits(&me, "EG-0001", "EG-0002"));
        assert!(!identity_fits(&me, "something-else", "EG-0001"));
        assert!(!identity_fits(&me, "", "EG-0001"));
        assert!(!identity_fits(&me, "eg-0001", "EG-0001"));
        assert!(identity_fits(&Identity::Server, "ironsight-server-1", "ironsight-server"));
        // The server's recommended client id can never be a gateway's.
        assert!(!topics::valid_sn(crate::SERVER_CLIENT));
        assert!(!identity_fits(&gw(crate::SERVER_CLIENT), crate::SERVER_CLIENT, crate::SERVER_CLIENT));
    }

    #[test]
    fn filter_syntax() {
        for ok in ["a", "a/b", "+", "#", "a/+/b", "a/#", "+/+", "/a", "a/", "a//b"] {
            assert!(valid_filter(ok), "{ok:?}");
        }
        for bad in ["", "a#", "a/#/b", "#/a", "a+/b", "a/b+", "a\0"] {
            assert!(!valid_filter(bad), "{bad:?}");
        }
    }
}

//! The access rules, as pure functions of an [`Identity`] and a topic or filter, so they can be tested without a
//! socket and read in one place. The broker's hooks only translate rmqtt's types into these calls.
//!
//! The rule (docs/gateway-protocol.md, "Topics"): a gateway owns `ironsight/v1/gw/{sn}/`; it may publish only the
//! four channels it sends (`status`, `data`, `config/ack`, `cmd/result`) and subscribe only to filters that cannot
//! match anything outside its subtree.
//!
//! GM sources (docs/gm-equipment.md) have the same shape of rule. A Sparkplug edge node publishes only what an edge
//! node sends (births, data, deaths) on its own `spBv1.0/{group}/{type}/{node}[/{device}]` topics, and subscribes to
//! filters that match nothing but its own topics and the hosts' `spBv1.0/STATE/…`. A JSON device publishes at or
//! below its prefix except the command channel `{prefix}/cmd…`, and subscribes below its prefix only.
//!
//! The server's own client may publish and subscribe anywhere (every valid topic and filter): it serves the three
//! trees, and the devices' prefixes are wherever an administrator put them. Everything else is refused.

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
        Identity::SparkplugNode { group, node } => sparkplug_publish(group, node, topic),
        Identity::JsonDevice { prefix } => {
            below_or_at(prefix, topic) && !below_or_at(&format!("{prefix}/{JSON_COMMAND_LEVEL}"), topic)
        }
        Identity::Server => true,
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
        Identity::SparkplugNode { group, node } => sparkplug_subscribe(group, node, filter),
        Identity::JsonDevice { prefix } => literal_prefix(prefix, filter),
        Identity::Server => true,
    }
}

/// Whether the identity the authority granted fits the CONNECT it was granted for: a gateway must log in with its
/// serial number as user name *and* client id. Tying the client id to the serial number means a gateway cannot take
/// over (kick off) another gateway's session, because MQTT identifies sessions by client id alone.
pub fn identity_fits(identity: &Identity, client_id: &str, username: &str) -> bool {
    match identity {
        Identity::Gateway { sn } => topics::valid_sn(sn) && sn == username && sn == client_id,
        // A GM source's user name was issued by the console and looked up by the authority; its client id must be
        // the same, for the gateways' reason.
        Identity::SparkplugNode { .. } | Identity::JsonDevice { .. } => !username.is_empty() && client_id == username,
        // The server's client is ours; its client id is free (an empty one is refused by rmqtt for persistent
        // sessions and replaced by a random one for clean sessions).
        Identity::Server => true,
    }
}
/// Sparkplug's topic namespace root (Sparkplug 3.0, "Topic namespace elements").
pub const SPARKPLUG_ROOT: &str = "spBv1.0";
/// The level below a JSON device's prefix on which the server sends it commands.
pub const JSON_COMMAND_LEVEL: &str = "cmd";

/// The message types an edge node sends about itself (`N…`) and about one of its devices (`D…`).
const NODE_SENDS: [&str; 3] = ["NBIRTH", "NDEATH", "NDATA"];
const DEVICE_SENDS: [&str; 3] = ["DBIRTH", "DDEATH", "DDATA"];

/// `spBv1.0/{group}/{N-type}/{node}` or `spBv1.0/{group}/{D-type}/{node}/{device}`, of its own group and node.
fn sparkplug_publish(group: &str, node: &str, topic: &str) -> bool {
    if !valid_level(group) || !valid_level(node) {
        return false;
    }
    match topic.split('/').collect::<Vec<_>>().as_slice() {
        [SPARKPLUG_ROOT, g, kind, n] => *g == group && *n == node && NODE_SENDS.contains(kind),
        [SPARKPLUG_ROOT, g, kind, n, device] => {
            *g == group && *n == node && DEVICE_SENDS.contains(kind) && valid_level(device)
        }
        _ => false,
    }
}

/// A filter whose every match is one of the node's own topics (`spBv1.0/{group}/{type or +}/{node}[/…]`, so its
/// commands, NCMD and DCMD) or a host's state (`spBv1.0/STATE/{host or +}`).
fn sparkplug_subscribe(group: &str, node: &str, filter: &str) -> bool {
    if !valid_level(group) || !valid_level(node) {
        return false;
    }
    match filter.split('/').collect::<Vec<_>>().as_slice() {
        [SPARKPLUG_ROOT, "STATE", host] => *host == "+" || valid_level(host),
        [SPARKPLUG_ROOT, g, kind, n, ..] => *g == group && *kind != "#" && *n == node,
        _ => false,
    }
}

/// `topic` is `prefix` itself or lies below it.
fn below_or_at(prefix: &str, topic: &str) -> bool {
    topic == prefix || topic.strip_prefix(prefix).is_some_and(|rest| rest.starts_with('/') && rest.len() > 1)
}

/// A filter whose every match lies strictly below `prefix`: the prefix's levels literally, then at least one more.
fn literal_prefix(prefix: &str, filter: &str) -> bool {
    !prefix.is_empty()
        && filter.strip_prefix(prefix).and_then(|rest| rest.strip_prefix('/')).is_some_and(|rest| !rest.is_empty())
}

/// One topic level as a name: non-empty, no separator or wildcard.
fn valid_level(level: &str) -> bool {
    !level.is_empty() && !level.contains(['/', '+', '#'])
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
    fn server_may_use_every_valid_topic_and_filter() {
        let server = Identity::Server;
        for filter in ironsight_protocol::topics::server_filters() {
            assert!(may_subscribe(&server, &filter), "{filter}");
        }
        for filter in ["ironsight/v1/gw/#", "spBv1.0/#", "plant/line1/#", "#"] {
            assert!(may_subscribe(&server, filter), "{filter}");
        }
        let gw1 = GatewayTopics::new("EG-0001").unwrap();
        for channel in Channel::ALL {
            assert!(may_publish(&server, &gw1.topic(channel)), "{channel:?}");
        }
        for topic in ["spBv1.0/STATE/ironsight", "spBv1.0/G/DCMD/N/D", "plant/line1/cmd"] {
            assert!(may_publish(&server, topic), "{topic}");
        }
        for filter in ["", "ironsight/v1/gw/#/x", "ironsight/v1/gw/a+", "a\0"] {
            assert!(!may_subscribe(&server, filter), "{filter:?}");
        }
        for topic in ["", "ironsight/v1/gw/+/config", "ironsight/v1/gw/#", "a\0"] {
            assert!(!may_publish(&server, topic), "{topic:?}");
        }
    }

    fn node(group: &str, node: &str) -> Identity {
        Identity::SparkplugNode { group: group.to_owned(), node: node.to_owned() }
    }

    #[test]
    fn a_sparkplug_node_publishes_only_its_own_births_data_and_deaths() {
        let me = node("Plant", "Edge-1");
        for topic in [
            "spBv1.0/Plant/NBIRTH/Edge-1",
            "spBv1.0/Plant/NDATA/Edge-1",
            "spBv1.0/Plant/NDEATH/Edge-1",
            "spBv1.0/Plant/DBIRTH/Edge-1/Analyser",
            "spBv1.0/Plant/DDATA/Edge-1/Analyser",
            "spBv1.0/Plant/DDEATH/Edge-1/Analyser",
        ] {
            assert!(may_publish(&me, topic), "{topic}");
        }
        for topic in [
            // Another node, another group, or as a host.
            "spBv1.0/Plant/NDATA/Edge-2",
            "spBv1.0/Other/NDATA/Edge-1",
            "spBv1.0/Plant/DDATA/Edge-2/Analyser",
            "spBv1.0/STATE/Edge-1",
            // Commands are the host's to send.
            "spBv1.0/Plant/NCMD/Edge-1",
            "spBv1.0/Plant/DCMD/Edge-1/Analyser",
            // Malformed: a device on a node message, none on a device message, extra levels, other roots.
            "spBv1.0/Plant/NDATA/Edge-1/Analyser",
            "spBv1.0/Plant/DDATA/Edge-1",
            "spBv1.0/Plant/DDATA/Edge-1/Analyser/x",
            "spBv1.0/Plant/DDATA/Edge-1/",
            "spBv1.0/Plant/NDATA/Edge-1x",
            "spAv1.0/Plant/NDATA/Edge-1",
            "ironsight/v1/gw/Edge-1/data",
            "spBv1.0/Plant/+/Edge-1",
        ] {
            assert!(!may_publish(&me, topic), "{topic:?}");
        }
    }

    #[test]
    fn a_sparkplug_node_subscribes_to_its_own_commands_and_the_hosts_state() {
        let me = node("Plant", "Edge-1");
        for filter in [
            "spBv1.0/Plant/NCMD/Edge-1",
            "spBv1.0/Plant/NCMD/Edge-1/#",
            "spBv1.0/Plant/DCMD/Edge-1/+",
            "spBv1.0/Plant/DCMD/Edge-1/#",
            "spBv1.0/Plant/+/Edge-1/#",
            "spBv1.0/STATE/ironsight",
            "spBv1.0/STATE/+",
        ] {
            assert!(may_subscribe(&me, filter), "{filter}");
        }
        for filter in [
            "#",
            "spBv1.0/#",
            "spBv1.0/Plant/#",
            "spBv1.0/+/NCMD/Edge-1",
            "spBv1.0/Plant/NCMD/+",
            "spBv1.0/Plant/DDATA/Edge-2/#",
            "spBv1.0/Plant/#/Edge-1",
            "spBv1.0/STATE/#",
            "spBv1.0/STATE/+/x",
            "ironsight/v1/gw/#",
        ] {
            assert!(!may_subscribe(&me, filter), "{filter:?}");
        }
        // Ids the console would never issue allow nothing.
        for bad in [node("", "Edge-1"), node("Plant", "+"), node("a/b", "Edge-1")] {
            assert!(!may_publish(&bad, "spBv1.0/Plant/NDATA/Edge-1"));
            assert!(!may_subscribe(&bad, "spBv1.0/STATE/+"));
        }
    }

    #[test]
    fn a_json_device_keeps_to_its_prefix_and_leaves_the_command_channel_to_the_server() {
        let me = Identity::JsonDevice { prefix: "plant/line1/s3".to_owned() };
        for topic in ["plant/line1/s3", "plant/line1/s3/data", "plant/line1/s3/reply/7", "plant/line1/s3/cmdx"] {
            assert!(may_publish(&me, topic), "{topic}");
        }
        for topic in [
            "plant/line1/s3/cmd",
            "plant/line1/s3/cmd/x",
            "plant/line1/s30",
            "plant/line1",
            "plant/line1/s3/",
            "spBv1.0/Plant/NDATA/s3",
            "ironsight/v1/gw/s3/data",
        ] {
            assert!(!may_publish(&me, topic), "{topic:?}");
        }
        for filter in ["plant/line1/s3/cmd", "plant/line1/s3/#", "plant/line1/s3/+"] {
            assert!(may_subscribe(&me, filter), "{filter}");
        }
        for filter in ["plant/line1/s3", "plant/line1/#", "plant/line1/+/cmd", "#", "plant/line1/s30/#"] {
            assert!(!may_subscribe(&me, filter), "{filter:?}");
        }
    }

    #[test]
    fn gm_sources_log_in_with_the_client_id_they_were_issued() {
        for me in [node("Plant", "Edge-1"), Identity::JsonDevice { prefix: "plant/s3".to_owned() }] {
            assert!(identity_fits(&me, "gmabc", "gmabc"));
            assert!(!identity_fits(&me, "other", "gmabc"));
            assert!(!identity_fits(&me, "", ""));
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

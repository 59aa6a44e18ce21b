//! Topic names. Every gateway owns the subtree `ironsight/v1/gw/{sn}/`; it may publish and subscribe only there
//! (enforced by the embedded broker; documented as an ACL for external brokers).

/// Root of every Ironsight topic.
pub const ROOT: &str = "ironsight/v1/gw";

/// A gateway's topics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatewayTopics {
    sn: String,
}

/// Which topic of a gateway's subtree a message arrived on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Gateway → server, retained: online state and identity (also the last will).
    Status,
    /// Server → gateway, retained: driver and signal configuration.
    Config,
    /// Gateway → server: the configuration version applied (or why not).
    ConfigAck,
    /// Gateway → server: readings (by exception, periodic samples, replays after an outage).
    Data,
    /// Server → gateway: the data reports stored so far (the agent may forget them).
    DataStored,
    /// Server → gateway: open a monitor window (faster reporting for a while).
    Monitor,
    /// Server → gateway: a command (write a value, read now).
    Command,
    /// Gateway → server: a command's outcome.
    CommandResult,
}

impl Channel {
    pub const ALL: [Channel; 8] = [
        Channel::Status,
        Channel::Config,
        Channel::ConfigAck,
        Channel::Data,
        Channel::DataStored,
        Channel::Monitor,
        Channel::Command,
        Channel::CommandResult,
    ];

    /// The last topic level.
    pub fn suffix(self) -> &'static str {
        match self {
            Channel::Status => "status",
            Channel::Config => "config",
            Channel::ConfigAck => "config/ack",
            Channel::Data => "data",
            Channel::DataStored => "data/stored",
            Channel::Monitor => "monitor",
            Channel::Command => "cmd",
            Channel::CommandResult => "cmd/result",
        }
    }

    /// True when the gateway publishes on it (else the server does).
    pub fn from_gateway(self) -> bool {
        matches!(self, Channel::Status | Channel::ConfigAck | Channel::Data | Channel::CommandResult)
    }
}

/// Checks a serial number is usable as one topic level: 1 to 64 of `A-Z a-z 0-9 - _ .`, so it can never contain
/// the MQTT separators or wildcards (`/`, `+`, `#`).
pub fn valid_sn(sn: &str) -> bool {
    (1..=64).contains(&sn.len()) && sn.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

impl GatewayTopics {
    /// The topics of gateway `sn`; `None` when the serial number is not a valid topic level.
    pub fn new(sn: &str) -> Option<GatewayTopics> {
        valid_sn(sn).then(|| GatewayTopics { sn: sn.to_owned() })
    }

    pub fn sn(&self) -> &str {
        &self.sn
    }

    /// The full topic of `channel`.
    pub fn topic(&self, channel: Channel) -> String {
        format!("{ROOT}/{}/{}", self.sn, channel.suffix())
    }

    /// The filter covering the gateway's whole subtree (its ACL).
    pub fn subtree(&self) -> String {
        format!("{ROOT}/{}/#", self.sn)
    }
}

/// The server's subscription to everything gateways publish.
pub fn server_filters() -> Vec<String> {
    Channel::ALL.iter().filter(|c| c.from_gateway()).map(|c| format!("{ROOT}/+/{}", c.suffix())).collect()
}

/// Splits an incoming topic into the gateway's serial number and the channel; `None` for anything else.
pub fn parse(topic: &str) -> Option<(&str, Channel)> {
    let rest = topic.strip_prefix(ROOT)?.strip_prefix('/')?;
    let (sn, suffix) = rest.split_once('/')?;
    if !valid_sn(sn) {
        return None;
    }
    Channel::ALL.iter().copied().find(|c| c.suffix() == suffix).map(|c| (sn, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_round_trip() {
        let gw = GatewayTopics::new("EG-0001").unwrap();
        for channel in Channel::ALL {
            assert_eq!(parse(&gw.topic(channel)), Some(("EG-0001", channel)));
        }
        assert_eq!(gw.subtree(), "ironsight/v1/gw/EG-0001/#");
    }

    #[test]
    fn serial_numbers_cannot_carry_separators_or_wildcards() {
        for bad in ["", "a/b", "a+b", "a#", "x".repeat(65).as_str(), "网关"] {
            assert!(GatewayTopics::new(bad).is_none(), "{bad:?}");
        }
        assert!(parse("ironsight/v1/gw/a+b/data").is_none());
        assert!(parse("ironsight/v1/gw/EG1/unknown").is_none());
        assert!(parse("other/EG1/data").is_none());
    }

    #[test]
    fn server_subscribes_to_what_gateways_publish() {
        assert_eq!(
            server_filters(),
            [
                "ironsight/v1/gw/+/status",
                "ironsight/v1/gw/+/config/ack",
                "ironsight/v1/gw/+/data",
                "ironsight/v1/gw/+/cmd/result"
            ]
        );
    }
}

//! GM equipment's collection sources: devices that speak MQTT themselves (docs/gm-equipment.md). Two kinds: a
//! Sparkplug B edge node, named on the broker by its group id and edge node id, and a plain JSON device, owning a
//! topic prefix. Both log in with an identity the console issues; these are the rules for the names they bring.

pub mod json_path;
pub mod json_rule;

use crate::Reason;

/// Topics no JSON device may own: the gateways' tree and the Sparkplug namespace (and `$`-topics, the broker's).
const RESERVED_ROOTS: [&str; 2] = ["ironsight", "spBv1.0"];

/// A Sparkplug group id or edge node id (Sparkplug 3.0, "Topic namespace elements"): a single topic level, so
/// never `/`, `+` or `#`; no control characters, no surrounding spaces, at most [`SparkplugId::MAX`] characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SparkplugId(String);

impl SparkplugId {
    pub const MAX: usize = 64;

    pub fn parse(raw: &str) -> Result<SparkplugId, Reason> {
        let id = raw.trim();
        if id.is_empty() {
            return Err(Reason::Required);
        }
        if id.chars().count() > Self::MAX {
            return Err(Reason::TooLong { max: Self::MAX });
        }
        if id.chars().any(|c| matches!(c, '/' | '+' | '#') || c.is_control()) {
            return Err(Reason::TopicLevelCharacters);
        }
        Ok(SparkplugId(id.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The topic prefix a JSON device owns: one or more `/`-separated levels, none empty, no wildcards or control
/// characters, not under the broker's `$` topics, the gateways' `ironsight/` tree or Sparkplug's `spBv1.0/`.
/// The device publishes at the prefix or below it; `{prefix}/cmd` is the server's command channel to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopicPrefix(String);

impl TopicPrefix {
    pub const MAX: usize = 128;

    pub fn parse(raw: &str) -> Result<TopicPrefix, Reason> {
        let prefix = raw.trim();
        if prefix.is_empty() {
            return Err(Reason::Required);
        }
        if prefix.chars().count() > Self::MAX {
            return Err(Reason::TooLong { max: Self::MAX });
        }
        if prefix.chars().any(|c| matches!(c, '+' | '#') || c.is_control()) {
            return Err(Reason::TopicLevelCharacters);
        }
        if prefix.split('/').any(str::is_empty) {
            return Err(Reason::BadFormat);
        }
        let root = prefix.split('/').next().unwrap_or_default();
        if root.starts_with('$') || RESERVED_ROOTS.contains(&root) {
            return Err(Reason::ReservedTopic);
        }
        Ok(TopicPrefix(prefix.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The topic the server sends a device's commands on.
    pub fn command_topic(&self) -> String {
        format!("{}/cmd", self.0)
    }
}

/// Whether two topic prefixes share a topic (the same, or one a level-wise ancestor of the other): two devices may
/// never share one.
pub fn prefixes_overlap(a: &str, b: &str) -> bool {
    let below = |x: &str, y: &str| y.strip_prefix(x).is_some_and(|rest| rest.starts_with('/'));
    a == b || below(a, b) || below(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparkplug_ids_are_one_topic_level() {
        assert_eq!(SparkplugId::parse(" Plant 1 ").unwrap().as_str(), "Plant 1");
        assert_eq!(SparkplugId::parse("水质分析仪").unwrap().as_str(), "水质分析仪");
        for bad in ["a/b", "a+", "#", "a\u{0}b", "line\nfeed"] {
            assert_eq!(SparkplugId::parse(bad), Err(Reason::TopicLevelCharacters), "{bad:?}");
        }
        assert_eq!(SparkplugId::parse("  "), Err(Reason::Required));
        assert_eq!(SparkplugId::parse(&"x".repeat(65)), Err(Reason::TooLong { max: 64 }));
    }

    #[test]
    fn topic_prefixes_stay_out_of_reserved_trees() {
        assert_eq!(TopicPrefix::parse("plant/line1/sensor-3").unwrap().as_str(), "plant/line1/sensor-3");
        for reserved in ["ironsight", "ironsight/v1/gw/EG-1", "spBv1.0/g", "$SYS/x"] {
            assert_eq!(TopicPrefix::parse(reserved), Err(Reason::ReservedTopic), "{reserved}");
        }
        for malformed in ["a//b", "/a", "a/"] {
            assert_eq!(TopicPrefix::parse(malformed), Err(Reason::BadFormat), "{malformed}");
        }
        assert_eq!(TopicPrefix::parse("a/+/b"), Err(Reason::TopicLevelCharacters));
        assert_eq!(TopicPrefix::parse("a/#"), Err(Reason::TopicLevelCharacters));
    }

    #[test]
    fn prefixes_overlap_level_by_level() {
        let p = "plant/line1";
        assert!(prefixes_overlap(p, "plant/line1"));
        assert!(prefixes_overlap(p, "plant"));
        assert!(prefixes_overlap(p, "plant/line1/a"));
        assert!(!prefixes_overlap(p, "plant/line10"));
        assert!(!prefixes_overlap(p, "plant/line"));
        assert!(!prefixes_overlap(p, "other"));
        assert_eq!(TopicPrefix::parse(p).unwrap().command_topic(), "plant/line1/cmd");
    }
}

//! Pure rules between Sparkplug metrics and what the console stores: which metrics of a birth are offered for
//! adoption.

use ironsight_sparkplug::command::{BD_SEQ, REBIRTH};
use ironsight_sparkplug::session::BirthMetric;
use ironsight_store::gm_metrics::AnnouncedMetric;

/// The node metrics that drive the Sparkplug session itself (`bdSeq`, `Node Control/…`): never data, never offered.
pub fn is_session_metric(name: &str) -> bool {
    name == BD_SEQ || name == REBIRTH || name.starts_with("Node Control/")
}

/// What a birth announced, as stored for adoption: every metric but the session's own.
pub fn announced(metrics: &[BirthMetric]) -> Vec<AnnouncedMetric> {
    metrics
        .iter()
        .filter(|m| !is_session_metric(&m.name))
        .map(|m| AnnouncedMetric {
            name: m.name.clone(),
            datatype: m.datatype.as_str_name().to_owned(),
            unit: m.props.unit.clone().unwrap_or_default(),
            eng_low: m.props.eng_low,
            eng_high: m.props.eng_high,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_metrics_are_never_offered() {
        for name in ["bdSeq", "Node Control/Rebirth", "Node Control/Next Server"] {
            assert!(is_session_metric(name), "{name}");
        }
        assert!(!is_session_metric("Properties/Hardware Make"));
    }
}

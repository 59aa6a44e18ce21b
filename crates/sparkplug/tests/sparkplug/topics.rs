//! Topic names: the forms of the specification's topic chapter parse and format back; anything else is refused.

use ironsight_sparkplug::topic::{TopicError, valid_id};
use ironsight_sparkplug::{EdgeTopic, HostId, MessageType, NodeId, Topic};

fn node() -> NodeId {
    NodeId::new("Plant 1", "EG-01").unwrap()
}

#[test]
fn node_and_device_topics_parse_and_format_back() {
    for kind in MessageType::ALL {
        let topic = if kind.is_device() {
            EdgeTopic::device(&node(), kind, "Pump 1").unwrap()
        } else {
            EdgeTopic::node(&node(), kind).unwrap()
        };
        let text = topic.to_string();
        let expected = match kind.is_device() {
            true => format!("spBv1.0/Plant 1/{kind}/EG-01/Pump 1"),
            false => format!("spBv1.0/Plant 1/{kind}/EG-01"),
        };
        assert_eq!(text, expected);
        assert_eq!(Topic::parse(&text), Ok(Topic::Edge(topic.clone())), "{text}");
        assert_eq!(topic.device_id().is_some(), kind.is_device());
    }
    let Ok(Topic::Edge(ddata)) = Topic::parse("spBv1.0/g/DDATA/n/d") else { panic!() };
    assert_eq!((ddata.node_id().group(), ddata.node_id().node()), ("g", "n"));
    assert_eq!((ddata.kind(), ddata.device_id()), (MessageType::DData, Some("d")));
}

#[test]
fn the_state_topic_parses_and_formats_back() {
    let host = HostId::new("ironsight").unwrap();
    assert_eq!(Topic::State(host.clone()).to_string(), "spBv1.0/STATE/ironsight");
    assert_eq!(Topic::parse("spBv1.0/STATE/ironsight"), Ok(Topic::State(host)));
}

#[test]
fn other_topics_are_refused() {
    let refused = [
        ("", TopicError::Namespace),
        ("spBv1.0", TopicError::Namespace),
        ("spAv1.0/g/NDATA/n", TopicError::Namespace),
        ("spBv1.0g/NDATA/n", TopicError::Namespace),
        ("spBv1.0/", TopicError::MessageType),
        ("spBv1.0/g", TopicError::MessageType),
        ("spBv1.0/g/ndata/n", TopicError::MessageType),
        ("spBv1.0/g/NFOO/n", TopicError::MessageType),
        ("spBv1.0/g/NDATA", TopicError::Levels),
        ("spBv1.0/g/NDATA/n/d", TopicError::Levels),
        ("spBv1.0/g/DDATA/n", TopicError::Levels),
        ("spBv1.0/g/DDATA/n/d/e", TopicError::Levels),
        ("spBv1.0/g/NDATA/", TopicError::Id),
        ("spBv1.0//NDATA/n", TopicError::Id),
        ("spBv1.0/g/DDATA/n/", TopicError::Id),
        ("spBv1.0/g/NDATA/+", TopicError::Id),
        ("spBv1.0/#/NDATA/n", TopicError::Id),
        ("spBv1.0/g/DCMD/n/a\0b", TopicError::Id),
        ("spBv1.0/STATE", TopicError::Levels),
        ("spBv1.0/STATE/", TopicError::Id),
        ("spBv1.0/STATE/h/x", TopicError::Levels),
        ("spBv1.0/STATE/NDATA/n", TopicError::Levels),
        ("spBv1.0/STATE/+", TopicError::Id),
    ];
    for (topic, error) in refused {
        assert_eq!(Topic::parse(topic), Err(error), "{topic:?}");
    }
}

#[test]
fn ids_must_be_one_non_empty_level_without_wildcards_or_nul() {
    assert!(valid_id("泵站 1") && valid_id("a.b-c_d") && valid_id("STATE"));
    for bad in ["", "a/b", "a+", "#", "a\0"] {
        assert!(!valid_id(bad), "{bad:?}");
        assert_eq!(NodeId::new(bad, "n"), None);
        assert_eq!(NodeId::new("g", bad), None);
        assert_eq!(HostId::new(bad), None);
        assert_eq!(EdgeTopic::device(&node(), MessageType::DData, bad), None);
    }
    assert_eq!(NodeId::new("STATE", "n"), None, "spBv1.0/STATE/… is a host's STATE topic");
}

#[test]
fn the_device_id_is_present_exactly_for_device_message_types() {
    assert_eq!(EdgeTopic::node(&node(), MessageType::DData), None);
    assert_eq!(EdgeTopic::device(&node(), MessageType::NData, "d"), None);
    assert_eq!(Topic::parse("spBv1.0/g/NBIRTH/n/d"), Err(TopicError::Levels));
    assert_eq!(Topic::parse("spBv1.0/g/DBIRTH/n"), Err(TopicError::Levels));
}

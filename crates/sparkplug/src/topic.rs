//! Sparkplug topic names (specification 3.0.0, chapter 4): `spBv1.0/{group_id}/{message_type}/{edge_node_id}` with
//! `/{device_id}` for the four device message types, and `spBv1.0/STATE/{host_id}` for host applications.
//!
//! An id is one topic level: non-empty and free of the MQTT separator and wildcards (`/ + #`, which the
//! specification reserves) and of NUL (which MQTT forbids in topic names). A [`Topic`] can only be built from
//! valid parts, so formatting one always gives a topic this module parses back to the same value.

use std::fmt;

/// The first topic level of every Sparkplug B topic.
pub const NAMESPACE: &str = "spBv1.0";

/// The topic level that marks a host application's STATE topic in place of a group id.
pub const STATE: &str = "STATE";

/// What the host subscribes to: every Sparkplug B message, its own STATE included.
pub const SUBSCRIBE_ALL: &str = "spBv1.0/#";

/// The eight message types of an edge node and its devices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MessageType {
    NBirth,
    NDeath,
    NData,
    NCmd,
    DBirth,
    DDeath,
    DData,
    DCmd,
}

impl MessageType {
    pub const ALL: [MessageType; 8] = [
        MessageType::NBirth,
        MessageType::NDeath,
        MessageType::NData,
        MessageType::NCmd,
        MessageType::DBirth,
        MessageType::DDeath,
        MessageType::DData,
        MessageType::DCmd,
    ];

    /// The topic level, as the specification spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            MessageType::NBirth => "NBIRTH",
            MessageType::NDeath => "NDEATH",
            MessageType::NData => "NDATA",
            MessageType::NCmd => "NCMD",
            MessageType::DBirth => "DBIRTH",
            MessageType::DDeath => "DDEATH",
            MessageType::DData => "DDATA",
            MessageType::DCmd => "DCMD",
        }
    }

    /// The message type named by a topic level (exact, case-sensitive match).
    pub fn parse(level: &str) -> Option<MessageType> {
        MessageType::ALL.into_iter().find(|t| t.as_str() == level)
    }

    /// True for DBIRTH, DDEATH, DDATA and DCMD, whose topics end with a device id.
    pub fn is_device(self) -> bool {
        matches!(self, MessageType::DBirth | MessageType::DDeath | MessageType::DData | MessageType::DCmd)
    }
}

impl fmt::Display for MessageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a topic or an id was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TopicError {
    #[error("the topic does not start with spBv1.0/")]
    Namespace,
    #[error("unknown message type")]
    MessageType,
    #[error("wrong number of topic levels for its message type")]
    Levels,
    #[error("an id is empty or holds '/', '+', '#' or NUL")]
    Id,
}

/// True when `id` can be a group, edge node, device or host id: one non-empty topic level without `/ + #` or NUL.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty() && !id.contains(['/', '+', '#', '\0'])
}

/// The edge node a message is about: group id and edge node id, the specification's "Edge Node Descriptor".
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId {
    group: String,
    node: String,
}

impl NodeId {
    /// `None` unless both ids are valid ([`valid_id`]) and the group is not `STATE`: in 3.0
    /// `spBv1.0/STATE/…` is a host's STATE topic, so no edge node topic can have that group.
    pub fn new(group: &str, node: &str) -> Option<NodeId> {
        (valid_id(group) && group != STATE && valid_id(node))
            .then(|| NodeId { group: group.to_owned(), node: node.to_owned() })
    }

    pub fn group(&self) -> &str {
        &self.group
    }

    pub fn node(&self) -> &str {
        &self.node
    }
}

impl fmt::Display for NodeId {
    /// `group/node`, as in the topic.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.group, self.node)
    }
}

/// A host application's id, the last level of its STATE topic.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HostId(String);

impl HostId {
    /// `None` unless the id is valid ([`valid_id`]).
    pub fn new(id: &str) -> Option<HostId> {
        valid_id(id).then(|| HostId(id.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for HostId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The topic of a message from or to an edge node: its node, message type and, exactly for the device message
/// types, the device id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EdgeTopic {
    node: NodeId,
    kind: MessageType,
    device: Option<String>,
}

impl EdgeTopic {
    /// A node topic (NBIRTH, NDEATH, NDATA, NCMD); `None` for a device message type.
    pub fn node(node: &NodeId, kind: MessageType) -> Option<EdgeTopic> {
        (!kind.is_device()).then(|| EdgeTopic { node: node.clone(), kind, device: None })
    }

    /// A device topic (DBIRTH, DDEATH, DDATA, DCMD); `None` for a node message type or an invalid device id.
    pub fn device(node: &NodeId, kind: MessageType, device: &str) -> Option<EdgeTopic> {
        (kind.is_device() && valid_id(device)).then(|| EdgeTopic {
            node: node.clone(),
            kind,
            device: Some(device.to_owned()),
        })
    }

    pub fn node_id(&self) -> &NodeId {
        &self.node
    }

    pub fn kind(&self) -> MessageType {
        self.kind
    }

    /// The device id: `Some` exactly for DBIRTH, DDEATH, DDATA and DCMD.
    pub fn device_id(&self) -> Option<&str> {
        self.device.as_deref()
    }
}

impl fmt::Display for EdgeTopic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{NAMESPACE}/{}/{}/{}", self.node.group, self.kind, self.node.node)?;
        match &self.device {
            Some(device) => write!(f, "/{device}"),
            None => Ok(()),
        }
    }
}

/// A parsed Sparkplug B topic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    /// A message from or to an edge node or one of its devices.
    Edge(EdgeTopic),
    /// A host application's STATE topic.
    State(HostId),
}

impl Topic {
    /// Parses a topic name. Refuses anything that is not exactly one of the forms of the specification.
    pub fn parse(topic: &str) -> Result<Topic, TopicError> {
        let rest = topic.strip_prefix(NAMESPACE).and_then(|r| r.strip_prefix('/')).ok_or(TopicError::Namespace)?;
        let levels: Vec<&str> = rest.split('/').collect();
        if levels[0] == STATE {
            return match levels[..] {
                [_, host_id] => HostId::new(host_id).map(Topic::State).ok_or(TopicError::Id),
                _ => Err(TopicError::Levels),
            };
        }
        let kind = levels.get(1).and_then(|l| MessageType::parse(l)).ok_or(TopicError::MessageType)?;
        let (group, node, device) = match (kind.is_device(), &levels[..]) {
            (false, [group, _, node]) => (*group, *node, None),
            (true, [group, _, node, device]) => (*group, *node, Some(*device)),
            _ => return Err(TopicError::Levels),
        };
        let node = NodeId::new(group, node).ok_or(TopicError::Id)?;
        let edge = match device {
            Some(device) => EdgeTopic::device(&node, kind, device),
            None => EdgeTopic::node(&node, kind),
        };
        edge.map(Topic::Edge).ok_or(TopicError::Id)
    }
}

impl fmt::Display for Topic {
    /// The topic name; [`Topic::parse`] gives the same value back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Topic::Edge(edge) => edge.fmt(f),
            Topic::State(host_id) => write!(f, "{NAMESPACE}/{STATE}/{host_id}"),
        }
    }
}

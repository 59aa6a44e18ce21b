//! What feeding a message to the host session tells its caller. Each event names the edge node, and the device when
//! there is one; the caller stores values, marks things online or offline, counts what it cannot store and sends
//! the rebirth requests asked for.

use crate::command::HostState;
use crate::properties::{MetricProps, Quality};
use crate::topic::{HostId, MessageType, NodeId, TopicError};
use crate::value::{DataType, MetricValue, ValueError};

/// A value a host can store: a scalar or an explicit null.
#[derive(Clone, Debug, PartialEq)]
pub enum Sample {
    Value(MetricValue),
    Null,
}

/// One metric as a birth defined it.
#[derive(Clone, Debug, PartialEq)]
pub struct BirthMetric {
    pub name: String,
    /// The alias DATA messages may use instead of the name.
    pub alias: Option<u64>,
    /// The datatype every later value of this metric is read as ([`DataType::Unknown`] when the birth's was
    /// missing or unknown, which an [`Event::Invalid`] reports).
    pub datatype: DataType,
    /// The metric's timestamp, else the payload's, else the time the message was handed in (ms since the epoch).
    pub timestamp: u64,
    /// The value in the birth; `None` when unsupported or invalid (reported by [`Event::Unsupported`] or
    /// [`Event::Invalid`]).
    pub value: Option<Sample>,
    /// Unit, engineering range and quality from the metric's properties.
    pub props: MetricProps,
}

/// A new value of a metric in NDATA or DDATA.
#[derive(Clone, Debug, PartialEq)]
pub struct MetricUpdate {
    /// The name from the birth, also when the message used the alias.
    pub name: String,
    pub alias: Option<u64>,
    /// The birth's datatype, which the value was read as.
    pub datatype: DataType,
    /// The metric's timestamp, else the payload's, else the time the message was handed in (ms since the epoch).
    pub timestamp: u64,
    pub value: Sample,
    /// The publisher says this is a late value (store and forward), not the current one.
    pub historical: bool,
    /// The `Quality` property when the message carried one.
    pub quality: Option<Quality>,
}

/// A metric whose definition or value could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidMetric {
    pub name: Option<String>,
    pub alias: Option<u64>,
    pub problem: Problem,
}

/// What is wrong with an [`InvalidMetric`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("a birth's metric without a name, or a DATA metric with neither name nor alias")]
    MissingName,
    #[error("a second metric of the same name in one birth; the first is kept")]
    DuplicateName,
    #[error("a birth's metric without a datatype")]
    MissingDatatype,
    #[error("alias {0} given to two metrics of one birth; the first keeps it")]
    DuplicateAlias(u64),
    #[error(transparent)]
    Value(#[from] ValueError),
}

/// Why the host should send the edge node a rebirth request (NCMD `Node Control/Rebirth`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RebirthReason {
    /// A DBIRTH, NDATA, DDATA or DDEATH while the node has no current NBIRTH (never seen, or dead since).
    DataBeforeBirth(MessageType),
    /// A DDATA of a device with no current DBIRTH.
    DeviceNotBorn { device: String },
    /// The seq is not the next one (after the reorder timeout, when one is configured).
    SeqGap { expected: u8, got: u8 },
    /// A message that must carry a seq of 0 to 255 carried none or a larger one.
    InvalidSeq(Option<u64>),
    /// A DATA metric's alias that the birth did not define.
    UnknownAlias { device: Option<String>, alias: u64 },
    /// A DATA metric's name (without alias) that the birth did not define.
    UnknownMetric { device: Option<String>, name: String },
}

/// Why an NDEATH did not end the node's session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IgnoredDeath {
    /// Its bdSeq is not the current NBIRTH's: a will from an earlier connection delivered late.
    Stale { death: Option<u64>, birth: Option<u64> },
    /// The node is not online (never born, or dead already: the broker's will after the node's own NDEATH).
    NotOnline { death: Option<u64> },
}

/// Why a device went offline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceDeath {
    /// Its DDEATH.
    DDeath,
    /// Its node's NDEATH.
    NodeDeath,
    /// Its node's new NBIRTH: the device is unknown again until its DBIRTH follows.
    NodeRebirth,
}

/// What a message (or the passing of time) means to the host.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// An NBIRTH: the node is online with these metrics (every metric of the birth, `bdSeq` and the
    /// `Node Control/…` ones included). Devices are offline until their DBIRTH.
    NodeBorn {
        node: NodeId,
        bd_seq: Option<u64>,
        timestamp: u64,
        metrics: Vec<BirthMetric>,
    },
    /// A DBIRTH: the device is online with these metrics.
    DeviceBorn {
        node: NodeId,
        device: String,
        timestamp: u64,
        metrics: Vec<BirthMetric>,
    },
    /// Values of an NDATA (`device` is `None`) or a DDATA, in the message's order.
    Values {
        node: NodeId,
        device: Option<String>,
        values: Vec<MetricUpdate>,
    },
    /// An NDEATH whose bdSeq matches the current NBIRTH: the node is offline, its metrics stale. Each device that
    /// was online gets its own [`Event::DeviceDead`] just before.
    NodeDead {
        node: NodeId,
        bd_seq: Option<u64>,
    },
    /// An NDEATH that changed nothing, and why.
    DeathIgnored {
        node: NodeId,
        reason: IgnoredDeath,
    },
    DeviceDead {
        node: NodeId,
        device: String,
        cause: DeviceDeath,
    },
    /// Send the node a rebirth request. Asked at most once per hold-off time until the NBIRTH comes.
    RebirthNeeded {
        node: NodeId,
        reason: RebirthReason,
    },
    /// A birth gave a metric another datatype than the previous birth (of this host session) did. The new
    /// datatype holds from now on; values already stored are the caller's to judge, nothing is converted.
    DatatypeChanged {
        node: NodeId,
        device: Option<String>,
        metric: String,
        was: DataType,
        now: DataType,
    },
    /// Metrics of a message whose datatype this crate does not read (DataSet, Template, Bytes, arrays, …), by
    /// name; the rest of the message is delivered.
    Unsupported {
        node: NodeId,
        device: Option<String>,
        metrics: Vec<(String, DataType)>,
    },
    /// Metrics of a message that could not be used; the rest of the message is delivered.
    Invalid {
        node: NodeId,
        device: Option<String>,
        metrics: Vec<InvalidMetric>,
    },
    /// A payload on a Sparkplug topic that could not be decoded (a lost message: the next seq will show the gap).
    Malformed {
        topic: String,
        error: String,
    },
    /// A topic under `spBv1.0/` that is not a Sparkplug topic.
    BadTopic {
        topic: String,
        error: TopicError,
    },
    /// A host application's STATE, this host's own included.
    HostState {
        host_id: HostId,
        state: HostState,
    },
}

//! The MQTT link to the broker (rumqttc): connecting and reconnecting, the last will, subscriptions, incoming
//! messages, and knowing which of our publishes the broker acknowledged.
//!
//! # Why the agent tracks acknowledgements itself
//! The session is clean (the broker keeps nothing for a gateway that is away; the agent has its own disk
//! buffer), and with a clean session rumqttc forgets every publish not yet acknowledged when the connection
//! drops: the data in flight at that moment would be lost. So every publish goes through the [`Gate`], which
//! records it in order; rumqttc reports each publish it sends with its packet id, in the order it took them
//! from its queue, and then each PUBACK with the same id. A data report is done when its PUBACK came; when the
//! connection drops first, the gate hands it back to the outbox (as "lost") to be buffered on disk and replayed.
//! Only this module and the outbox take the gate's lock, and nothing is published while disconnected, so the
//! order of what is sent and what is handed back cannot be mixed up.

use crate::config::{AgentConfig, Timing};
use crate::status::{self, StatusSource};
use ironsight_protocol::payload::DataReport;
use ironsight_protocol::topics::{self, Channel, GatewayTopics};
use rumqttc::{AsyncClient, ConnectionError, Event, EventLoop, LastWill, MqttOptions, Outgoing, Packet, QoS};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::{Notify, mpsc};

/// Largest MQTT packet sent or accepted: a configuration of many devices with 2000 signals each is large.
pub const MAX_PACKET_BYTES: usize = 8 << 20;
/// Requests rumqttc queues before `try_publish` refuses (the outbox then buffers on disk).
const REQUEST_QUEUE: usize = 1024;

/// A message from the server, by topic.
#[derive(Debug)]
pub(crate) enum Incoming {
    Config(Vec<u8>),
    Monitor(Vec<u8>),
    Command(Vec<u8>),
}

/// A publish of ours the broker has not acknowledged yet.
#[derive(Debug)]
pub(crate) struct Tracked {
    /// Increases with every data publish; what [`Gate::take_acked`] returns.
    pub id: u64,
    /// For a live report, the report itself (buffered if lost); `None` for a replay (still on disk).
    pub live: Option<DataReport>,
}

/// The connection state and the publishes in flight, under one lock.
pub(crate) struct Gate {
    client: AsyncClient,
    topics: GatewayTopics,
    connected: bool,
    /// Increases at every connection: a replay batch sent in an earlier session is void.
    session: u64,
    next_id: u64,
    /// Handed to rumqttc, packet id not known yet, in order; `None` for a publish that is not data.
    unassigned: VecDeque<Option<Tracked>>,
    /// Sent, waiting for the PUBACK, by packet id.
    inflight: HashMap<u16, Option<Tracked>>,
    acked: Vec<u64>,
    lost: Vec<Tracked>,
}

impl Gate {
    pub fn connected(&self) -> bool {
        self.connected
    }

    pub fn session(&self) -> u64 {
        self.session
    }

    /// Data publishes the broker acknowledged since the last call.
    pub fn take_acked(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.acked)
    }

    /// Data publishes whose connection dropped before the broker acknowledged them, oldest first.
    pub fn take_lost(&mut self) -> Vec<Tracked> {
        std::mem::take(&mut self.lost)
    }

    /// Nothing is waiting for an acknowledgement.
    pub fn settled(&self) -> bool {
        self.unassigned.is_empty() && self.inflight.is_empty()
    }

    /// Publishes a data report (QoS 1); `None` when disconnected, when lost reports are still to be taken back
    /// (they go first), or when rumqttc's queue is full.
    pub fn publish_data(&mut self, payload: Vec<u8>, live: Option<DataReport>) -> Option<u64> {
        if !self.connected || !self.lost.is_empty() {
            return None;
        }
        let topic = self.topics.topic(Channel::Data);
        self.client.try_publish(topic, QoS::AtLeastOnce, false, payload).ok()?;
        let id = self.next_id;
        self.next_id += 1;
        self.unassigned.push_back(Some(Tracked { id, live }));
        Some(id)
    }

    /// Publishes anything else (QoS 1); false when it could not be handed to rumqttc.
    pub fn publish(&mut self, channel: Channel, retain: bool, payload: Vec<u8>) -> bool {
        if !self.connected {
            return false;
        }
        let topic = self.topics.topic(channel);
        if self.client.try_publish(topic, QoS::AtLeastOnce, retain, payload).is_err() {
            return false;
        }
        self.unassigned.push_back(None);
        true
    }

    /// At shutdown: the live reports not acknowledged yet, oldest first, to be buffered since the broker may never
    /// acknowledge them. Their publishes stay tracked (an acknowledgement may still come; a reading sent twice
    /// is acceptable, a reading lost is not).
    pub fn unacknowledged_live(&mut self) -> Vec<DataReport> {
        let mut out: Vec<(u64, DataReport)> =
            self.lost.drain(..).filter_map(|t| t.live.map(|report| (t.id, report))).collect();
        let tracked = self.unassigned.iter_mut().flatten().chain(self.inflight.values_mut().flatten());
        out.extend(tracked.filter_map(|t| t.live.take().map(|report| (t.id, report))));
        out.sort_by_key(|(id, _)| *id);
        out.into_iter().map(|(_, report)| report).collect()
    }

    fn forget_in_flight(&mut self) {
        let mut lost: Vec<Tracked> = self.unassigned.drain(..).flatten().collect();
        lost.extend(self.inflight.drain().filter_map(|(_, t)| t));
        self.lost.extend(lost);
        self.lost.sort_by_key(|t| t.id);
    }
}

/// The link as the rest of the agent sees it.
pub(crate) struct Uplink {
    gate: Mutex<Gate>,
    /// Wakes the outbox on connection, disconnection and acknowledgement.
    pub changed: Notify,
    client: AsyncClient,
}

impl Uplink {
    pub fn lock(&self) -> MutexGuard<'_, Gate> {
        self.gate.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Publishes a message that is not data; dropped (with a debug line) while disconnected.
    pub fn publish(&self, channel: Channel, retain: bool, payload: Vec<u8>) -> bool {
        let sent = self.lock().publish(channel, retain, payload);
        if !sent {
            tracing::debug!(channel = channel.suffix(), "not connected: message dropped");
        }
        sent
    }

    /// Publishes the retained online status.
    pub fn publish_status(&self, status: &StatusSource) -> bool {
        let payload = serde_json::to_vec(&status.online()).expect("a status serialises");
        self.publish(Channel::Status, true, payload)
    }

    /// Asks rumqttc to close the connection cleanly (no last will).
    pub fn disconnect(&self) {
        let _ = self.client.try_disconnect();
    }
}

/// The MQTT options: client id = user name = serial number, clean session, the offline status as last will.
fn options(config: &AgentConfig, topics: &GatewayTopics) -> MqttOptions {
    // rumqttc joins host and port as `host:port` before resolving: an IPv6 address needs its brackets.
    let host =
        if config.broker.host.contains(':') { format!("[{}]", config.broker.host) } else { config.broker.host.clone() };
    let mut options = MqttOptions::new(&config.sn, host, config.broker.port);
    options.set_credentials(&config.sn, config.secret.expose());
    options.set_keep_alive(Duration::from_secs(config.keep_alive_secs));
    options.set_clean_session(true);
    options.set_max_packet_size(MAX_PACKET_BYTES, MAX_PACKET_BYTES);
    options.set_last_will(will(topics));
    options
}

fn will(topics: &GatewayTopics) -> LastWill {
    LastWill::new(topics.topic(Channel::Status), status::offline(), QoS::AtLeastOnce, true)
}

/// Creates the client; nothing connects until [`run`] polls the event loop.
pub(crate) fn connect(config: &AgentConfig, topics: GatewayTopics) -> (Arc<Uplink>, EventLoop) {
    let (client, eventloop) = AsyncClient::new(options(config, &topics), REQUEST_QUEUE);
    let gate = Gate {
        client: client.clone(),
        topics,
        connected: false,
        session: 0,
        next_id: 0,
        unassigned: VecDeque::new(),
        inflight: HashMap::new(),
        acked: Vec::new(),
        lost: Vec::new(),
    };
    (Arc::new(Uplink { gate: Mutex::new(gate), changed: Notify::new(), client }), eventloop)
}

/// What the link task needs besides the event loop.
pub(crate) struct LinkTask {
    pub uplink: Arc<Uplink>,
    pub topics: GatewayTopics,
    pub status: Arc<StatusSource>,
    pub inbox: mpsc::Sender<Incoming>,
    pub timing: Timing,
}

impl LinkTask {
    /// Drives the connection until the client disconnects (shutdown): reconnects with a growing pause, announces
    /// itself and subscribes at each connection, and hands incoming messages to `inbox`.
    pub(crate) async fn run(self, mut eventloop: EventLoop) {
        let mut backoff = self.timing.reconnect_min;
        let mut was_connected = false;
        loop {
            match eventloop.poll().await {
                Ok(Event::Incoming(Packet::ConnAck(_))) => {
                    tracing::info!("connected to the broker");
                    backoff = self.timing.reconnect_min;
                    was_connected = true;
                    self.connected();
                }
                Ok(Event::Outgoing(Outgoing::Disconnect)) => {
                    tracing::info!("disconnected from the broker");
                    return;
                }
                Ok(event) => self.handle(event),
                Err(ConnectionError::RequestsDone) => return,
                Err(error) => {
                    self.disconnected(&mut eventloop);
                    if let ConnectionError::ConnectionRefused(code) = error {
                        tracing::error!(?code, "the broker refused the connection (serial number or secret wrong?)");
                    } else if was_connected {
                        tracing::warn!(%error, "connection to the broker lost; reconnecting");
                    } else {
                        tracing::debug!(%error, ?backoff, "cannot reach the broker");
                    }
                    was_connected = false;
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(self.timing.reconnect_max);
                    // The will carries the time; keep it fresh for the next connection.
                    eventloop.mqtt_options.set_last_will(will(&self.topics));
                }
            }
        }
    }

    /// The connection is gone (or never came): close the gate and hand the data in flight back to the outbox.
    fn disconnected(&self, eventloop: &mut EventLoop) {
        // Events rumqttc read or queued before the failure belong to the session that just ended: handle them
        // now, or a stale packet id would be taken for one of the next session.
        let leftover: Vec<Event> = eventloop.state.events.drain(..).collect();
        for event in leftover {
            self.handle(event);
        }
        {
            let mut gate = self.uplink.lock();
            gate.connected = false;
            // Whatever rumqttc still queues belongs to the dead session (a clean session resends nothing); the
            // tracked data is handed back to the outbox instead.
            eventloop.clean();
            eventloop.pending.clear();
            gate.forget_in_flight();
        }
        self.uplink.changed.notify_one();
    }

    /// A new connection: open the gate, subscribe, announce the online status, wake the outbox to replay.
    fn connected(&self) {
        {
            let mut gate = self.uplink.lock();
            gate.connected = true;
            gate.session += 1;
        }
        for channel in [Channel::Config, Channel::Monitor, Channel::Command] {
            if self.uplink.client.try_subscribe(self.topics.topic(channel), QoS::AtLeastOnce).is_err() {
                tracing::warn!(channel = channel.suffix(), "cannot subscribe: rumqttc's queue is full");
            }
        }
        self.uplink.publish_status(&self.status);
        self.uplink.changed.notify_one();
    }

    fn handle(&self, event: Event) {
        match event {
            Event::Incoming(Packet::Publish(publish)) => {
                let message = match topics::parse(&publish.topic) {
                    Some((sn, channel)) if sn == self.topics.sn() => match channel {
                        Channel::Config => Some(Incoming::Config(publish.payload.to_vec())),
                        Channel::Monitor => Some(Incoming::Monitor(publish.payload.to_vec())),
                        Channel::Command => Some(Incoming::Command(publish.payload.to_vec())),
                        _ => None,
                    },
                    _ => None,
                };
                match message {
                    Some(message) => {
                        if self.inbox.try_send(message).is_err() {
                            tracing::warn!(topic = %publish.topic, "incoming message dropped: the agent is busy");
                        }
                    }
                    None => tracing::debug!(topic = %publish.topic, "message on an unexpected topic ignored"),
                }
            }
            Event::Outgoing(Outgoing::Publish(pkid)) => {
                let mut gate = self.uplink.lock();
                match gate.unassigned.pop_front() {
                    Some(entry) if pkid != 0 => {
                        gate.inflight.insert(pkid, entry);
                    }
                    Some(_) => {}
                    None => tracing::warn!(pkid, "a publish left that the agent did not track"),
                }
            }
            Event::Incoming(Packet::PubAck(ack)) => {
                let mut gate = self.uplink.lock();
                if let Some(Some(tracked)) = gate.inflight.remove(&ack.pkid) {
                    gate.acked.push(tracked.id);
                }
                drop(gate);
                self.uplink.changed.notify_one();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_protocol::payload::{Quality, Reading, ReportKind};
    use rumqttc::{PubAck, Publish};

    fn link() -> (LinkTask, EventLoop, mpsc::Receiver<Incoming>) {
        let config = AgentConfig::new("mqtt://127.0.0.1:9", "EG-1", "s", "/nonexistent").unwrap();
        let topics = GatewayTopics::new("EG-1").unwrap();
        let (uplink, eventloop) = connect(&config, topics.clone());
        let (inbox, rx) = mpsc::channel(8);
        let status = Arc::new(StatusSource::new("m", "f", false, None));
        (LinkTask { uplink, topics, status, inbox, timing: Timing::default() }, eventloop, rx)
    }

    fn report(t: i64) -> DataReport {
        let reading = Reading { signal: 1, t, v: Some(1.0), q: Quality::Good };
        DataReport { seq: 0, kind: ReportKind::Change, readings: vec![reading], errors: Default::default() }
    }

    #[test]
    fn nothing_is_published_while_disconnected() {
        let (link, _eventloop, _rx) = link();
        let mut gate = link.uplink.lock();
        assert_eq!(gate.publish_data(b"{}".to_vec(), Some(report(1))), None);
        assert!(!gate.publish(Channel::Status, true, b"{}".to_vec()));
        assert!(gate.settled());
    }

    #[test]
    fn acknowledged_data_is_done_and_unacknowledged_data_comes_back_in_order_when_the_link_drops() {
        let (link, mut eventloop, _rx) = link();
        link.uplink.lock().connected = true;
        let ids: Vec<u64> = (1..=4)
            .map(|t| {
                let mut gate = link.uplink.lock();
                if t == 2 {
                    assert!(gate.publish(Channel::Status, true, b"{}".to_vec()), "not data, but tracked too");
                }
                gate.publish_data(b"{}".to_vec(), Some(report(t))).unwrap()
            })
            .collect();
        // rumqttc sends four of the five (packet ids 1 to 4, the status being the second); the broker acks two.
        for pkid in 1..=4 {
            link.handle(Event::Outgoing(Outgoing::Publish(pkid)));
        }
        link.handle(Event::Incoming(Packet::PubAck(PubAck::new(1))));
        link.handle(Event::Incoming(Packet::PubAck(PubAck::new(2))));
        assert_eq!(link.uplink.lock().take_acked(), [ids[0]], "the status's ack is not data");
        assert!(!link.uplink.lock().settled());
        // The ack of packet 3 was read before the connection failed: it still counts.
        eventloop.state.events.push_back(Event::Incoming(Packet::PubAck(PubAck::new(3))));
        link.disconnected(&mut eventloop);
        let mut gate = link.uplink.lock();
        assert!(!gate.connected());
        assert_eq!(gate.take_acked(), [ids[1]]);
        assert_eq!(gate.publish_data(b"{}".to_vec(), None), None, "the lost ones are taken back first");
        let lost: Vec<i64> = gate.take_lost().into_iter().map(|t| t.live.unwrap().readings[0].t).collect();
        assert_eq!(lost, [3, 4], "oldest first, the one never sent included");
        assert!(gate.settled());
    }

    #[test]
    fn at_shutdown_unacknowledged_reports_are_copied_out_and_stay_tracked() {
        let (link, _eventloop, _rx) = link();
        link.uplink.lock().connected = true;
        for t in [1, 2] {
            link.uplink.lock().publish_data(b"{}".to_vec(), Some(report(t))).unwrap();
        }
        link.handle(Event::Outgoing(Outgoing::Publish(1)));
        let copied: Vec<i64> = link.uplink.lock().unacknowledged_live().iter().map(|r| r.readings[0].t).collect();
        assert_eq!(copied, [1, 2]);
        assert!(!link.uplink.lock().settled());
        assert!(link.uplink.lock().unacknowledged_live().is_empty(), "copied once");
    }

    #[tokio::test]
    async fn messages_on_the_gateways_topics_reach_the_inbox() {
        let (link, _eventloop, mut rx) = link();
        let publish =
            |topic: &str| Event::Incoming(Packet::Publish(Publish::new(topic, QoS::AtLeastOnce, b"x".to_vec())));
        link.handle(publish("ironsight/v1/gw/EG-1/cmd"));
        link.handle(publish("ironsight/v1/gw/EG-2/cmd"));
        link.handle(publish("ironsight/v1/gw/EG-1/data"));
        link.handle(publish("ironsight/v1/gw/EG-1/config"));
        assert!(matches!(rx.recv().await, Some(Incoming::Command(p)) if p == b"x"));
        assert!(matches!(rx.recv().await, Some(Incoming::Config(_))), "other gateways' and our own output skipped");
        assert!(rx.try_recv().is_err());
    }
}

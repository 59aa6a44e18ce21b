//! The MQTT link to the broker (rumqttc): connecting and reconnecting, the last will, subscriptions, incoming
//! messages, and knowing which of our publishes the broker acknowledged.
//!
//! # Why the agent tracks acknowledgements itself
//! The session is clean (the broker keeps nothing for a gateway that is away; the agent has its own disk
//! buffer), and with a clean session rumqttc forgets every publish not yet acknowledged when the connection
//! drops: the data in flight at that moment would be lost. So every publish goes through the [`Gate`], which
//! records it in order; rumqttc reports each publish it sends with its packet id, in the order it took them
//! from its queue, and then each PUBACK with the same id. When the connection drops before the PUBACK, the gate
//! hands the report back to the outbox (as "lost") to be buffered on disk and replayed. Only this module and the
//! outbox take the gate's lock, and nothing is published while disconnected, so the order of what is sent and
//! what is handed back cannot be mixed up.
//!
//! # Why a PUBACK is not the end
//! The broker acknowledges a report when it has it, not when the server has stored it: a server killed between
//! the two (the embedded broker dies with it; an external one has already handed the report to the server's
//! session) would lose it. So a report the broker acknowledged waits, still held, until the server publishes
//! `…/data/stored {run, from, to}` after its database write: only then is it done. The connection dropping hands the
//! waiting reports back like the unacknowledged ones, and a report not confirmed within
//! [`Timing::stored_timeout`] (or past [`MAX_UNSTORED`] waiting) is handed back too, to be sent again from the
//! disk buffer. A reading may so arrive twice; the server stores it once (history is keyed by signal and time).

use crate::config::{AgentConfig, Timing};
use crate::status::{self, StatusSource};
use ironsight_protocol::payload::{DataReport, DataStored};
use ironsight_protocol::topics::{self, Channel, GatewayTopics};
use rumqttc::{AsyncClient, ConnectionError, Event, EventLoop, LastWill, MqttOptions, Outgoing, Packet, QoS};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

/// Largest MQTT packet sent or accepted: a configuration of many devices with 2000 signals each is large.
pub const MAX_PACKET_BYTES: usize = 8 << 20;
/// Requests rumqttc queues before `try_publish` refuses (the outbox then buffers on disk).
const REQUEST_QUEUE: usize = 1024;
/// Data reports held in memory while they wait for the server's confirmation; the oldest beyond this go to the
/// disk buffer (a server that stores nothing must not grow the agent's memory).
pub const MAX_UNSTORED: usize = 2048;

/// A message from the server, by topic.
#[derive(Debug)]
pub(crate) enum Incoming {
    Config(Vec<u8>),
    Monitor(Vec<u8>),
    Command(Vec<u8>),
}

/// A data report of ours the server has not confirmed as stored yet.
#[derive(Debug)]
pub(crate) struct Tracked {
    /// The report's `seq` (it increases with every data publish of this run); what [`Gate::take_stored`] returns.
    pub id: u64,
    /// For a live report, the report itself (buffered if lost); `None` for a replay (still on disk).
    pub live: Option<DataReport>,
    /// The server confirmed it before the broker's acknowledgement reached us.
    pub confirmed: bool,
}

/// The connection state and the publishes in flight, under one lock.
pub(crate) struct Gate {
    client: AsyncClient,
    topics: GatewayTopics,
    connected: bool,
    /// Increases at every connection: a replay batch sent in an earlier session is void.
    session: u64,
    /// This run of the agent, drawn at start: confirmations naming another run are not ours.
    run: u64,
    /// Handed to rumqttc, packet id not known yet, in order; `None` for a publish that is not data.
    unassigned: VecDeque<Option<Tracked>>,
    /// Sent, waiting for the PUBACK, by packet id.
    inflight: HashMap<u16, Option<Tracked>>,
    /// Acknowledged by the broker, waiting for the server's confirmation, oldest first, with when the PUBACK came.
    unstored: VecDeque<(Instant, Tracked)>,
    stored: Vec<u64>,
    lost: Vec<Tracked>,
}

impl Gate {
    pub fn connected(&self) -> bool {
        self.connected
    }

    pub fn session(&self) -> u64 {
        self.session
    }

    pub fn run(&self) -> u64 {
        self.run
    }

    /// Data reports (by `seq`) the server confirmed as stored since the last call.
    pub fn take_stored(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.stored)
    }

    /// Data reports handed back since the last call (their connection dropped, or the server did not confirm
    /// them in time), oldest first.
    pub fn take_lost(&mut self) -> Vec<Tracked> {
        std::mem::take(&mut self.lost)
    }

    /// Nothing is waiting for an acknowledgement or a confirmation.
    pub fn settled(&self) -> bool {
        self.unassigned.is_empty() && self.inflight.is_empty() && self.unstored.is_empty()
    }

    /// Publishes data report number `seq` (QoS 1); false when disconnected, when lost reports are still to be
    /// taken back (they go first), or when rumqttc's queue is full.
    pub fn publish_data(&mut self, seq: u64, payload: Vec<u8>, live: Option<DataReport>) -> bool {
        if !self.connected || !self.lost.is_empty() {
            return false;
        }
        let topic = self.topics.topic(Channel::Data);
        if self.client.try_publish(topic, QoS::AtLeastOnce, false, payload).is_err() {
            return false;
        }
        self.unassigned.push_back(Some(Tracked { id: seq, live, confirmed: false }));
        true
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

    /// At shutdown: the live reports not confirmed yet, oldest first, to be buffered since the server may never
    /// confirm them. Their publishes stay tracked (a confirmation may still come; a reading sent twice is
    /// acceptable, a reading lost is not).
    pub fn unconfirmed_live(&mut self) -> Vec<DataReport> {
        let mut out: Vec<(u64, DataReport)> =
            self.lost.drain(..).filter_map(|t| t.live.map(|report| (t.id, report))).collect();
        let tracked = self
            .unassigned
            .iter_mut()
            .flatten()
            .chain(self.inflight.values_mut().flatten())
            .chain(self.unstored.iter_mut().map(|(_, t)| t));
        out.extend(tracked.filter_map(|t| t.live.take().map(|report| (t.id, report))));
        out.sort_by_key(|(id, _)| *id);
        out.into_iter().map(|(_, report)| report).collect()
    }

    /// The broker acknowledged `tracked`: done if the server already confirmed it, else it waits for that.
    fn acknowledged(&mut self, tracked: Tracked, now: Instant) {
        if tracked.confirmed {
            self.stored.push(tracked.id);
            return;
        }
        self.unstored.push_back((now, tracked));
        while self.unstored.len() > MAX_UNSTORED {
            let (_, oldest) = self.unstored.pop_front().expect("not empty");
            self.hand_back(vec![oldest]);
        }
    }

    /// The server says the reports `from..=to` of run `run` are stored.
    fn confirmed(&mut self, confirmation: DataStored) {
        if confirmation.run != self.run {
            return;
        }
        let range = confirmation.from..=confirmation.to;
        let (done, waiting): (VecDeque<_>, VecDeque<_>) =
            self.unstored.drain(..).partition(|(_, t)| range.contains(&t.id));
        self.unstored = waiting;
        self.stored.extend(done.into_iter().map(|(_, t)| t.id));
        // Not acknowledged by the broker yet (its PUBACK is on the way): done when it comes.
        for tracked in self.unassigned.iter_mut().flatten().chain(self.inflight.values_mut().flatten()) {
            tracked.confirmed |= range.contains(&tracked.id);
        }
    }

    /// Hands back the reports acknowledged before `deadline` and still not confirmed; true when there were any.
    pub fn expire_unconfirmed(&mut self, deadline: Instant) -> bool {
        let mut expired = Vec::new();
        while self.unstored.front().is_some_and(|(at, _)| *at < deadline) {
            expired.push(self.unstored.pop_front().expect("not empty").1);
        }
        let any = !expired.is_empty();
        if any {
            tracing::warn!(reports = expired.len(), "the server did not confirm reports as stored: sending them again");
            self.hand_back(expired);
        }
        any
    }

    fn hand_back(&mut self, tracked: Vec<Tracked>) {
        self.lost.extend(tracked);
        self.lost.sort_by_key(|t| t.id);
    }

    fn forget_in_flight(&mut self) {
        let mut lost: Vec<Tracked> = self.unassigned.drain(..).flatten().collect();
        lost.extend(self.inflight.drain().filter_map(|(_, t)| t));
        lost.extend(self.unstored.drain(..).map(|(_, t)| t));
        self.hand_back(lost);
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
        run: draw_run(),
        unassigned: VecDeque::new(),
        inflight: HashMap::new(),
        unstored: VecDeque::new(),
        stored: Vec::new(),
        lost: Vec::new(),
    };
    (Arc::new(Uplink { gate: Mutex::new(gate), changed: Notify::new(), client }), eventloop)
}

/// A run number no earlier run of this agent is likely to have drawn: std's `RandomState` keys come from the
/// operating system's random source, and the clock and process id are mixed in as well.
fn draw_run() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    hasher.write_u128(nanos);
    hasher.write_u32(std::process::id());
    hasher.finish().max(1)
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
        for channel in [Channel::Config, Channel::Monitor, Channel::Command, Channel::DataStored] {
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
                        Channel::DataStored => {
                            self.on_stored(&publish.payload);
                            return;
                        }
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
                    gate.acknowledged(tracked, Instant::now());
                }
                drop(gate);
                self.uplink.changed.notify_one();
            }
            _ => {}
        }
    }

    /// The server's confirmation of stored reports; one that does not parse is logged and ignored (the next
    /// covers it, or the reports are sent again after the timeout).
    fn on_stored(&self, payload: &[u8]) {
        match serde_json::from_slice::<DataStored>(payload) {
            Ok(confirmation) => {
                self.uplink.lock().confirmed(confirmation);
                self.uplink.changed.notify_one();
            }
            Err(e) => tracing::warn!("a stored confirmation that does not parse ignored: {e}"),
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
        DataReport { run: 0, seq: 0, kind: ReportKind::Change, readings: vec![reading], errors: Default::default() }
    }

    /// Publishes data reports with seqs `1..=n` (a status publish after the first) and lets rumqttc "send" them
    /// all: packet ids 1 to n + 1, the status being packet 2.
    fn publish_reports(link: &LinkTask, n: u64) {
        link.uplink.lock().connected = true;
        for seq in 1..=n {
            let mut gate = link.uplink.lock();
            assert!(gate.publish_data(seq, b"{}".to_vec(), Some(report(seq as i64))));
            if seq == 1 {
                assert!(gate.publish(Channel::Status, true, b"{}".to_vec()), "not data, but tracked too");
            }
        }
        for pkid in 1..=n as u16 + 1 {
            link.handle(Event::Outgoing(Outgoing::Publish(pkid)));
        }
    }

    fn puback(link: &LinkTask, pkid: u16) {
        link.handle(Event::Incoming(Packet::PubAck(PubAck::new(pkid))));
    }

    fn confirm(link: &LinkTask, run: u64, from: u64, to: u64) {
        let payload = serde_json::to_vec(&DataStored { run, from, to }).unwrap();
        let topic = "ironsight/v1/gw/EG-1/data/stored";
        link.handle(Event::Incoming(Packet::Publish(Publish::new(topic, QoS::AtLeastOnce, payload))));
    }

    fn lost_times(gate: &mut Gate) -> Vec<i64> {
        gate.take_lost().into_iter().map(|t| t.live.unwrap().readings[0].t).collect()
    }

    #[test]
    fn nothing_is_published_while_disconnected() {
        let (link, _eventloop, _rx) = link();
        let mut gate = link.uplink.lock();
        assert!(!gate.publish_data(1, b"{}".to_vec(), Some(report(1))));
        assert!(!gate.publish(Channel::Status, true, b"{}".to_vec()));
        assert!(gate.settled());
    }

    #[test]
    fn a_report_is_done_when_the_server_confirms_it_stored_not_when_the_broker_acknowledged_it() {
        let (link, _eventloop, _rx) = link();
        publish_reports(&link, 3);
        for pkid in 1..=4 {
            puback(&link, pkid);
        }
        assert!(link.uplink.lock().take_stored().is_empty(), "acknowledged by the broker only");
        assert!(!link.uplink.lock().settled());
        let run = link.uplink.lock().run();
        confirm(&link, run.wrapping_add(1), 1, 3);
        assert!(link.uplink.lock().take_stored().is_empty(), "another run's confirmation is not ours");
        confirm(&link, run, 2, 2);
        assert_eq!(link.uplink.lock().take_stored(), [2], "a range, not everything up to it");
        confirm(&link, run, 3, 4);
        assert_eq!(link.uplink.lock().take_stored(), [3]);
        assert!(!link.uplink.lock().settled(), "report 1 is still waiting");
        confirm(&link, run, 1, 1);
        assert_eq!(link.uplink.lock().take_stored(), [1]);
        assert!(link.uplink.lock().settled());
    }

    #[test]
    fn a_confirmation_that_overtakes_the_brokers_acknowledgement_counts_when_it_comes() {
        let (link, _eventloop, _rx) = link();
        publish_reports(&link, 2);
        let run = link.uplink.lock().run();
        confirm(&link, run, 1, 2);
        assert!(link.uplink.lock().take_stored().is_empty());
        puback(&link, 3);
        assert_eq!(link.uplink.lock().take_stored(), [2]);
        puback(&link, 1);
        assert_eq!(link.uplink.lock().take_stored(), [1]);
    }

    #[test]
    fn when_the_link_drops_unacknowledged_and_unconfirmed_reports_come_back_in_order() {
        let (link, mut eventloop, _rx) = link();
        publish_reports(&link, 4);
        let run = link.uplink.lock().run();
        puback(&link, 1);
        puback(&link, 3);
        confirm(&link, run, 1, 1);
        assert_eq!(link.uplink.lock().take_stored(), [1]);
        // The ack of packet 4 was read before the connection failed: it still counts, but is not a confirmation.
        eventloop.state.events.push_back(Event::Incoming(Packet::PubAck(PubAck::new(4))));
        link.disconnected(&mut eventloop);
        let mut gate = link.uplink.lock();
        assert!(!gate.connected());
        assert!(gate.take_stored().is_empty());
        assert!(!gate.publish_data(5, b"{}".to_vec(), None), "the lost ones are taken back first");
        assert_eq!(lost_times(&mut gate), [2, 3, 4], "oldest first: acknowledged or not, none was confirmed");
        assert!(gate.settled());
    }

    #[test]
    fn a_report_not_confirmed_in_time_is_handed_back_while_connected() {
        let (link, _eventloop, _rx) = link();
        publish_reports(&link, 2);
        let before = Instant::now();
        for pkid in 1..=3 {
            puback(&link, pkid);
        }
        let mut gate = link.uplink.lock();
        assert!(!gate.expire_unconfirmed(before), "acknowledged after the deadline: still waiting");
        assert!(gate.expire_unconfirmed(Instant::now() + Duration::from_millis(1)));
        assert_eq!(lost_times(&mut gate), [1, 2]);
        assert!(gate.connected() && gate.settled());
    }

    #[test]
    fn at_most_max_unstored_reports_wait_in_memory() {
        let (link, _eventloop, _rx) = link();
        let mut gate = link.uplink.lock();
        let now = Instant::now();
        for seq in 1..=MAX_UNSTORED as u64 + 2 {
            gate.acknowledged(Tracked { id: seq, live: Some(report(seq as i64)), confirmed: false }, now);
        }
        assert_eq!(gate.unstored.len(), MAX_UNSTORED);
        assert_eq!(lost_times(&mut gate), [1, 2], "the oldest go to the disk buffer");
    }

    #[test]
    fn at_shutdown_unconfirmed_reports_are_copied_out_and_stay_tracked() {
        let (link, _eventloop, _rx) = link();
        publish_reports(&link, 3);
        puback(&link, 1);
        let copied: Vec<i64> = link.uplink.lock().unconfirmed_live().iter().map(|r| r.readings[0].t).collect();
        assert_eq!(copied, [1, 2, 3], "acknowledged or not, none was confirmed");
        assert!(!link.uplink.lock().settled());
        assert!(link.uplink.lock().unconfirmed_live().is_empty(), "copied once");
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
        link.handle(publish("ironsight/v1/gw/EG-1/data/stored"));
        assert!(matches!(rx.recv().await, Some(Incoming::Command(p)) if p == b"x"));
        assert!(matches!(rx.recv().await, Some(Incoming::Config(_))), "other gateways' and our own output skipped");
        assert!(rx.try_recv().is_err());
    }
}

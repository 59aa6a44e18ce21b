//! The simulated edge nodes: one MQTT connection each (the console's credentials, the client id its user name, its
//! NDEATH as will), numbered by the crate's own `EdgeNode`, answering the server's rebirth requests as a real node
//! must (a lost QoS 0 message is a sequence gap to the host).

use super::*;
use ironsight_sparkplug::command::Outgoing;
use ironsight_sparkplug::command::edge::{BirthDef, DataValue, EdgeNode, is_rebirth_request};
use ironsight_sparkplug::{MetricValue, NodeId};
use rumqttc::{AsyncClient, Event, EventLoop, LastWill, MqttOptions, Packet, QoS};

/// The bench's Sparkplug group.
pub(crate) const GROUP: &str = "Bench";

/// What the nodes' connections saw, summed.
#[derive(Default)]
pub(crate) struct NodeCounters {
    pub(crate) connected: AtomicUsize,
    pub(crate) refused: AtomicUsize,
    /// Connections lost after the first login (rumqttc reconnects on the next poll).
    pub(crate) dropped: AtomicUsize,
    /// Rebirth requests (NCMD) the nodes answered with new births.
    pub(crate) rebirths: AtomicU64,
}

/// One edge node as registered: its id in the console, its login and its Sparkplug names.
pub(crate) struct Registered {
    pub(crate) source_id: String,
    pub(crate) username: String,
    pub(crate) secret: String,
    pub(crate) node: String,
}

pub(crate) struct SimNode {
    pub(crate) client: AsyncClient,
    /// Held while one round of messages is numbered and queued, so a node's messages leave in seq order.
    edge: tokio::sync::Mutex<EdgeNode>,
}

pub(crate) fn device_id(d: usize) -> String {
    format!("D{d}")
}

/// Unique across the node's devices, as the specification wants of aliases.
fn alias(d: usize, m: usize) -> u64 {
    (d * METRICS_PER_DEVICE + m + 1) as u64
}

fn now_u64() -> u64 {
    u64::try_from(now_ms()).unwrap_or(0)
}

fn qos(level: u8) -> QoS {
    if level == 0 { QoS::AtMostOnce } else { QoS::AtLeastOnce }
}

impl SimNode {
    /// Connects node `registered` to the broker on `mqtt_port`; its connection is driven by a task of its own.
    pub(crate) fn start(registered: &Registered, mqtt_port: u16, counters: Arc<NodeCounters>) -> Arc<SimNode> {
        let node = NodeId::new(GROUP, &registered.node).expect("a valid node id");
        let edge = EdgeNode::new(node.clone(), 0);
        let mut options = MqttOptions::new(&registered.username, "127.0.0.1", mqtt_port);
        options.set_credentials(&registered.username, &registered.secret);
        options.set_keep_alive(Duration::from_secs(30));
        options.set_max_packet_size(1 << 20, 1 << 20);
        let will = edge.death(now_u64());
        options.set_last_will(LastWill::new(will.topic, will.payload, qos(will.qos), will.retain));
        // Room for a burst of every device's data without waiting on the event loop.
        let (client, eventloop) = AsyncClient::new(options, 4 * DEVICES_PER_NODE * BURST_REPORTS.max(4));
        let sim = Arc::new(SimNode { client, edge: tokio::sync::Mutex::new(edge) });
        let ncmd = format!("spBv1.0/{GROUP}/NCMD/{}", registered.node);
        tokio::spawn(drive(eventloop, sim.clone(), ncmd, counters));
        sim
    }

    async fn send(&self, out: Outgoing) -> anyhow::Result<()> {
        self.client.publish(out.topic, qos(out.qos), out.retain, out.payload).await?;
        Ok(())
    }

    /// The NBIRTH (no metrics of its own) and every device's DBIRTH of [`METRICS_PER_DEVICE`] Doubles with
    /// aliases, 0 at first.
    pub(crate) async fn births(&self) -> anyhow::Result<()> {
        let mut edge = self.edge.lock().await;
        let now = now_u64();
        let birth = edge.birth(&[], now);
        self.send(birth).await?;
        for d in 0..DEVICES_PER_NODE {
            let metrics: Vec<BirthDef> = (0..METRICS_PER_DEVICE)
                .map(|m| BirthDef::new(&format!("m{m:02}"), Some(alias(d, m)), MetricValue::Double(0.0)))
                .collect();
            let birth = edge.device_birth(&device_id(d), &metrics, now).expect("a valid device id");
            self.send(birth).await?;
        }
        Ok(())
    }

    /// A DDATA of every device, all its metrics by alias, dated `t`; values `k + m / 100`.
    pub(crate) async fn data(&self, t: i64, k: usize) -> anyhow::Result<()> {
        let mut edge = self.edge.lock().await;
        for d in 0..DEVICES_PER_NODE {
            let values: Vec<DataValue> = (0..METRICS_PER_DEVICE)
                .map(|m| DataValue {
                    name: format!("m{m:02}"),
                    alias: Some(alias(d, m)),
                    value: MetricValue::Double(k as f64 + m as f64 / 100.0),
                })
                .collect();
            let data = edge.device_data(&device_id(d), &values, u64::try_from(t).unwrap_or(0)).expect("valid");
            self.send(data).await?;
        }
        Ok(())
    }
}

/// Polls the node's connection: counts its login, subscribes to its NCMD, answers a rebirth request with births
/// (from a task of its own: this loop must keep polling for them to go out).
async fn drive(mut eventloop: EventLoop, sim: Arc<SimNode>, ncmd: String, counters: Arc<NodeCounters>) {
    let mut connected_once = false;
    loop {
        match eventloop.poll().await {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                if connected_once {
                    continue;
                }
                connected_once = true;
                counters.connected.fetch_add(1, Ordering::Relaxed);
                let _ = sim.client.try_subscribe(ncmd.clone(), QoS::AtLeastOnce);
            }
            Ok(Event::Incoming(Packet::Publish(publish))) if publish.topic == ncmd => {
                if ironsight_sparkplug::decode(&publish.payload).is_ok_and(|p| is_rebirth_request(&p)) {
                    counters.rebirths.fetch_add(1, Ordering::Relaxed);
                    let sim = sim.clone();
                    tokio::spawn(async move { sim.births().await });
                }
            }
            Ok(_) => {}
            Err(e) => {
                if connected_once {
                    counters.dropped.fetch_add(1, Ordering::Relaxed);
                } else if matches!(e, rumqttc::ConnectionError::ConnectionRefused(_)) {
                    counters.refused.fetch_add(1, Ordering::Relaxed);
                    return;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// What one ingest step sent and what reached the history.
pub(crate) struct Step {
    pub(crate) sent: u64,
    pub(crate) stored: u64,
    /// From the first publish until the last value counted arrived in the history.
    pub(crate) stored_secs: f64,
    /// From the first publish until the last DDATA was handed to its connection.
    pub(crate) publish_secs: f64,
    /// Server CPU over `stored_secs`, % of one core.
    pub(crate) cpu: f64,
    /// The whole machine's CPU over the step, % of all cores.
    pub(crate) machine: f64,
    pub(crate) rebirths: u64,
}

impl Step {
    pub(crate) fn rate(&self) -> f64 {
        self.stored as f64 / self.stored_secs
    }

    pub(crate) fn lost(&self) -> u64 {
        self.sent.saturating_sub(self.stored)
    }
}

/// What a step acts on and watches.
pub(crate) struct Fleet<'a> {
    pub(crate) nodes: &'a [Arc<SimNode>],
    pub(crate) counters: &'a NodeCounters,
    /// The server's database, to count history rows.
    pub(crate) monitor: &'a Store,
    /// The bench's signal ids, first and last.
    pub(crate) signals: (i64, i64),
    pub(crate) server_pid: &'a str,
    pub(crate) ticks_per_second: f64,
}

/// One ingest step: every node publishes `reports` rounds of a DDATA per device, dated `t_base + k`, one round every
/// `period` (the nodes' phases spread over it) or, without a period, all at once. DDATA is QoS 0, as the
/// specification has it, so nothing tells the bench a value arrived but the history: it counts the step's rows
/// until all are there, or until none has come for [`QUIET`] (the rest was lost).
pub(crate) async fn ingest_step(
    fleet: &Fleet<'_>,
    t_base: i64,
    reports: usize,
    period: Option<Duration>,
) -> anyhow::Result<Step> {
    let count = fleet.nodes.len() as u32;
    let rebirths_before = fleet.counters.rebirths.load(Ordering::Relaxed);
    let cpu = CpuMeter::start(fleet.server_pid);
    let machine = MachineMeter::start();
    let started = Instant::now();
    let publishers: Vec<_> = fleet
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let node = node.clone();
            tokio::spawn(async move {
                let mut tick = period.map(|period| {
                    let mut tick =
                        tokio::time::interval_at(tokio::time::Instant::now() + period * i as u32 / count, period);
                    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
                    tick
                });
                for k in 0..reports {
                    if let Some(tick) = tick.as_mut() {
                        tick.tick().await;
                    }
                    node.data(t_base + k as i64, k).await?;
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for publisher in publishers {
        publisher.await??;
    }
    let publish_secs = started.elapsed().as_secs_f64();
    let sent = (fleet.nodes.len() * DEVICES_PER_NODE * METRICS_PER_DEVICE * reports) as u64;
    let (first, last) = fleet.signals;
    let (mut stored, mut stored_secs) = (0, publish_secs);
    let (mut last_change, deadline) = (Instant::now(), Instant::now() + PHASE_TIMEOUT);
    loop {
        let now =
            fleet.monitor.history_count_of_signals(first, last, t_base, t_base + reports as i64 - 1).await? as u64;
        if now != stored {
            (stored, stored_secs, last_change) = (now, started.elapsed().as_secs_f64(), Instant::now());
        }
        if stored >= sent || last_change.elapsed() > QUIET || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let rebirths = fleet.counters.rebirths.load(Ordering::Relaxed) - rebirths_before;
    Ok(Step {
        sent,
        stored,
        stored_secs,
        publish_secs,
        cpu: cpu.percent(fleet.ticks_per_second),
        machine: machine.percent(),
        rebirths,
    })
}

//! The demo plant's water-quality analyser: a small Sparkplug B edge node inside the demo, speaking real Sparkplug B
//! over the embedded broker with the identity the console issued it (docs/gm-equipment.md), so GM equipment has
//! something live to show from the first start. Its values come from a slow model of treated water; its chlorine
//! dose setpoint can be written from the console (a DCMD), and the residual chlorine follows it.
//!
//! It behaves as an edge node must: NBIRTH and DBIRTH on connecting (after a seq-0 birth, every message numbered),
//! its NDEATH as the MQTT will, births again when a host asks (NCMD `Node Control/Rebirth`), and the written value
//! in the next DDATA.

use ironsight_sparkplug::command::Outgoing;
use ironsight_sparkplug::command::edge::{BirthDef, DataValue, EdgeNode, is_rebirth_request};
use ironsight_sparkplug::{MetricValue, NodeId, decode};
use rumqttc::{AsyncClient, Event, LastWill, MqttOptions, Packet, QoS};
use std::time::Duration;
use tokio::sync::watch;

/// The analyser's Sparkplug names.
pub const GROUP: &str = "WaterPlant";
pub const NODE: &str = "QualityEdge";
pub const DEVICE: &str = "Analyser";
/// The one metric the console may write.
pub const SETPOINT: &str = "Chlorine setpoint";

/// How often the analyser reports.
const REPORT_EVERY: Duration = Duration::from_secs(5);

/// The analyser's model: values as functions of time, the residual chlorine lagging towards the setpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub setpoint: f64,
    chlorine: f64,
}

impl Default for Model {
    fn default() -> Self {
        Model { setpoint: 0.5, chlorine: 0.5 }
    }
}

impl Model {
    /// Moves the model to `now_ms` (one report period on) and gives its values, in birth order.
    pub fn step(&mut self, now_ms: u64) -> Vec<(&'static str, f64)> {
        let t = now_ms as f64 / 60_000.0; // minutes
        let wave = |period_min: f64, phase: f64| (std::f64::consts::TAU * t / period_min + phase).sin();
        // First-order lag of the dosing loop: a fifth of the way each report.
        self.chlorine += (self.setpoint - self.chlorine) * 0.2;
        let day = wave(24.0 * 60.0, 0.0);
        vec![
            ("pH", round(7.2 + 0.12 * wave(47.0, 0.3) + 0.03 * wave(5.0, 1.0), 2)),
            ("Turbidity", round(0.35 + 0.08 * wave(31.0, 2.0) + 0.02 * wave(3.0, 0.0), 3)),
            ("Residual chlorine", round(self.chlorine + 0.02 * wave(7.0, 0.5), 3)),
            ("Conductivity", round(420.0 + 15.0 * wave(90.0, 1.2), 1)),
            ("Water temperature", round(16.5 + 1.5 * day, 2)),
        ]
    }
}

fn round(value: f64, decimals: i32) -> f64 {
    let factor = 10f64.powi(decimals);
    (value * factor).round() / factor
}

/// The birth's metrics: the measured values (Double, with units and ranges), then the setpoint.
fn births(model: &mut Model, now_ms: u64) -> Vec<BirthDef> {
    let units: [(&str, (f64, f64)); 5] =
        [("", (0.0, 14.0)), ("NTU", (0.0, 5.0)), ("mg/L", (0.0, 4.0)), ("µS/cm", (0.0, 2000.0)), ("°C", (0.0, 40.0))];
    let mut metrics: Vec<BirthDef> = model
        .step(now_ms)
        .into_iter()
        .zip(units)
        .enumerate()
        .map(|(i, ((name, value), (unit, range)))| BirthDef {
            unit: (!unit.is_empty()).then(|| unit.to_owned()),
            range: Some(range),
            ..BirthDef::new(name, Some(i as u64 + 1), MetricValue::Double(value))
        })
        .collect();
    metrics.push(BirthDef {
        unit: Some("mg/L".to_owned()),
        range: Some((0.0, 4.0)),
        ..BirthDef::new(SETPOINT, Some(6), MetricValue::Double(model.setpoint))
    });
    metrics
}

fn data(model: &mut Model, now_ms: u64) -> Vec<DataValue> {
    let mut values: Vec<DataValue> = model
        .step(now_ms)
        .into_iter()
        .enumerate()
        .map(|(i, (name, value))| DataValue {
            name: name.to_owned(),
            alias: Some(i as u64 + 1),
            value: MetricValue::Double(value),
        })
        .collect();
    values.push(DataValue { name: SETPOINT.to_owned(), alias: Some(6), value: MetricValue::Double(model.setpoint) });
    values
}

/// The setpoint a DCMD writes, if it writes one in range (by name or by its alias).
fn written_setpoint(payload: &[u8]) -> Option<f64> {
    let payload = decode(payload).ok()?;
    payload.metrics.iter().find_map(|m| {
        let ours = m.name.as_deref() == Some(SETPOINT) || m.alias == Some(6);
        let value = match m.value {
            Some(ironsight_sparkplug::proto::payload::metric::Value::DoubleValue(v)) => v,
            Some(ironsight_sparkplug::proto::payload::metric::Value::FloatValue(v)) => f64::from(v),
            _ => return None,
        };
        (ours && (0.0..=4.0).contains(&value)).then_some(value)
    })
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

async fn send(client: &AsyncClient, message: Outgoing) {
    let qos = if message.qos == 0 { QoS::AtMostOnce } else { QoS::AtLeastOnce };
    if let Err(error) = client.publish(message.topic, qos, message.retain, message.payload).await {
        tracing::debug!(%error, "demo analyser: publish not queued");
    }
}

/// Runs the analyser until `stopped` turns true: connects, is born, reports, answers rebirth requests and setpoint
/// writes; after a lost link it connects again as a new MQTT session (the next bdSeq, with its own NDEATH as the
/// will, so a host can tell the new session's death from the old one's); says its death before stopping.
pub async fn run(host: String, port: u16, username: String, secret: String, mut stopped: watch::Receiver<bool>) {
    let node = NodeId::new(GROUP, NODE).expect("the analyser's ids are valid");
    let mut edge = EdgeNode::new(node, 0);
    let mut model = Model::default();
    loop {
        let mut options = MqttOptions::new(username.clone(), host.clone(), port);
        options.set_credentials(username.clone(), secret.clone());
        options.set_keep_alive(Duration::from_secs(15));
        let will = edge.death(now_ms());
        options.set_last_will(LastWill::new(will.topic, will.payload, QoS::AtLeastOnce, false));
        let (client, events) = AsyncClient::new(options, 64);
        match session(&client, events, &mut edge, &mut model, &mut stopped).await {
            Ended::Stopped => return,
            Ended::LinkLost => {
                edge.reconnect();
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(1)) => {}
                    _ = stopped.wait_for(|stop| *stop) => return,
                }
            }
        }
    }
}

enum Ended {
    Stopped,
    LinkLost,
}

/// One MQTT session of the analyser.
async fn session(
    client: &AsyncClient,
    mut events: rumqttc::EventLoop,
    edge: &mut EdgeNode,
    model: &mut Model,
    stopped: &mut watch::Receiver<bool>,
) -> Ended {
    let mut report = tokio::time::interval(REPORT_EVERY);
    let mut born = false;
    loop {
        if *stopped.borrow() {
            break;
        }
        tokio::select! {
            // Looked at above; `changed` (unlike `wait_for`) keeps no guard while the other branches await. The
            // demo gone without a word (its sender dropped) stops the analyser too.
            changed = stopped.changed() => if changed.is_err() { break } else { continue },
            _ = report.tick(), if born => {
                if let Some(message) = edge.device_data(DEVICE, &data(model, now_ms()), now_ms()) {
                    send(client, message).await;
                }
            }
            event = events.poll() => match event {
                Ok(Event::Incoming(Packet::ConnAck(_))) => {
                    let _ = client.subscribe(format!("spBv1.0/{GROUP}/NCMD/{NODE}"), QoS::AtLeastOnce).await;
                    let _ = client.subscribe(format!("spBv1.0/{GROUP}/DCMD/{NODE}/{DEVICE}"), QoS::AtLeastOnce).await;
                    be_born(client, edge, model).await;
                    born = true;
                }
                Ok(Event::Incoming(Packet::Publish(p))) if p.topic.contains("/NCMD/") => {
                    if decode(&p.payload).is_ok_and(|payload| is_rebirth_request(&payload)) {
                        be_born(client, edge, model).await;
                    }
                }
                Ok(Event::Incoming(Packet::Publish(p))) if p.topic.contains("/DCMD/") => {
                    if let Some(setpoint) = written_setpoint(&p.payload) {
                        model.setpoint = setpoint;
                        // The written value travels in the next DDATA at once, which is how the host confirms it.
                        if let Some(message) = edge.device_data(DEVICE, &data(model, now_ms()), now_ms()) {
                            send(client, message).await;
                        }
                    }
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::info!(%error, "demo analyser: link lost, reconnecting");
                    return Ended::LinkLost;
                }
            },
        }
    }
    if born {
        send(client, edge.death(now_ms())).await;
    }
    let _ = client.disconnect().await;
    // Let the death and the DISCONNECT reach the broker.
    let _ = tokio::time::timeout(Duration::from_secs(2), async { while events.poll().await.is_ok() {} }).await;
    Ended::Stopped
}

/// NBIRTH (seq 0) and the analyser's DBIRTH.
async fn be_born(client: &AsyncClient, edge: &mut EdgeNode, model: &mut Model) {
    send(client, edge.birth(&[], now_ms())).await;
    if let Some(message) = edge.device_birth(DEVICE, &births(model, now_ms()), now_ms()) {
        send(client, message).await;
    }
}

/// The first start's adoption of the analyser: once its first birth is stored, its device becomes the demo's
/// water-quality equipment (named in the server's language), as an administrator would adopt it from the
/// discovered list. Later starts find it adopted and do nothing. Gives up quietly when the demo stops first.
pub async fn adopt_when_born(state: crate::AppState, org_id: i64, mut stopped: watch::Receiver<bool>) {
    let viewer = ironsight_store::access::Viewer::server(org_id);
    for _ in 0..120 {
        if *stopped.borrow() {
            return;
        }
        match adopt_once(&state, &viewer).await {
            Ok(true) => return,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(%error, "demo: the analyser could not be adopted");
                return;
            }
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
            changed = stopped.changed() => if changed.is_err() { return },
        }
    }
}

/// True when the analyser's device is adopted (now or before); false while its birth is not stored yet.
async fn adopt_once(state: &crate::AppState, viewer: &ironsight_store::access::Viewer) -> anyhow::Result<bool> {
    let Some(source) = state.store.gm_node_by_ids(viewer.org_id, GROUP, NODE).await? else { return Ok(false) };
    if state.store.gm_adopted(source.id).await?.iter().any(|(device, _)| device == DEVICE) {
        return Ok(true);
    }
    if !state.store.gm_discovered(source.id).await?.iter().any(|m| m.device_id == DEVICE) {
        return Ok(false);
    }
    let name = match state.config.lang {
        ironsight_domain::Lang::Zh => "水质分析仪",
        ironsight_domain::Lang::En => "Water-quality analyser",
    };
    let id = match crate::api::gm_devices::adopt_device(state, viewer, &source, DEVICE, Some(name.to_owned())).await {
        Ok(id) => id,
        Err(error) => anyhow::bail!("{error:?}"),
    };
    settle(state, viewer, id).await?;
    tracing::info!(equipment = id, "demo: the water-quality analyser adopted");
    Ok(true)
}

/// What an administrator does after adopting the analyser: its address and model, and its chlorine setpoint
/// writable within the metric's engineering range. It has no map position: at the map's first zoom its marker
/// covered another equipment's (the pump station's, then the compressor's), which the browser tests click.
async fn settle(state: &crate::AppState, viewer: &ironsight_store::access::Viewer, id: i64) -> anyhow::Result<()> {
    let store = &state.store;
    let Some(equipment) = store.equipment(viewer, id).await? else { return Ok(()) };
    let lang = state.config.lang;
    let fields = ironsight_store::equipment::EquipmentFields {
        address: super::plant::SITE_ADDRESS.of(lang).to_owned(),
        model: "Sparkplug B".to_owned(),
        ..equipment.fields
    };
    store.edit_equipment(viewer, id, &fields).await?;
    let mut signals = store.signals(viewer, id).await?.unwrap_or_default();
    for signal in signals.iter_mut().filter(|s| s.name == SETPOINT) {
        signal.writable = true;
    }
    if let Err(refused) = store.save_signals(viewer, id, &signals).await? {
        anyhow::bail!("the analyser's signals were refused: {refused:?}");
    }
    state.link.gm_changed().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_sparkplug::command::{Write, write};
    use ironsight_sparkplug::{Config, Event as SpEvent, Host};

    #[test]
    fn the_model_stays_in_its_ranges_and_chlorine_follows_the_setpoint() {
        let mut model = Model { setpoint: 1.5, ..Model::default() };
        let mut last = Vec::new();
        for i in 0..100 {
            last = model.step(1_764_374_400_000 + i * 5_000);
            for (name, value) in &last {
                assert!(value.is_finite() && *value >= 0.0, "{name} {value}");
            }
        }
        let chlorine = last.iter().find(|(n, _)| *n == "Residual chlorine").unwrap().1;
        assert!((chlorine - 1.5).abs() < 0.05, "{chlorine}");
    }

    #[test]
    fn a_host_reads_the_births_and_data_and_its_write_reaches_the_model() {
        let node = NodeId::new(GROUP, NODE).unwrap();
        let mut edge = EdgeNode::new(node.clone(), 0);
        let mut model = Model::default();
        let mut host = Host::new(Config::default());
        let mut feed = |m: Outgoing| host.handle(&m.topic, &m.payload, 1);
        assert!(matches!(feed(edge.birth(&[], 1))[..], [SpEvent::NodeBorn { .. }]));
        let born = feed(edge.device_birth(DEVICE, &births(&mut model, 1), 1).unwrap());
        let SpEvent::DeviceBorn { metrics, .. } = &born[0] else { panic!("{born:?}") };
        let names: Vec<_> = metrics.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["pH", "Turbidity", "Residual chlorine", "Conductivity", "Water temperature", SETPOINT]);
        assert_eq!(metrics[2].props.unit.as_deref(), Some("mg/L"));
        let values = feed(edge.device_data(DEVICE, &data(&mut model, 2), 2).unwrap());
        assert!(matches!(&values[0], SpEvent::Values { values, .. } if values.len() == 6), "{values:?}");

        let def = host.metric(&node, Some(DEVICE), SETPOINT).unwrap().clone();
        let dcmd = write(
            &node,
            Some(DEVICE),
            &[Write { name: def.name, alias: def.alias, value: MetricValue::Double(2.0) }],
            3,
        )
        .unwrap();
        assert_eq!(written_setpoint(&dcmd.payload), Some(2.0));
        let out_of_range = write(
            &node,
            Some(DEVICE),
            &[Write { name: SETPOINT.into(), alias: None, value: MetricValue::Double(9.0) }],
            3,
        );
        assert_eq!(written_setpoint(&out_of_range.unwrap().payload), None);
        assert_eq!(written_setpoint(b"not protobuf at all \xff"), None);
    }
}

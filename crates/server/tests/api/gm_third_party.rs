//! The server as the Sparkplug host of an edge node no one here wrote: pysparkplug (from the package index, in the
//! repository's `.venv`, `make test-venv`), driven by `crates/sparkplug/tests/peers/sparkplug_edge.py`, registered
//! through the API and logged in with the credentials it issued. `gm_sparkplug.rs` drives the server with the
//! crate's own edge node, which shares the server's reading of the specification; this proves the server reads and
//! commands another implementation the same way, on the embedded broker (its access rules apply to the peer) and
//! on the machine's Mosquitto, each on both databases.
//!
//! Through the node's whole life: births of every scalar datatype are discovered with their datatypes, the device
//! is adopted and its data become its signals' values, a skipped sequence number makes the server ask for a rebirth
//! that the peer answers, a console write is a DCMD the peer applies and confirms with its next data, and the
//! peer's death (its process killed, the broker publishing its will) takes the source offline.
//!
//! Without the venv the tests say they are skipped, unless `IRONSIGHT_REQUIRE_PEERS` is set (`.ci/run` sets it).

use crate::both_backends;
use crate::gm_sparkplug::{register, write};
use crate::helpers::TestApp;
use crate::plant::{outcome, wait_for};
use serde_json::{Value, json};
use std::collections::HashMap;

#[path = "../../../sparkplug/tests/peers/edge_peer.rs"]
mod edge_peer;
use edge_peer::{Login, Peer};

/// The peer's device (the script's `DEVICE`).
const DEVICE: &str = "Analyser";

/// The script's device metrics: name, the Sparkplug datatype the console shows, whether adoption makes it a signal.
const METRICS: [(&str, &str, bool); 14] = [
    ("pH", "Double", true),
    ("Turbidity", "Float", true),
    ("Chlorine i8", "Int8", true),
    ("Level i16", "Int16", true),
    ("Count i32", "Int32", true),
    ("Total i64", "Int64", true),
    ("Mode u8", "UInt8", true),
    ("Flow u16", "UInt16", true),
    ("Hours u32", "UInt32", true),
    ("Energy u64", "UInt64", true),
    ("Running", "Boolean", true),
    ("State", "String", false),
    ("Note", "Text", false),
    ("Calibrated", "DateTime", true),
];

/// Where edge nodes reach the app's broker: the embedded one's address, or the external one's without the
/// server's own user name.
fn broker(app: &TestApp) -> (String, u16) {
    let url = app.mqtt_url.clone().unwrap_or_else(|| app.broker_url());
    let address = url.trim_start_matches("mqtt://");
    let address = address.rsplit_once('@').map_or(address, |(_, a)| a);
    let (host, port) = address.rsplit_once(':').expect("host:port");
    (host.to_owned(), port.parse().expect("a port"))
}

/// A group id of this process and moment: the machine's Mosquitto is shared by every test process.
fn unique_group() -> String {
    format!("Tp{}x{}", std::process::id(), ironsight_store::now_ms())
}

/// The value of signal `id` in the monitor's current values.
fn value_of<'a>(answer: &'a crate::helpers::Answer, id: &str) -> &'a Value {
    &answer.data()["signalVal"][id]["value"]
}

async fn a_pysparkplug_edge_node_lives_its_whole_life_on_the_server(app: &TestApp) {
    app.login_demo().await;
    let group = unique_group();
    let (id, username, secret) = register(app, &group, "Edge-1").await;
    let (host, port) = broker(app);
    let login = Login { host: &host, port, username: &username, password: &secret };
    let Some(mut peer) = Peer::start(login, &group, "Edge-1").await else { return };

    // Births: every scalar datatype, discovered with its datatype.
    peer.send(json!({"op": "connect"})).await;
    peer.said("connected").await;
    let found = wait_for(app, "/lfscada/gm/discovered/query", &[("nodeId", &id)], |a| {
        a.data().as_array().is_some_and(|d| d.iter().any(|d| d["deviceId"] == DEVICE))
    })
    .await;
    let devices = found.data().as_array().unwrap();
    assert_eq!(devices[0]["deviceId"], "", "{devices:?}");
    assert_eq!(devices[0]["metrics"][0]["name"], "Uptime", "the node's own metric, without bdSeq: {devices:?}");
    assert_eq!(devices[0]["metrics"][0]["datatype"], "UInt64");
    let device = devices.iter().find(|d| d["deviceId"] == DEVICE).unwrap();
    let announced: Vec<(&str, &str, bool)> = device["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["name"].as_str().unwrap(), m["datatype"].as_str().unwrap(), m["signal"].as_bool().unwrap()))
        .collect();
    let mut expected = METRICS.to_vec();
    expected.sort_unstable();
    let mut sorted = announced.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, expected, "announced: {announced:?}");
    let info = app.post("/lfscada/gm/source/info", &[("id", &id)]).await;
    assert_eq!(info.data()["online"], true, "{:?}", info.body);

    // Adoption: a signal per numeric or boolean metric, whose values then arrive.
    let equip_name = format!("Analyser {group}");
    let form = [("nodeId", id.as_str()), ("deviceId", DEVICE), ("equipName", equip_name.as_str())];
    let adopted = app.post("/lfscada/gm/adopt", &form).await;
    assert_eq!(adopted.code(), "200", "{:?}", adopted.body);
    let equip = adopted.data()["id"].to_string();
    let mut signals =
        app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &equip)]).await.data().clone();
    let ids: HashMap<String, String> = signals
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap().to_owned(), s["id"].to_string()))
        .collect();
    assert_eq!(ids.len(), METRICS.iter().filter(|m| m.2).count(), "{ids:?}");
    let (ph, chlorine, running) = (&ids["pH"], &ids["Chlorine i8"], &ids["Running"]);
    let data = [("equipmentId", equip.as_str())];
    peer.send(json!({"op": "update", "metrics": {"pH": 7.25, "Chlorine i8": -128, "Running": false}})).await;
    peer.said("updated").await;
    let current = wait_for(app, "/lfscada/monitor/multi/signal/data", &data, |a| value_of(a, ph) == 7.25).await;
    assert_eq!(
        (value_of(&current, chlorine).as_f64(), value_of(&current, running).as_f64()),
        (Some(-128.0), Some(0.0))
    );

    // A skipped sequence number: the server asks for a rebirth, the peer is born again, and its data still arrive.
    peer.send(json!({"op": "gap"})).await;
    peer.said("gapped").await;
    peer.send(json!({"op": "update", "metrics": {"pH": 7.5}})).await;
    peer.said("rebirth").await;
    peer.send(json!({"op": "update", "metrics": {"pH": 7.75}})).await;
    wait_for(app, "/lfscada/monitor/multi/signal/data", &data, |a| value_of(a, ph) == 7.75).await;
    let info = app.post("/lfscada/gm/source/info", &[("id", &id)]).await;
    assert_eq!(info.data()["online"], true, "born again: {:?}", info.body);

    // A write from the console: a DCMD the peer applies, a success once its next DDATA carries the value.
    let at = signals.as_array().unwrap().iter().position(|s| s["name"] == "pH").unwrap();
    signals[at]["writable"] = true.into();
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equip), ("signals", &signals.to_string())])
        .await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let sent = write(app, ph, "6.5").await;
    let applied = peer.said("write").await;
    assert_eq!((applied["metric"].as_str(), applied["value"].as_f64()), (Some("pH"), Some(6.5)), "{applied}");
    let done = outcome(app, &sent).await;
    assert_eq!((done["status"].as_str(), done["data"]["value"].as_f64()), (Some("success"), Some(6.5)), "{done}");

    // Its process dies without a word: the broker publishes its will, and the source is offline.
    peer.kill().await;
    wait_for(app, "/lfscada/gm/source/info", &[("id", &id)], |a| a.data()["online"] == false).await;
}

both_backends!(gm_third_party_edge_node_on_the_embedded_broker, Options::default(), |app| {
    a_pysparkplug_edge_node_lives_its_whole_life_on_the_server(app).await;
});

both_backends!(gm_third_party_edge_node_on_mosquitto, Options { external_mqtt: true, ..Options::default() }, |app| {
    a_pysparkplug_edge_node_lives_its_whole_life_on_the_server(app).await;
});

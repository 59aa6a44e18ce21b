//! The broker goes away for 30 s while the device keeps changing; when it is back, the agent replays what it
//! kept on disk and the history has every change, without a gap. Runs against a Mosquitto of its own (a child
//! process on a free port, with persistence in a temporary directory so the server's session and subscriptions
//! survive the restart, as they would on a production broker).

use crate::helpers::{Backend, Options, spawn_app};
use crate::link::{plant, wait_for};
use crate::mosquitto::{Mosquitto, free_port};
use std::time::Duration;

/// How long the broker stays down.
const OUTAGE: Duration = Duration::from_secs(30);

#[tokio::test]
async fn history_has_no_gap_after_the_broker_was_down() {
    let port = free_port();
    let dir = tempfile::tempdir().unwrap();
    let broker = Mosquitto::start(port, dir.path()).await;
    let app = spawn_app(Backend::Sqlite, Options { external_mqtt: true, mqtt_port: port, ..Options::default() }).await;
    let plant = plant(&app).await;
    let eq = plant.equipment.clone();
    let level = plant.ids["tank_level"].clone();
    wait_for(&app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
        a.data()["signalVal"][&level]["quality"] == "good"
    })
    .await;

    let sn = plant.sn.clone();
    let presence = |a: &crate::helpers::Answer, want: &str| a.data()["presence"] == want;
    assert!(presence(&app.post("/lfscada/gateway/info", &[("sn", &sn)]).await, "online"));
    let scene =
        app.post("/lfscada/scene/add", &[("name", "Board"), ("equipmentIds", &eq)]).await.data()["id"].to_string();

    let down_at = ironsight_store::now_ms();
    broker.stop();
    // The server hears nothing now: it cannot vouch for the gateway, and a write is refused at once.
    let info = wait_for(&app, "/lfscada/gateway/info", &[("sn", &sn)], |a| presence(a, "unknown")).await;
    assert_eq!(info.data()["online"], false);
    let card = app.post("/lfscada/monitor/equipment/query", &[]).await;
    assert_eq!(card.data()["list"][0]["presence"], "unknown", "{:?}", card.body);
    // Every answer that holds a gateway's state says so, a scene's board too (it said "online" before).
    let board = app.post("/lfscada/scene/info", &[("id", &scene)]).await;
    assert_eq!(board.data()["equipment"][0]["presence"], "unknown", "{:?}", board.body);
    assert_eq!(board.data()["equipment"][0]["online"], false, "{:?}", board.body);
    let rows = app.post("/lfscada/equipment/multi/query", &[]).await;
    assert_eq!(rows.data()["list"][0]["presence"], "unknown", "{:?}", rows.body);
    assert_eq!(rows.data()["list"][0]["online"], false, "{:?}", rows.body);
    let detail = app.post("/lfscada/monitor/multi/equipment/detailInfo", &[("equipmentId", &eq)]).await;
    assert_eq!(detail.data()["equipment"]["presence"], "unknown", "{:?}", detail.body);
    assert_eq!(detail.data()["gateway"]["presence"], "unknown", "{:?}", detail.body);
    let map = app.post("/lfscada/monitor/equipment/queryAllForMap", &[]).await;
    assert!(map.data().as_array().unwrap().iter().all(|c| c["presence"] == "unknown"), "{:?}", map.body);
    let speed = plant.ids["speed_setpoint"].clone();
    let write = app.post("/lfscada/monitor/multi/signal/write", &[("signalId", &speed), ("value", "1200")]).await;
    assert_eq!(write.code(), "1302", "{:?}", write.body);
    tokio::time::sleep(OUTAGE.saturating_sub(Duration::from_millis((ironsight_store::now_ms() - down_at) as u64)))
        .await;
    let up_at = ironsight_store::now_ms();
    let _broker = Mosquitto::start(port, dir.path()).await;
    wait_for(&app, "/lfscada/gateway/info", &[("sn", &sn)], |a| presence(a, "online")).await;

    // The tank level ramps by 0.5 % every 2 s: every step of the outage must be in history once replayed.
    let form_end = (up_at + 5_000).to_string();
    let form_start = (down_at - 5_000).to_string();
    let history = wait_for(
        &app,
        "/lfscada/monitor/multi/history/query",
        &[("signalIds", &level), ("startTime", &form_start), ("endTime", &form_end)],
        |a| {
            a.data()["series"][0]["points"]
                .as_array()
                .is_some_and(|p| p.last().and_then(|l| l[0].as_i64()).is_some_and(|t| t >= up_at))
        },
    )
    .await;
    let times: Vec<i64> =
        history.data()["series"][0]["points"].as_array().unwrap().iter().map(|p| p[0].as_i64().unwrap()).collect();
    let during: Vec<i64> = times.iter().copied().filter(|t| *t >= down_at && *t <= up_at).collect();
    assert!(during.len() >= 12, "the 30 s outage holds about 15 ramp steps, found {}: {times:?}", during.len());
    let widest = times.windows(2).map(|w| w[1] - w[0]).max().unwrap();
    assert!(widest <= 4_500, "a gap of {widest} ms in history: {times:?}");
    app.finish().await;
}

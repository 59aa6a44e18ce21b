//! A graceful stop (SIGTERM, Ctrl-C) stores everything the server took in before it closes: the history writer's
//! queue is drained, not dropped (issue 12).

use crate::plant::{plant, speak_as_gateway, wait_for};
use ironsight_protocol::topics::Channel;
use rumqttc::QoS;
use serde_json::json;

/// Reports in the burst, and readings per report (one per signal and instant).
const REPORTS: i64 = 150;
const INSTANTS_PER_REPORT: i64 = 200;

#[tokio::test]
async fn a_graceful_stop_stores_every_reading_taken_in() {
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite, crate::helpers::Options::default()).await;
    let mut plant = plant(&app).await;
    let (client, topics) = speak_as_gateway(&app, &mut plant).await;
    let signals: Vec<i64> = ["inlet_pressure", "tank_level", "energy_total", "rated_speed"]
        .iter()
        .map(|name| plant.ids[*name].parse().unwrap())
        .collect();
    let eq = plant.equipment.clone();

    // A burst far larger than the writer stores at once, dated in the past so it is history and nothing else.
    let start = ironsight_store::now_ms() - 3_600_000;
    for report in 0..REPORTS {
        let readings: Vec<_> = (0..INSTANTS_PER_REPORT)
            .flat_map(|i| {
                let t = start + (report * INSTANTS_PER_REPORT + i) * 10;
                signals.iter().map(move |s| json!({"signal": s, "t": t, "v": (i % 97) as f64, "q": "good"}))
            })
            .collect();
        let payload = json!({"seq": report + 1, "kind": "change", "readings": readings});
        client.publish(topics.topic(Channel::Data), QoS::AtLeastOnce, false, payload.to_string()).await.unwrap();
    }
    // Taken in: the last report's values are the latest the server holds.
    let last_t = start + (REPORTS * INSTANTS_PER_REPORT - 1) * 10;
    let pressure = signals[0].to_string();
    wait_for(&app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
        a.data()["signalVal"][&pressure]["time"].as_i64() == Some(last_t)
    })
    .await;

    let (store, _dir) = app.stop_gracefully().await;
    for signal in &signals {
        let stored = store.history_count(*signal, start, last_t).await.unwrap();
        assert_eq!(stored, REPORTS * INSTANTS_PER_REPORT, "signal {signal}: every reading taken in is stored");
    }
    store.close().await;
}

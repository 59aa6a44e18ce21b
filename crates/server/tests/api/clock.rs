//! A gateway whose clock runs ahead must not freeze its signals: a reading dated more than the tolerance after the
//! server's clock is stored at its arrival, counted, and the skew shows in the gateway's state (issue 12).

use crate::plant::{plant, speak_as_gateway, wait_for};
use ironsight_protocol::topics::Channel;
use rumqttc::QoS;
use serde_json::json;

#[tokio::test]
async fn a_reading_from_the_future_does_not_freeze_its_signal() {
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite, crate::helpers::Options::default()).await;
    let mut plant = plant(&app).await;
    let (client, topics) = speak_as_gateway(&app, &mut plant).await;
    let level: i64 = plant.ids["tank_level"].parse().unwrap();
    let eq = plant.equipment.clone();
    let data = |t: i64, v: f64| json!({"seq": 1, "kind": "change", "readings": [{"signal": level, "t": t, "v": v, "q": "good"}]});

    let day_ahead = ironsight_store::now_ms() + 86_400_000;
    client
        .publish(topics.topic(Channel::Data), QoS::AtLeastOnce, false, data(day_ahead, 11.0).to_string())
        .await
        .unwrap();
    let stored = wait_for(&app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
        a.data()["signalVal"][level.to_string()]["value"] == 11.0
    })
    .await;
    let time = stored.data()["signalVal"][level.to_string()]["time"].as_i64().unwrap();
    assert!(time <= ironsight_store::now_ms(), "stored at arrival, not a day ahead: {time}");

    // A true reading a moment later takes its place.
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    client
        .publish(
            topics.topic(Channel::Data),
            QoS::AtLeastOnce,
            false,
            data(ironsight_store::now_ms(), 12.0).to_string(),
        )
        .await
        .unwrap();
    wait_for(&app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
        a.data()["signalVal"][level.to_string()]["value"] == 12.0
    })
    .await;
    let gateway = app.post("/lfscada/gateway/info", &[("sn", &plant.sn)]).await;
    assert_eq!(gateway.data()["futureReadings"], 1, "{:?}", gateway.body);
    assert!(gateway.data()["clockAheadMs"].as_i64().unwrap() > 86_000_000, "{:?}", gateway.body);
    app.finish().await;
}

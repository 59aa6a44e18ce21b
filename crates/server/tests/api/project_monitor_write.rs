//! A project page's writes end to end (spec section 4, "Asynchronous device commands"; docs/project-monitor.md):
//! through a real gateway agent and device simulator, `monitor/project/signal/writeVal` answers `{online, uuid}`
//! and `monitor/project/signal/callback` the outcome, with the EG write's checks; the project socket pushes the
//! plant's real frames, each naming its equipment.

use crate::both_backends;
use crate::helpers::{Answer, TestApp};
use crate::plant::{DEADLINE, plant, wait_for};
use crate::project_site::{call, names_field};
use crate::walk_fixture::account;
use futures_util::StreamExt;
use ironsight_domain::permission;
use serde_json::Value;

const WRITE: &str = "/lfscada/monitor/project/signal/writeVal";
const CALLBACK: &str = "/lfscada/monitor/project/signal/callback";

/// Polls the project callback until the command ends.
async fn outcome(app: &TestApp, accepted: &Answer) -> Value {
    assert_eq!((accepted.code(), &accepted.data()["online"]), ("200", &Value::Bool(true)), "{:?}", accepted.body);
    let uuid = accepted.data()["uuid"].as_str().expect("uuid").to_owned();
    let done =
        wait_for(app, CALLBACK, &[("uuid", &uuid)], |a| a.code() == "200" && a.data()["status"] != "pending").await;
    done.data().clone()
}

both_backends!(a_project_write_reaches_the_device_through_the_callback, Options::default(), |app| {
    let plant = plant(app).await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let id = |name: &str| plant.ids[name].clone();
    let other = app.post("/lfscada/equipment/multi/add", &[("equipName", "Valve")]).await.data()["id"].to_string();
    let defs =
        serde_json::json!([{"name": "Open", "area": "coil", "address": 0, "dataType": "bool", "writable": true}]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &other), ("signals", &defs.to_string())])
        .await;
    let outside_signal = saved.data()["ids"][0].to_string();
    let members = format!("{},{other}", plant.equipment);
    let project = app.post("/lfscada/project/add", &[("name", "Station"), ("equipmentIds", &members)]).await;
    let project = project.data()["id"].to_string();
    let page = app.post("/lfscada/project/page/add", &[("projectId", &project), ("title", "Station")]).await;
    let page = page.data()["id"].to_string();
    let alone = app.post("/lfscada/project/add", &[("name", "Valve only"), ("equipmentIds", &other)]).await;
    let alone = alone.data()["id"].to_string();
    wait_for(app, "/lfscada/monitor/multi/gateway/info", &[("equipmentId", &plant.equipment)], |a| {
        a.code() == "200" && a.data()["online"] == true
    })
    .await;

    // The page's socket pushes the plant's frames, naming the equipment.
    let form = [("pageId", page.as_str()), ("dataEquip", plant.equipment.as_str())];
    let token = app.post("/lfscada/websocket/monitor/project/token", &form).await;
    let token = token.data().as_str().expect("token").to_owned();
    let url = format!("{}/lfscada/ws/project/signal/subscribe/{token}", app.base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.expect("socket opens");
    let frame = tokio::time::timeout(DEADLINE, socket.next()).await.expect("a frame in time").unwrap().unwrap();
    let frame: Value = serde_json::from_str(frame.to_text().unwrap()).unwrap();
    assert_eq!(frame["equipmentId"].to_string(), plant.equipment, "{frame}");
    assert!(
        frame["signalVal"].as_object().is_some_and(|m| !m.is_empty()) && frame["gatewayAlarm"].is_number(),
        "{frame}"
    );

    // A write reaches the device and the project callback reports success.
    let write = |signal: String, value: &'static str| {
        let project = project.clone();
        async move { app.post(WRITE, &[("projectId", &project), ("signalId", &signal), ("value", value)]).await }
    };
    let done = outcome(app, &write(id("speed_setpoint"), "1200").await).await;
    assert_eq!(done["status"], "success", "{done}");
    assert_eq!(plant.device.value("speed_setpoint"), Some(1200.0));
    // The device refuses an address: the failure's code comes through the callback.
    let done = outcome(app, &write(id("firmware_version"), "5").await).await;
    assert_eq!((done["status"].as_str(), done["code"].as_str()), (Some("failure"), Some("1721")), "{done}");

    // Refused before anything is sent, nothing written: read-only, over the limit, not a number, not the project's.
    assert_eq!(write(id("rated_speed"), "1").await.code(), "2004");
    assert_eq!(write(id("speed_setpoint"), "5000").await.code(), "2003");
    names_field(&write(id("speed_setpoint"), "fast").await, "value");
    let wrong_project =
        [("projectId", alone.as_str()), ("signalId", plant.ids["speed_setpoint"].as_str()), ("value", "1")];
    names_field(&app.post(WRITE, &wrong_project).await, "signalId");
    let valve = write(outside_signal.clone(), "1").await;
    assert_eq!(valve.code(), "1207", "the valve is the project's, without a gateway: {:?}", valve.body);
    assert_eq!(plant.device.value("speed_setpoint"), Some(1200.0));

    // Refused callers: no write permission; a limited account (the valve not granted); another organisation.
    let plain = account(app, "plain", org, "user", "all", &[]).await;
    let form = [("projectId", project.as_str()), ("signalId", plant.ids["speed_setpoint"].as_str()), ("value", "7")];
    assert_eq!(call(app, &plain, WRITE, &form).await.code(), "1208");
    let all: Vec<&str> = permission::ALL.to_vec();
    let limited = account(app, "limited", org, "user", "authorised", &all).await;
    let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    app.store.grant_equipment(limited_id, plant.equipment.parse().unwrap()).await.unwrap();
    assert_eq!(call(app, &limited, WRITE, &form).await.code(), "1253");
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let stranger = account(app, "stranger", elsewhere, "admin", "all", &all).await;
    assert_eq!(call(app, &stranger, WRITE, &form).await.code(), "1253");
    assert_eq!(plant.device.value("speed_setpoint"), Some(1200.0), "no refused write reached the device");
    // A command is seen only where its equipment is.
    let accepted = write(id("speed_setpoint"), "1300").await;
    let uuid = accepted.data()["uuid"].as_str().unwrap().to_owned();
    names_field(&call(app, &stranger, CALLBACK, &[("uuid", &uuid)]).await, "uuid");
    assert_eq!(call(app, &limited, CALLBACK, &[("uuid", &uuid)]).await.code(), "200", "its own equipment's command");
    names_field(&app.post(CALLBACK, &[]).await, "uuid");
    assert_eq!(outcome(app, &accepted).await["status"], "success");
});

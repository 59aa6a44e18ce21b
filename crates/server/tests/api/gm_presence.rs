//! GM equipment in the monitor (docs/gm-equipment.md): adopted from a real edge node over real sockets, it is in
//! the `gm` card list and not the `eg` one, online while its node and device are born, offline at either death;
//! its link in the monitor's gateway shape; the source's traffic and bad messages.

use crate::both_backends;
use crate::gm_sparkplug::{born_node, now};
use crate::helpers::TestApp;
use crate::plant::wait_for;
use serde_json::Value;

/// The card of equipment `equip` in the monitor list of `kind`, if it is there.
async fn card(app: &TestApp, kind: &str, equip: &str) -> Option<Value> {
    let list = app.post("/lfscada/monitor/equipment/query", &[("kind", kind), ("pageSize", "100")]).await;
    assert_eq!(list.code(), "200", "{:?}", list.body);
    list.data()["list"].as_array().unwrap().iter().find(|c| c["id"].to_string() == equip).cloned()
}

/// Waits until the card of `equip` (a GM card) says `online`.
async fn card_online(app: &TestApp, equip: &str, online: bool) {
    let form = [("kind", "gm"), ("pageSize", "100")];
    wait_for(app, "/lfscada/monitor/equipment/query", &form, |a| {
        a.data()["list"].as_array().unwrap().iter().any(|c| c["id"].to_string() == equip && c["online"] == online)
    })
    .await;
}

both_backends!(gm_equipment_is_listed_apart_and_online_between_birth_and_death, Options::default(), |app| {
    app.login_demo().await;
    let (id, mut node) = born_node(app, "Plant").await;
    let adopted = app.post("/lfscada/gm/adopt", &[("nodeId", &id), ("deviceId", "Pump-1")]).await;
    assert_eq!(adopted.code(), "200", "{:?}", adopted.body);
    let equip = adopted.data()["id"].to_string();

    let gm = card(app, "gm", &equip).await.expect("in the GM list");
    assert_eq!((gm["protocol"].as_str(), gm["gmSourceId"].to_string()), (Some("sparkplug"), id.clone()));
    assert_eq!(gm["online"], true, "its node and device are born: {gm}");
    assert!(card(app, "eg", &equip).await.is_none(), "not in the EG list");
    let eg = app.post("/lfscada/monitor/equipment/query", &[("kind", "eg"), ("pageSize", "100")]).await;
    assert!(eg.data()["list"].as_array().unwrap().iter().all(|c| c["protocol"] == "eg"));
    assert!(card(app, "", &equip).await.is_some(), "without kind: every equipment");
    let bad = app.post("/lfscada/monitor/equipment/query", &[("kind", "modbus")]).await;
    assert_eq!(bad.code(), "1100");
    assert!(bad.message().contains("kind"), "{}", bad.message());
    let online = app.post("/lfscada/monitor/equipment/query", &[("kind", "gm"), ("online", "true")]).await;
    assert!(online.data()["list"].as_array().unwrap().iter().any(|c| c["id"].to_string() == equip));

    let info = app.post("/lfscada/equipment/multi/info", &[("id", &equip)]).await;
    assert_eq!(
        (info.data()["protocol"].as_str(), info.data()["gmSourceName"].as_str(), info.data()["online"].as_bool()),
        (Some("sparkplug"), Some("Edge-1"), Some(true)),
        "{:?}",
        info.body
    );
    // The monitor's link is the source, in the gateway's shape; nothing to open, it reports by itself.
    let link = app.post("/lfscada/monitor/multi/gateway/info", &[("equipmentId", &equip)]).await;
    assert_eq!(
        (link.data()["link"].as_str(), link.data()["id"].to_string(), link.data()["online"].as_bool()),
        (Some("sparkplug"), id.clone(), Some(true)),
        "{:?}",
        link.body
    );
    let open = [("equipmentId", equip.as_str()), ("interval", "1000"), ("delay", "600")];
    assert_eq!(app.post("/lfscada/monitor/multi/open", &open).await.code(), "200");
    // The console opens with the interval the link answered: 0 while the source's is not known yet.
    let unknown = [("equipmentId", equip.as_str()), ("interval", "0"), ("delay", "600")];
    assert_eq!(app.post("/lfscada/monitor/multi/open", &unknown).await.code(), "200");
    let detail = app.post("/lfscada/monitor/multi/equipment/detailInfo", &[("equipmentId", &equip)]).await;
    assert_eq!(detail.data()["gateway"]["link"], "sparkplug", "{:?}", detail.body);

    // The device's death: offline, its node still online; a new birth: online again.
    let death = node.edge.device_death("Pump-1", now());
    node.send(death).await;
    card_online(app, &equip, false).await;
    let source = app.post("/lfscada/gm/source/info", &[("id", &id)]).await;
    assert_eq!(source.data()["online"], true);
    assert_eq!(app.post("/lfscada/monitor/multi/open", &open).await.code(), "1207");
    let pump = [crate::gm_sparkplug::metric("Pressure", 2, ironsight_sparkplug::MetricValue::Float(2.0), None, None)];
    let birth = node.edge.device_birth("Pump-1", &pump, now());
    node.send(birth).await;
    card_online(app, &equip, true).await;

    // The node's death takes its devices with it.
    let death = node.edge.death(now());
    node.send(Some(death)).await;
    card_online(app, &equip, false).await;
    let offline = app.post("/lfscada/monitor/equipment/query", &[("kind", "gm"), ("online", "false")]).await;
    assert!(offline.data()["list"].as_array().unwrap().iter().any(|c| c["id"].to_string() == equip));
});

both_backends!(gm_a_sources_traffic_and_bad_messages_are_shown_to_who_sees_it, Options::default(), |app| {
    app.login_demo().await;
    let (id, node) = born_node(app, "Plant").await;
    node.client
        .publish(
            "spBv1.0/Plant/DDATA/Edge-1/Pump-1",
            rumqttc::QoS::AtLeastOnce,
            false,
            b"\xff\xfe not protobuf".to_vec(),
        )
        .await
        .unwrap();
    let stats = wait_for(app, "/lfscada/gm/source/stats", &[("id", &id)], |a| a.data()["malformed"] == 1).await;
    let stats = stats.data();
    assert!(stats["messages"].as_u64().unwrap() >= 3, "births and the bad one: {stats}");
    assert!(stats["since"].as_i64().unwrap() <= now() as i64);
    let bad = &stats["badMessages"][0];
    assert_eq!(bad["topic"], "spBv1.0/Plant/DDATA/Edge-1/Pump-1");
    assert!(bad["sample"].as_str().unwrap().starts_with("ff fe"), "binary shown in hexadecimal: {bad}");
    assert!(bad["problem"].as_str().unwrap().starts_with("不是 Sparkplug B 消息"), "in the reader's language: {bad}");
    let request = app.client.post(app.url("/lfscada/gm/source/stats")).header("Accept-Language", "en");
    let english = crate::helpers::answer(request.form(&[("id", &id)]).send().await.unwrap()).await;
    assert!(english.data()["badMessages"][0]["problem"].as_str().unwrap().starts_with("not a Sparkplug B payload"));

    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_admin("stranger", admin.org_id).await;
    let refused = crate::pages_document::post_as(app, &stranger, "/lfscada/gm/source/stats", &[("id", &id)]).await;
    assert_eq!(refused.code(), "1380", "another organisation's source is not found");
});

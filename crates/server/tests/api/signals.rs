//! Driver settings and signal definitions: saved as a validated set, ids stable, errors named by field.

use crate::both_backends;
use crate::helpers::TestApp;
use serde_json::json;

async fn new_equipment(app: &TestApp) -> String {
    app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump 1")]).await.data()["id"].to_string()
}

both_backends!(signal_list_saves_as_a_set_with_stable_ids, Options::default(), |app| {
    app.login_demo().await;
    let id = new_equipment(app).await;
    let list = json!([
        {"name": "Outlet pressure", "area": "holding_register", "address": 0, "dataType": "float32", "unit": "bar", "decimals": 2},
        {"name": "Speed setpoint", "area": "holding_register", "address": 2, "dataType": "uint16", "writable": true, "min": 0, "max": 1500},
        {"name": "Running", "area": "discrete_input", "address": 0, "dataType": "bool"},
    ]);
    let saved =
        app.post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &list.to_string())]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let ids: Vec<i64> = saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 3);

    let read = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &id)]).await;
    assert_eq!(read.data()[1]["name"], "Speed setpoint");
    assert_eq!(read.data()[1]["max"], 1500.0);
    assert_eq!(read.data()[0]["byteOrder"], "big", "defaults filled in");

    // Keep the first two (renaming one), drop the third, add a new one: ids of kept signals do not change.
    let next = json!([
        {"id": ids[1], "name": "Speed setpoint (rpm)", "area": "holding_register", "address": 2, "dataType": "uint16", "writable": true},
        {"id": ids[0], "name": "Outlet pressure", "area": "holding_register", "address": 0, "dataType": "float32"},
        {"name": "Pump start", "area": "coil", "address": 0, "dataType": "bool", "writable": true},
    ]);
    let saved =
        app.post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &next.to_string())]).await;
    let new_ids: Vec<i64> = saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    assert_eq!(&new_ids[..2], &[ids[1], ids[0]]);
    assert!(!new_ids.contains(&ids[2]));
    let read = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &id)]).await;
    assert_eq!(read.data().as_array().unwrap().len(), 3);
    assert_eq!(read.data()[0]["name"], "Speed setpoint (rpm)", "saved order");
});

both_backends!(signal_errors_name_the_field_and_change_nothing, Options::default(), |app| {
    app.login_demo().await;
    let id = new_equipment(app).await;
    let ok = json!([{"name": "P", "area": "holding_register", "address": 0, "dataType": "float32"}]);
    app.post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &ok.to_string())]).await;
    for (list, field) in [
        (
            json!([{"name": "P", "area": "holding_register", "address": 0, "dataType": "float32"},
                {"name": "Q", "area": "holding_register", "address": 1, "dataType": "int16"}]),
            "signals.1.address",
        ),
        (json!([{"name": "P", "area": "coil", "address": 0, "dataType": "float32"}]), "signals.0.dataType"),
        (json!([{"name": "", "area": "coil", "address": 0, "dataType": "bool"}]), "signals.0.name"),
        (
            json!([{"name": "P", "area": "input_register", "address": 0, "dataType": "int16", "writable": true}]),
            "signals.0.writable",
        ),
        (json!([{"name": "P", "area": "holding_register", "address": 70000, "dataType": "int16"}]), "signals.0"),
        (
            json!([{"name": "P", "area": "holding_register", "address": 0, "dataType": "int16", "min": 5, "max": 1}]),
            "signals.0.max",
        ),
        (json!([{"id": 999999, "name": "P", "area": "coil", "address": 0, "dataType": "bool"}]), "signals.0.id"),
        (json!({"not": "a list"}), "signals"),
    ] {
        let reply = app
            .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &list.to_string())])
            .await;
        assert!(reply.code() == "1100" || reply.code() == "1101", "{list}: {:?}", reply.body);
        assert!(reply.message().contains(field), "{list}: {}", reply.message());
    }
    let read = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &id)]).await;
    assert_eq!(read.data().as_array().unwrap().len(), 1, "unchanged");
    assert_eq!(read.data()[0]["name"], "P");
});

both_backends!(driver_settings_are_checked_and_stored, Options::default(), |app| {
    app.login_demo().await;
    let id = new_equipment(app).await;
    let form = |host: &'static str, port: &'static str| {
        vec![
            ("id", id.clone()),
            ("driver.kind", "modbus_tcp".to_owned()),
            ("driver.host", host.to_owned()),
            ("driver.port", port.to_owned()),
            ("driver.unitId", "1".to_owned()),
            ("driver.timeoutMs", "1000".to_owned()),
            ("driver.pollIntervalMs", "1000".to_owned()),
        ]
    };
    let send = |form: Vec<(&'static str, String)>| {
        let request = app.client.post(app.url("/lfscada/equipment/multi/driver/save")).form(&form);
        async move { answer(request.send().await.unwrap()).await }
    };
    assert_eq!(send(form("10.0.0.5", "502")).await.code(), "200");
    let info = app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await;
    assert_eq!(info.data()["driver"]["host"], "10.0.0.5");
    let bad_port = send(form("10.0.0.5", "0")).await;
    assert_eq!(bad_port.code(), "1100");
    assert!(bad_port.message().contains("driver.port"), "{}", bad_port.message());
    let bad_host = send(form("evil host", "502")).await;
    assert!(bad_host.message().contains("driver.host"), "{}", bad_host.message());
    assert_eq!(
        app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.data()["driver"]["port"],
        502,
        "unchanged"
    );
});

both_backends!(signals_are_isolated_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let id = new_equipment(app).await;
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    let list = json!([{"name": "P", "area": "coil", "address": 0, "dataType": "bool"}]).to_string();
    let save = answer(
        stranger
            .post(app.url("/lfscada/equipment/multi/signal/save"))
            .form(&[("equipmentId", id.as_str()), ("signals", list.as_str())])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(save.code(), "1214");
    let read = answer(
        stranger
            .post(app.url("/lfscada/equipment/multi/signal/query"))
            .form(&[("equipmentId", id.as_str())])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(read.code(), "1214");
    assert_eq!(app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &id)]).await.data(), &json!([]));
});

both_backends!(driver_schema_describes_the_form_the_save_call_accepts, Options::default(), |app| {
    app.login_demo().await;
    let id = new_equipment(app).await;
    let schema = app.post("/lfscada/equipment/multi/driver/schema", &[]).await;
    assert_eq!(schema.code(), "200");
    let tcp = schema.data().as_array().unwrap().iter().find(|d| d["kind"] == "modbus_tcp").unwrap().clone();
    // A form filled with the schema's defaults (and the one field without a default) is accepted as it is.
    let mut driver = json!({"kind": "modbus_tcp"});
    for field in tcp["fields"].as_array().unwrap() {
        let name = field["name"].as_str().unwrap();
        driver[name] = if field["default"].is_null() { json!("192.168.1.20") } else { field["default"].clone() };
        assert!(field["labelZh"].is_string() && field["labelEn"].is_string());
    }
    let saved = app.post("/lfscada/equipment/multi/driver/save", &[("id", &id), ("driver", &driver.to_string())]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    // One past a limit the schema states is refused with the field named.
    let port = tcp["fields"].as_array().unwrap().iter().find(|f| f["name"] == "port").unwrap();
    driver["port"] = json!(port["max"].as_i64().unwrap() + 1);
    let refused =
        app.post("/lfscada/equipment/multi/driver/save", &[("id", &id), ("driver", &driver.to_string())]).await;
    assert!(refused.message().contains("port"), "{:?}", refused.body);
});

both_backends!(state_texts_are_saved_checked_and_listed_for_the_monitor, Options::default(), |app| {
    app.login_demo().await;
    let id = new_equipment(app).await;
    let states = json!([
        {"value": 2, "zh": " 故障 ", "en": "Fault", "color": "#F5222D"},
        {"value": 0, "zh": "停止", "en": "Stopped", "color": "#8c8c8c"},
        {"value": 1, "zh": "运行", "en": "", "color": ""},
    ]);
    let list = json!([{"name": "Pump state", "area": "holding_register", "address": 0, "dataType": "uint16", "valueMap": states}]);
    let saved =
        app.post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &list.to_string())]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);

    let read = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &id)]).await;
    let map = &read.data()[0]["valueMap"];
    assert_eq!(map.as_array().unwrap().len(), 3);
    assert_eq!(map[0], json!({"value": 0.0, "zh": "停止", "en": "Stopped", "color": "#8c8c8c"}), "in value order");
    assert_eq!(map[2], json!({"value": 2.0, "zh": "故障", "en": "Fault", "color": "#f5222d"}), "trimmed");
    let monitor = app.post("/lfscada/monitor/multi/signal/query", &[("equipmentId", &id)]).await;
    assert_eq!(monitor.code(), "200", "{:?}", monitor.body);
    let entry = monitor.data().as_array().unwrap().iter().find(|s| s["signalTitle"] == "Pump state").cloned().unwrap();
    assert_eq!(entry["valueMap"][1]["zh"], "运行");

    for (states, field) in [
        (json!([{"value": 1, "zh": "a"}, {"value": 1, "zh": "b"}]), "signals.0.valueMap.1.value"),
        (json!([{"value": 1.5, "zh": "a"}]), "signals.0.valueMap.0.value"),
        (json!([{"value": 1, "zh": "", "en": " "}]), "signals.0.valueMap.0.zh"),
        (json!([{"value": 1, "zh": "a", "color": "green"}]), "signals.0.valueMap.0.color"),
        (json!([{"value": 1, "zh": "a".repeat(21)}]), "signals.0.valueMap.0.zh"),
        (json!([{"value": "one", "zh": "a"}]), "signals.0"),
        (json!((0..33).map(|v| json!({"value": v, "zh": "s"})).collect::<Vec<_>>()), "signals.0.valueMap"),
    ] {
        let list = json!([{"name": "Pump state", "area": "holding_register", "address": 0, "dataType": "uint16", "valueMap": states}]);
        let reply = app
            .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &list.to_string())])
            .await;
        assert!(reply.code() == "1100" || reply.code() == "1101", "{states}: {:?}", reply.body);
        assert!(reply.message().contains(field), "{states}: {}", reply.message());
    }
    let bits = json!([{"name": "Running", "area": "coil", "address": 0, "dataType": "bool", "valueMap": [{"value": 2, "zh": "?"}]}]);
    let reply =
        app.post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &bits.to_string())]).await;
    assert!(reply.message().contains("signals.0.valueMap.0.value"), "{}", reply.message());
    let read = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &id)]).await;
    assert_eq!(read.data()[0]["valueMap"].as_array().unwrap().len(), 3, "refused saves changed nothing");
});

//! The monitor's equipment list: cards (gateway state, open alarms, newest reading), filters, paging, sorting,
//! per-user follow and stick with stuck equipment first, the map, the manufacturer list, the older detail
//! path, and isolation between organisations.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use ironsight_store::alarms::{AlarmKey, NewAlarm};
use ironsight_store::readings::StoredReading;
use serde_json::{Value, json};

const QUERY: &str = "/lfscada/monitor/equipment/query";
const QUERY_ALL: &str = "/lfscada/monitor/equipment/queryAll";
const MAP: &str = "/lfscada/monitor/equipment/queryAllForMap";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn add_equipment(app: &TestApp, form: &[(&str, &str)]) -> i64 {
    let added = app.post("/lfscada/equipment/multi/add", form).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].as_i64().unwrap()
}

/// Saves `count` holding-register signals on the equipment; answers their ids in order.
async fn add_signals(app: &TestApp, equipment: i64, count: usize) -> Vec<i64> {
    let signals: Vec<Value> = (0..count)
        .map(|i| {
            // The fourth names its states: a card shows the state its value is in.
            let states = if i == 3 { json!([{"value": 1, "zh": "运行", "en": "Running", "color": "#52c41a"}]) } else { json!([]) };
            json!({"name": format!("s{i}"), "area": "holding_register", "address": i, "dataType": "uint16", "unit": "°C", "valueMap": states})
        })
        .collect();
    let saved = app
        .post(
            "/lfscada/equipment/multi/signal/save",
            &[("equipmentId", &equipment.to_string()), ("signals", &Value::Array(signals).to_string())],
        )
        .await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect()
}

fn names(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|c| c["equipName"].as_str().unwrap().to_owned()).collect()
}

/// An open no-data alarm of `signal_id` (released by its key, `AlarmKey::SignalNoData(signal_id)`).
pub(crate) fn alarm(org_id: i64, equipment_id: i64, signal_id: i64) -> NewAlarm<'static> {
    NewAlarm {
        key: AlarmKey::SignalNoData(signal_id),
        org_id,
        equipment_id,
        signal_id: Some(signal_id),
        level: 1,
        equip_title: "Pump",
        signal_title: "s",
        gmt_trigger: 1_800_000_000_000,
        value: None,
        msg_zh: "无数据",
        msg_en: "No data",
    }
}

both_backends!(cards_show_gateway_state_open_alarms_and_the_newest_reading, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let online = add_equipment(app, &[("equipName", "Online pump"), ("model", "WQ-1"), ("manufacturer", "ACME")]).await;
    let offline = add_equipment(app, &[("equipName", "Offline fan")]).await;
    let unbound = add_equipment(app, &[("equipName", "Loose valve")]).await;
    for (sn, id) in [("EG-ON", online), ("EG-OFF", offline)] {
        assert_eq!(app.post("/lfscada/gateway/add", &[("sn", sn)]).await.code(), "200");
        let bound = app.post("/lfscada/equipment/multi/bindGateway", &[("id", &id.to_string()), ("sn", sn)]).await;
        assert_eq!(bound.code(), "200");
    }
    let status = serde_json::from_value(json!({"online": true, "t": 0, "vpn": true, "signalStrength": 80})).unwrap();
    app.store.set_gateway_status("EG-ON", &status).await.unwrap();

    // Readings: the newest stored one of any signal is the card's lastUpdate.
    let signals = add_signals(app, online, 2).await;
    let t = 1_800_000_000_000_i64;
    let reading =
        |signal_id, t| StoredReading { signal_id, equipment_id: online, t, v: Some(1.0), good: true, error_code: None };
    app.store.write_readings(&[reading(signals[0], t), reading(signals[1], t + 5_000)]).await.unwrap();
    // Alarms: two open, one released; only the open ones count.
    app.store.add_alarm(&alarm(demo.org_id, online, signals[0])).await.unwrap();
    app.store.add_alarm(&alarm(demo.org_id, online, signals[1])).await.unwrap();
    app.store.release_alarm(AlarmKey::SignalNoData(signals[1]), t + 9_000).await.unwrap();
    app.store.add_alarm(&alarm(demo.org_id, online, signals[1])).await.unwrap();
    app.store.add_alarm(&alarm(demo.org_id, offline, signals[0])).await.unwrap();
    app.store.release_alarm(AlarmKey::SignalNoData(signals[0]), t + 9_000).await.unwrap();
    app.store.add_alarm(&alarm(demo.org_id, online, signals[0])).await.unwrap();

    let all = app.post(QUERY, &[("sort", "name")]).await;
    assert_eq!(all.code(), "200", "{:?}", all.body);
    assert_eq!(names(&all.data()["list"]), ["Loose valve", "Offline fan", "Online pump"]);
    let card = &all.data()["list"][2];
    assert_eq!(card["id"], online);
    assert_eq!((card["online"].as_bool(), card["vpn"].as_bool()), (Some(true), Some(true)));
    assert_eq!((card["signalStrength"].as_i64(), card["gatewaySn"].as_str()), (Some(80), Some("EG-ON")));
    assert_eq!(card["alarmCount"], 2, "two open alarms, the released ones do not count: {card}");
    assert_eq!(card["lastUpdate"], t + 5_000);
    assert_eq!((card["model"].as_str(), card["manufacturer"].as_str()), (Some("WQ-1"), Some("ACME")));
    assert_eq!((card["follow"].as_bool(), card["stick"].as_bool()), (Some(false), Some(false)));
    assert_eq!((card["groupId"].clone(), card["image"].as_str()), (Value::Null, Some("")));
    let offline_card = &all.data()["list"][1];
    assert_eq!((offline_card["online"].as_bool(), offline_card["alarmCount"].as_i64()), (Some(false), Some(0)));
    assert_eq!(offline_card["lastUpdate"], Value::Null);
    let unbound_card = &all.data()["list"][0];
    assert_eq!(unbound_card["id"], unbound);
    assert_eq!((unbound_card["online"].as_bool(), unbound_card["gatewaySn"].clone()), (Some(false), Value::Null));
    assert_eq!(unbound_card["signalStrength"], Value::Null);

    // Filters.
    let online_only = app.post(QUERY, &[("online", "true")]).await;
    assert_eq!(names(&online_only.data()["list"]), ["Online pump"]);
    let offline_only = app.post(QUERY, &[("online", "false"), ("sort", "name")]).await;
    assert_eq!(names(&offline_only.data()["list"]), ["Loose valve", "Offline fan"], "unbound counts as offline");
    let gateway = app.store.gateway_by_sn(demo.org_id, "EG-OFF").await.unwrap().unwrap();
    let by_gateway = app.post(QUERY, &[("gatewayId", &gateway.id.to_string())]).await;
    assert_eq!(names(&by_gateway.data()["list"]), ["Offline fan"]);
    assert_eq!(names(&app.post(QUERY, &[("keyword", "acme")]).await.data()["list"]), ["Online pump"], "manufacturer");
    assert_eq!(names(&app.post(QUERY, &[("keyword", "VALVE")]).await.data()["list"]), ["Loose valve"]);
    assert_eq!(app.post(QUERY, &[("keyword", "%")]).await.data()["total"], 0, "wildcards match literally");
    assert_eq!(app.post(QUERY, &[("groupId", "0")]).await.data()["total"], 3, "all ungrouped");

    // Bad filters are refused naming the field.
    for (field, value) in [
        ("online", "yes"),
        ("follow", "1"),
        ("sort", "size"),
        ("pageSize", "0"),
        ("pageSize", "101"),
        ("page", "0"),
        ("gatewayId", "EG-ON"),
        ("groupId", "-1"),
    ] {
        let refused = app.post(QUERY, &[(field, value)]).await;
        assert_eq!(refused.code(), "1100", "{field}={value}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{field}: {}", refused.message());
    }
    assert_eq!(app.post(QUERY, &[("groupId", "999999")]).await.code(), "1215");
});

both_backends!(follow_and_stick_are_personal_and_stuck_equipment_comes_first, Options::default(), |app| {
    app.login_demo().await;
    let alpha = add_equipment(app, &[("equipName", "Alpha")]).await.to_string();
    let bravo = add_equipment(app, &[("equipName", "Bravo")]).await.to_string();
    let charlie = add_equipment(app, &[("equipName", "Charlie")]).await.to_string();

    let newest = app.post(QUERY, &[]).await;
    assert_eq!(names(&newest.data()["list"]), ["Charlie", "Bravo", "Alpha"], "time: newest created first");
    assert_eq!(names(&app.post(QUERY, &[("sort", "name")]).await.data()["list"]), ["Alpha", "Bravo", "Charlie"]);

    // Stick is idempotent; the stuck come first, then the chosen order (among the stuck too).
    for _ in 0..2 {
        assert_eq!(app.post("/lfscada/monitor/equipment/setStick", &[("equipmentId", &alpha)]).await.code(), "200");
    }
    assert_eq!(names(&app.post(QUERY, &[]).await.data()["list"]), ["Alpha", "Charlie", "Bravo"]);
    app.post("/lfscada/monitor/equipment/setStick", &[("equipmentId", &charlie)]).await;
    assert_eq!(names(&app.post(QUERY, &[("sort", "name")]).await.data()["list"]), ["Alpha", "Charlie", "Bravo"]);
    assert_eq!(names(&app.post(QUERY, &[]).await.data()["list"]), ["Charlie", "Alpha", "Bravo"]);
    let all = app.post(QUERY_ALL, &[]).await;
    assert_eq!(names(all.data()), ["Charlie", "Alpha", "Bravo"], "queryAll: the same order, no paging");
    assert_eq!(all.data()[0]["stick"], true);

    // Paging keeps the order and the total; a page past the end is empty with the right total.
    let page2 = app.post(QUERY, &[("page", "2"), ("pageSize", "2")]).await;
    assert_eq!((page2.data()["total"].as_i64(), names(&page2.data()["list"])), (Some(3), vec!["Bravo".to_owned()]));
    let past = app.post(QUERY, &[("page", "5"), ("pageSize", "2")]).await;
    assert_eq!((past.data()["total"].as_i64(), past.data()["list"].as_array().map(Vec::len)), (Some(3), Some(0)));

    // Follow, twice; the follow filter; cancel, twice (the spec's spelling).
    for _ in 0..2 {
        assert_eq!(app.post("/lfscada/monitor/equipment/setFollow", &[("equipmentId", &bravo)]).await.code(), "200");
    }
    let followed = app.post(QUERY, &[("follow", "true")]).await;
    assert_eq!((followed.data()["total"].as_i64(), names(&followed.data()["list"])), (Some(1), vec!["Bravo".into()]));
    assert_eq!(followed.data()["list"][0]["follow"], true);
    assert_eq!(app.post(QUERY, &[("follow", "false")]).await.data()["total"], 3, "false: no filter");

    // Another user of the same organisation has marks of their own.
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let colleague = app.browser_as_new_user("colleague", demo.org_id, &[]).await;
    let theirs = post_as(app, &colleague, QUERY, &[]).await;
    assert_eq!(names(&theirs.data()["list"]), ["Charlie", "Bravo", "Alpha"], "nothing stuck for them");
    assert!(theirs.data()["list"].as_array().unwrap().iter().all(|c| c["follow"] == false && c["stick"] == false));
    assert_eq!(post_as(app, &colleague, QUERY, &[("follow", "true")]).await.data()["total"], 0);
    assert_eq!(
        post_as(app, &colleague, "/lfscada/monitor/equipment/setStick", &[("equipmentId", &bravo)]).await.code(),
        "200"
    );
    assert_eq!(names(&post_as(app, &colleague, QUERY, &[]).await.data()["list"]), ["Bravo", "Charlie", "Alpha"]);
    assert_eq!(names(&app.post(QUERY, &[]).await.data()["list"]), ["Charlie", "Alpha", "Bravo"], "mine unchanged");

    for _ in 0..2 {
        assert_eq!(app.post("/lfscada/monitor/equipment/cancleFollow", &[("equipmentId", &bravo)]).await.code(), "200");
        assert_eq!(
            app.post("/lfscada/monitor/equipment/cancelStick", &[("equipmentId", &charlie)]).await.code(),
            "200"
        );
    }
    assert_eq!(app.post(QUERY, &[("follow", "true")]).await.data()["total"], 0);
    assert_eq!(names(&app.post(QUERY, &[]).await.data()["list"]), ["Alpha", "Charlie", "Bravo"]);

    let missing = app.post("/lfscada/monitor/equipment/setFollow", &[]).await;
    assert!(missing.code() == "1101" && missing.message().contains("equipmentId"), "{:?}", missing.body);
    let bad = app.post("/lfscada/monitor/equipment/setStick", &[("equipmentId", "one")]).await;
    assert!(bad.code() == "1100" && bad.message().contains("equipmentId"), "{:?}", bad.body);
    assert_eq!(app.post("/lfscada/monitor/equipment/setFollow", &[("equipmentId", "999999")]).await.code(), "1214");
});

both_backends!(the_map_shows_located_equipment_with_its_first_signals, Options::default(), |app| {
    app.login_demo().await;
    let located = add_equipment(app, &[("equipName", "Located"), ("latitude", "30.5"), ("longitude", "114.3")]).await;
    add_equipment(app, &[("equipName", "Half located"), ("latitude", "30.5")]).await;
    add_equipment(app, &[("equipName", "Nowhere")]).await;
    let bare = add_equipment(app, &[("equipName", "Bare"), ("latitude", "0"), ("longitude", "0")]).await;
    let signals = add_signals(app, located, 5).await;
    let t = 1_800_000_000_000_i64;
    app.store
        .write_readings(&[
            StoredReading {
                signal_id: signals[0],
                equipment_id: located,
                t,
                v: Some(21.5),
                good: true,
                error_code: None,
            },
            StoredReading {
                signal_id: signals[4],
                equipment_id: located,
                t,
                v: Some(9.0),
                good: true,
                error_code: None,
            },
            StoredReading {
                signal_id: signals[3],
                equipment_id: located,
                t,
                v: Some(1.0),
                good: true,
                error_code: None,
            },
            StoredReading {
                signal_id: signals[1],
                equipment_id: located,
                t: t + 1,
                v: None,
                good: false,
                error_code: Some(1715),
            },
        ])
        .await
        .unwrap();

    let map = app.post(MAP, &[]).await;
    assert_eq!(map.code(), "200", "{:?}", map.body);
    let cards = map.data().as_array().unwrap();
    assert_eq!(names(map.data()), ["Bare", "Located"], "only equipment with both coordinates, newest first");
    assert_eq!(cards[0]["id"], bare);
    assert_eq!(cards[0]["keyValues"], json!([]), "no signals");
    let values = cards[1]["keyValues"].as_array().unwrap();
    let ids: Vec<i64> = values.iter().map(|v| v["signalId"].as_i64().unwrap()).collect();
    assert_eq!(ids, signals[..4], "the first four signals by id");
    assert_eq!(
        values[0],
        json!({"signalId": signals[0], "name": "s0", "value": 21.5, "unit": "°C", "time": t, "quality": "good", "state": null})
    );
    assert_eq!(values[3]["state"], json!({"value": 1.0, "zh": "运行", "en": "Running", "color": "#52c41a"}));
    assert_eq!((values[1]["quality"].as_str(), values[1]["value"].clone()), (Some("bad"), Value::Null));
    assert_eq!((values[2]["time"].clone(), values[2]["quality"].clone()), (Value::Null, Value::Null), "no value yet");
    assert_eq!(cards[1]["latitude"], 30.5);
    assert_eq!(cards[1]["lastUpdate"], t + 1, "a map card is a full card");
});

both_backends!(manufacturers_and_the_older_detail_path, Options::default(), |app| {
    app.login_demo().await;
    let id = add_equipment(app, &[("equipName", "P1"), ("manufacturer", "Siemens")]).await.to_string();
    add_equipment(app, &[("equipName", "P2"), ("manufacturer", " ABB ")]).await;
    add_equipment(app, &[("equipName", "P3"), ("manufacturer", "Siemens")]).await;
    add_equipment(app, &[("equipName", "P4")]).await;
    let list = app.post("/lfscada/equipment/multi/extra/queryAllManufacturer", &[]).await;
    assert_eq!(list.data(), &json!(["ABB", "Siemens"]), "distinct, non-empty, trimmed, sorted");

    let detail = app.post("/usual/EquipAction!getEquipDetail.action", &[("id", &id)]).await;
    let info = app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await;
    assert_eq!(detail.code(), "200");
    assert_eq!(detail.data(), info.data(), "the same answer as info");
    assert_eq!(app.post("/usual/EquipAction!getEquipDetail.action", &[("id", "999999")]).await.code(), "1214");
    assert_eq!(app.post("/usual/EquipAction!getEquipDetail.action", &[]).await.code(), "1101");

    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    let theirs = post_as(app, &stranger, "/lfscada/equipment/multi/extra/queryAllManufacturer", &[]).await;
    assert_eq!(theirs.data(), &json!([]));
    assert_eq!(
        post_as(app, &stranger, "/usual/EquipAction!getEquipDetail.action", &[("id", &id)]).await.code(),
        "1214"
    );
});

both_backends!(monitor_lists_are_isolated_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let id = add_equipment(app, &[("equipName", "Demo pump"), ("latitude", "1"), ("longitude", "2")]).await.to_string();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, QUERY, &[]).await.data()["total"], 0);
    assert_eq!(post_as(app, &stranger, QUERY_ALL, &[]).await.data(), &json!([]));
    assert_eq!(post_as(app, &stranger, MAP, &[]).await.data(), &json!([]));
    for path in [
        "/lfscada/monitor/equipment/setFollow",
        "/lfscada/monitor/equipment/cancleFollow",
        "/lfscada/monitor/equipment/setStick",
        "/lfscada/monitor/equipment/cancelStick",
    ] {
        assert_eq!(post_as(app, &stranger, path, &[("equipmentId", &id)]).await.code(), "1214", "{path}");
    }
    let mine = app.post(QUERY, &[]).await;
    assert_eq!(
        (mine.data()["list"][0]["follow"].as_bool(), mine.data()["list"][0]["stick"].as_bool()),
        (Some(false), Some(false))
    );
});

//! Alarms end to end: rules are checked field by field; with a real agent and simulator, a rule that holds
//! triggers at once, records an alarm, gives every user of the organisation a message (stored and pushed on the
//! message socket), shows in the EG monitor's counts, is confirmed once, and releases when the value goes back;
//! another organisation sees none of it.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use crate::plant::{DEADLINE, outcome, plant, wait_for};
use futures_util::StreamExt;
use serde_json::{Value, json};

const RULE_SAVE: &str = "/lfscada/equipment/multi/alarm/rule/save";
const RULE_QUERY: &str = "/lfscada/equipment/multi/alarm/rule/query";
const ALARM_QUERY: &str = "/lfscada/monitor/multi/alarm/query";
const CONFIRM: &str = "/lfscada/monitor/multi/alarm/confirm";
const IS_RELEASED: &str = "/lfscada/monitor/multi/alarm/isReleaseByAlarmId";
const UNREAD: &str = "/lfscada/msg/queryUnReadMsgCount";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

/// Equipment with one signal, no gateway; answers `(equipment id, signal id)`.
async fn equipment_with_a_signal(app: &TestApp) -> (String, String) {
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Boiler")]).await.data()["id"].to_string();
    let signals = json!([{"name": "temperature", "area": "holding_register", "address": 0, "dataType": "uint16"}]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equipment), ("signals", &signals.to_string())])
        .await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    (equipment, saved.data()["ids"][0].to_string())
}

fn good_rule() -> Value {
    json!({"symbol": ">", "value": 80, "deadband": 2, "delay": 0, "level": 1, "msgZh": "温度过高", "msgEn": "Temperature high"})
}

both_backends!(alarm_rules_are_checked_field_by_field, Options::default(), |app| {
    app.login_demo().await;
    let (equipment, signal) = equipment_with_a_signal(app).await;
    let save = |rules: String| {
        let signal = signal.clone();
        async move { app.post(RULE_SAVE, &[("signalId", signal.as_str()), ("rules", rules.as_str())]).await }
    };

    // Each refused field is named, with its place in the list.
    for (field, value) in [
        ("symbol", json!("=>")),
        ("value", json!("hot")),
        ("deadband", json!(-1)),
        ("delay", json!(86_400_001)),
        ("delay", json!(-5)),
        ("level", json!(4)),
        ("level", json!(0)),
        ("msgZh", json!("")),
        ("msgEn", json!("x".repeat(201))),
    ] {
        let mut rule = good_rule();
        rule[field] = value.clone();
        let refused = save(json!([good_rule(), rule]).to_string()).await;
        assert_ne!(refused.code(), "200", "{field} = {value}");
        assert!(refused.message().contains(&format!("rules.1.{field}")), "{field} = {value}: {:?}", refused.body);
    }
    let mut without_value = good_rule();
    without_value.as_object_mut().unwrap().remove("value");
    assert_eq!(save(json!([without_value]).to_string()).await.code(), "1101", "a missing value is a missing parameter");
    let too_many = save(Value::Array(vec![good_rule(); 11]).to_string()).await;
    assert!(too_many.message().contains("rules"), "{:?}", too_many.body);
    let not_json = save("[{".to_owned()).await;
    assert!(not_json.message().contains("rules"), "{:?}", not_json.body);
    assert!(
        app.post(RULE_QUERY, &[("equipmentId", &equipment)]).await.data().as_array().unwrap().is_empty(),
        "nothing saved"
    );

    // A good list is saved; ids stay across saves; a rule id of another signal is refused.
    let saved = save(json!([good_rule()]).to_string()).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let id = saved.data()["ids"][0].as_i64().unwrap();
    let mut kept = good_rule();
    kept["id"] = json!(id);
    kept["level"] = json!(3);
    let second =
        json!({"symbol": "<=", "value": "-5.5", "msgZh": "温度过低", "msgEn": "Temperature low", "enabled": false});
    let saved = save(json!([kept, second]).to_string()).await;
    assert_eq!(saved.data()["ids"][0].as_i64(), Some(id), "{:?}", saved.body);
    let rules = app.post(RULE_QUERY, &[("equipmentId", &equipment)]).await;
    let list = rules.data().as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(
        (list[0]["id"].as_i64(), list[0]["level"].as_i64(), list[0]["symbol"].as_str()),
        (Some(id), Some(3), Some(">"))
    );
    assert_eq!(list[0]["signalTitle"], "temperature");
    assert_eq!(
        (list[1]["value"].as_f64(), list[1]["enabled"].as_bool(), list[1]["delay"].as_i64()),
        (Some(-5.5), Some(false), Some(0))
    );
    let mut foreign = good_rule();
    foreign["id"] = json!(424242);
    assert!(save(json!([foreign]).to_string()).await.message().contains("rules.0.id"));

    // Form-encoded nested keys work as well as JSON text.
    let form = [
        ("signalId", signal.as_str()),
        ("rules[0].symbol", "=="),
        ("rules[0].value", "1"),
        ("rules[0].msgZh", "运行"),
        ("rules[0].msgEn", "Running"),
    ];
    let saved = app.post(RULE_SAVE, &form).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    assert_eq!(app.post(RULE_QUERY, &[("equipmentId", &equipment)]).await.data().as_array().unwrap().len(), 1);

    // No alarms yet: 2001. The range is checked like history's.
    assert_eq!(app.post(ALARM_QUERY, &[("equipmentId", &equipment)]).await.code(), "2001");
    let backwards =
        app.post(ALARM_QUERY, &[("equipmentId", &equipment), ("startTime", "2000"), ("endTime", "1000")]).await;
    assert!(backwards.message().contains("endTime"), "{:?}", backwards.body);
    let too_long = app
        .post(
            ALARM_QUERY,
            &[("equipmentId", &equipment), ("startTime", "0"), ("endTime", &(31 * 86_400_000_i64).to_string())],
        )
        .await;
    assert!(too_long.message().contains("endTime"), "{:?}", too_long.body);
    assert!(app.post(CONFIRM, &[("alarmId", "424242")]).await.message().contains("alarmId"));
    assert!(app.post(IS_RELEASED, &[]).await.message().contains("alarmId"));

    // A colleague without the manage permission cannot save rules; without the alarm permission sees no records.
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", org, &[]).await;
    assert_eq!(post_as(app, &viewer, RULE_SAVE, &[("signalId", &signal), ("rules", "[]")]).await.code(), "1011");
    let refused = post_as(app, &viewer, ALARM_QUERY, &[("equipmentId", &equipment)]).await;
    assert_eq!(refused.code(), "1211");
    assert_eq!(refused.message(), "无权限查看报警记录");
    assert_eq!(
        post_as(app, &viewer, RULE_QUERY, &[("equipmentId", &equipment)]).await.code(),
        "200",
        "rules are not records"
    );

    // Another organisation: not found, whatever its permissions.
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = app.browser_as_new_user("outsider", elsewhere, &["manage", "monitor_equipinfo_menu_alarm"]).await;
    assert_eq!(post_as(app, &outsider, RULE_QUERY, &[("equipmentId", &equipment)]).await.code(), "1214");
    assert_eq!(post_as(app, &outsider, ALARM_QUERY, &[("equipmentId", &equipment)]).await.code(), "1214");
    let foreign_save =
        post_as(app, &outsider, RULE_SAVE, &[("signalId", &signal), ("rules", &json!([good_rule()]).to_string())])
            .await;
    assert!(foreign_save.message().contains("signalId"), "{:?}", foreign_save.body);
});

async fn unread(app: &TestApp, client: &reqwest::Client) -> i64 {
    post_as(app, client, UNREAD, &[]).await.data().as_i64().expect("a count")
}

both_backends!(an_alarm_triggers_notifies_and_releases, Options::default(), |app| {
    let plant = plant(app).await;
    let eq = plant.equipment.clone();
    let setpoint = plant.ids["speed_setpoint"].clone();
    wait_for(app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
        a.data()["signalVal"][&setpoint]["value"] == 1450.0
    })
    .await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let colleague = app.browser_as_new_user("colleague", org, &["monitor_equipinfo_menu_alarm"]).await;
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = app.browser_as_new_user("outsider", elsewhere, &["monitor_equipinfo_menu_alarm"]).await;
    let before = unread(app, &app.client).await;

    // The demo user's message socket is open before the alarm.
    let token = app.post("/lfscada/websocket/msg/token", &[]).await.data().as_str().expect("token").to_owned();
    let ws_url = format!("{}/lfscada/ws/message/subscribe/{token}", app.base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&ws_url).await.expect("socket opens");

    // The setpoint is 1450: a rule `> 1400` holds at once.
    let rule = json!([{"symbol": ">", "value": 1400, "deadband": 50, "level": 1, "msgZh": "转速设定过高",
                       "msgEn": "Speed setpoint high"}]);
    let saved = app.post(RULE_SAVE, &[("signalId", &setpoint), ("rules", &rule.to_string())]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);

    let records = wait_for(app, ALARM_QUERY, &[("equipmentId", &eq)], |a| a.code() == "200").await;
    assert_eq!(records.data()["total"], 1, "{:?}", records.body);
    let record = &records.data()["list"][0];
    assert_eq!((record["type"].as_str(), record["value"].as_f64()), (Some("signal"), Some(1450.0)), "{record}");
    assert_eq!(
        (record["equipTitle"].as_str(), record["signalTitle"].as_str()),
        (Some("Pump station"), Some("speed_setpoint"))
    );
    assert_eq!((record["msg"].as_str(), record["level"].as_i64()), (Some("转速设定过高"), Some(1)));
    assert!(record["gmtTrigger"].as_i64().unwrap() > 0 && record["gmtRelease"].is_null(), "{record}");
    let english = answer(
        app.client
            .post(app.url(ALARM_QUERY))
            .header("accept-language", "en")
            .form(&[("equipmentId", &eq)])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(english.data()["list"][0]["msg"], "Speed setpoint high");
    let alarm_id = record["id"].to_string();

    // Every user of the organisation has a message; the open socket gets it at once.
    let frame = tokio::time::timeout(DEADLINE, socket.next()).await.expect("a message in time").unwrap().unwrap();
    let pushed: Value = serde_json::from_str(frame.to_text().unwrap()).unwrap();
    assert_eq!(pushed["type"], "message", "{pushed}");
    let message = &pushed["data"];
    assert_eq!((message["type"].as_str(), message["equipType"].as_str()), (Some("alarm"), Some("eg")), "{message}");
    assert_eq!(message["alarmId"].to_string(), alarm_id);
    assert_eq!(message["dataId"], eq.as_str());
    assert_eq!(message["alarmBroadcastTimes"], 3, "level 1 repeats the sound three times");
    assert_eq!(message["title"], "Pump station speed_setpoint 转速设定过高");
    assert_eq!(message["titleEn"], "Pump station speed_setpoint Speed setpoint high");
    wait_for(app, UNREAD, &[], |a| a.data().as_i64() == Some(before + 1)).await;
    // The engine writes the users' messages one after another: the colleague's may come a moment later.
    let deadline = std::time::Instant::now() + DEADLINE;
    while unread(app, &colleague).await != 1 {
        assert!(std::time::Instant::now() < deadline, "the colleague's message never came");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // The EG monitor counts it against the signal.
    let data = app.post("/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)]).await;
    assert_eq!(data.data()["signalAlarm"], json!({ setpoint.clone(): 1 }), "{:?}", data.body);
    assert_eq!(data.data()["gatewayAlarm"], 0);

    // Confirming records who and when; a second confirmation keeps the first.
    let confirmed = app.post(CONFIRM, &[("alarmId", &alarm_id)]).await;
    assert_eq!(confirmed.code(), "200", "{:?}", confirmed.body);
    assert_eq!(confirmed.data()["confirmUser"], "demo");
    let when = confirmed.data()["gmtConfirm"].as_i64().expect("confirmation time");
    let again = post_as(app, &colleague, CONFIRM, &[("alarmId", &alarm_id)]).await;
    assert_eq!((again.data()["confirmUser"].as_str(), again.data()["gmtConfirm"].as_i64()), (Some("demo"), Some(when)));
    assert_eq!(app.post(IS_RELEASED, &[("alarmId", &alarm_id)]).await.data(), &json!(false));

    // Another organisation sees nothing.
    assert_eq!(unread(app, &outsider).await, 0);
    assert_eq!(post_as(app, &outsider, ALARM_QUERY, &[("equipmentId", &eq)]).await.code(), "1214");
    assert_ne!(post_as(app, &outsider, CONFIRM, &[("alarmId", &alarm_id)]).await.code(), "200");
    assert_ne!(post_as(app, &outsider, IS_RELEASED, &[("alarmId", &alarm_id)]).await.code(), "200");

    // 1380 is inside the deadband (1400 - 50): still on. 1000 releases it.
    for (value, released) in [(1380.0, false), (1000.0, true)] {
        let form = [("signalId", setpoint.clone()), ("value", f64::to_string(&value))];
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let accepted = app.post("/lfscada/monitor/multi/signal/write", &form).await;
        assert_eq!(outcome(app, &accepted).await["status"], "success");
        wait_for(app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
            a.data()["signalVal"][&setpoint]["value"] == value
        })
        .await;
        if !released {
            assert_eq!(app.post(IS_RELEASED, &[("alarmId", &alarm_id)]).await.data(), &json!(false));
        }
    }
    wait_for(app, IS_RELEASED, &[("alarmId", &alarm_id)], |a| a.data() == &json!(true)).await;
    let records = app.post(ALARM_QUERY, &[("equipmentId", &eq)]).await;
    assert!(records.data()["list"][0]["gmtRelease"].as_i64().is_some(), "{:?}", records.body);
    let data = app.post("/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)]).await;
    assert_eq!(data.data()["signalAlarm"], json!({}));
    assert_eq!(records.data()["total"], 1, "released, not triggered again");
});

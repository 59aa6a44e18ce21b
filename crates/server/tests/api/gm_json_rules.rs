//! A JSON device's data rule (docs/gm-equipment.md): tried on a sample in the caller's language, saved once it
//! checks, refused naming its faulty field without changing anything, and only where the caller may manage the
//! device.

use crate::both_backends;
use crate::helpers::TestApp;
use crate::pages_document::post_as;
use serde_json::{Value, json};

const RULE: &str = r#"{
    "topic": "data",
    "signals": [
        {"key": "Temperature", "path": "d.t", "scale": 0.1, "unit": "°C"},
        {"key": "Pump", "path": "d.run", "kind": "bool"},
        {"key": "Level", "path": "d.level"}
    ],
    "time": {"path": "ts", "unit": "iso"},
    "command": {"template": "{\"id\": {{id}}, \"set\": {{signal}}, \"to\": {{value}}}", "replyPath": "ack"}
}"#;

async fn json_device(app: &TestApp, prefix: &str) -> String {
    app.post("/lfscada/gm/json/add", &[("topicPrefix", prefix)]).await.data()["id"].to_string()
}

async fn try_in(app: &TestApp, lang: &str, rule: &str, sample: &str) -> Value {
    let request = app.client.post(app.url("/lfscada/gm/json/rule/try")).header("Accept-Language", lang);
    let reply = crate::helpers::answer(request.form(&[("rule", rule), ("sample", sample)]).send().await.unwrap()).await;
    assert_eq!(reply.code(), "200", "{:?}", reply.body);
    reply.data().clone()
}

both_backends!(a_rule_is_tried_on_a_sample_before_it_is_saved, Options::default(), |app| {
    app.login_demo().await;
    let sample = r#"{"ts": "2025-11-29T08:00:00+08:00", "d": {"t": 215, "run": "yes"}, "ack": "w-1"}"#;
    let tried = try_in(app, "en", RULE, sample).await;
    assert_eq!(tried["t"], 1_764_374_400_000_i64);
    assert_eq!(tried["problem"], Value::Null);
    assert_eq!(tried["replyId"], "w-1");
    let values = tried["values"].as_array().unwrap();
    assert_eq!((values[0]["key"].as_str(), values[0]["value"].as_f64()), (Some("Temperature"), Some(21.5)));
    assert_eq!(values[1]["problem"], "d.run is not a true/false value");
    assert_eq!(values[2]["problem"], "d.level is not in the message");
    assert_eq!(try_in(app, "zh-CN", RULE, sample).await["values"][2]["problem"], "消息中没有 d.level");
    assert_eq!(try_in(app, "en", RULE, "not json").await["problem"], "the message is not JSON");
    // A faulty rule is refused before anything is read, naming its field.
    let faulty = RULE.replace("d.level", "d..level");
    let refused = app.post("/lfscada/gm/json/rule/try", &[("rule", &faulty), ("sample", sample)]).await;
    assert_eq!(refused.code(), "1100");
    assert!(refused.message().contains("rule.signals[2].path"), "{}", refused.message());
});

both_backends!(a_checked_rule_is_saved_on_a_json_device_only, Options::default(), |app| {
    app.login_demo().await;
    let id = json_device(app, "plant/line1/s3").await;
    assert_eq!(app.post("/lfscada/gm/source/info", &[("id", &id)]).await.data()["rule"], Value::Null);
    let saved = app.post("/lfscada/gm/json/rule/save", &[("id", &id), ("rule", RULE)]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let stored = app.post("/lfscada/gm/source/info", &[("id", &id)]).await.data()["rule"].clone();
    assert_eq!(stored["topic"], "data");
    assert_eq!(
        stored["signals"][0],
        json!({"key": "Temperature", "path": "d.t", "kind": "number", "scale": 0.1, "offset": 0.0, "unit": "°C"})
    );
    assert_eq!(stored["command"]["replyPath"], "ack");

    // Refused rules change nothing.
    for (rule, field) in [
        (r#"{"signals": []}"#.to_owned(), "rule.signals"),
        (RULE.replace("\"bool\"", "\"text\""), "rule.signals[1].kind"),
        (RULE.replace("{{value}}}", "{{value}}"), "rule.command.template"),
        (r#"{"signals": [{"key": "x", "path": "v"}], "unknown": 1}"#.to_owned(), "rule"),
        ("[1, 2]".to_owned(), "rule"),
    ] {
        let refused = app.post("/lfscada/gm/json/rule/save", &[("id", &id), ("rule", &rule)]).await;
        assert_eq!(refused.code(), "1100", "{rule}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{field}: {}", refused.message());
    }
    assert_eq!(app.post("/lfscada/gm/source/info", &[("id", &id)]).await.data()["rule"], stored);

    let node =
        app.post("/lfscada/gm/node/add", &[("groupId", "Plant"), ("nodeId", "Edge-1")]).await.data()["id"].to_string();
    assert_eq!(app.post("/lfscada/gm/json/rule/save", &[("id", &node), ("rule", RULE)]).await.code(), "1386");
});

both_backends!(only_those_who_manage_the_device_save_its_rule, Options::default(), |app| {
    app.login_demo().await;
    let id = json_device(app, "plant/line2/s1").await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_admin("stranger", admin.org_id).await;
    assert_eq!(
        post_as(app, &stranger, "/lfscada/gm/json/rule/save", &[("id", &id), ("rule", RULE)]).await.code(),
        "1380"
    );
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(
        post_as(app, &viewer, "/lfscada/gm/json/rule/save", &[("id", &id), ("rule", RULE)]).await.code(),
        "1011"
    );
    assert_eq!(
        post_as(app, &viewer, "/lfscada/gm/json/rule/try", &[("rule", RULE), ("sample", "{}")]).await.code(),
        "1011"
    );
    assert_eq!(app.post("/lfscada/gm/source/info", &[("id", &id)]).await.data()["rule"], Value::Null, "unchanged");
});

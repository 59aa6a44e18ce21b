//! Alarm notification beyond the browser: settings saved whole or not at all, every refusal naming its field;
//! secrets never answered; SMTP settings for administrators only; an alarm delivered in each webhook format (the
//! robots' signatures checked as the robots check them), by e-mail to a local SMTP server, only on the levels
//! chosen; a failing receiver retried, then marked failed in the log; a queued delivery sent after a restart; an
//! order message and an announcement by e-mail.

use crate::both_backends;
use crate::helpers::{Answer, Options, TestApp, answer};
use crate::notify_receivers::{DEADLINE, Receiver, SmtpSink};
use crate::walk_fixture::account;
use base64::Engine;
use hmac::{Hmac, Mac};
use ironsight_store::readings::StoredReading;
use serde_json::{Value, json};
use sha2::Sha256;
use tokio::time::Instant;

const QUERY: &str = "/lfscada/msg/notify/settings/query";
const SAVE: &str = "/lfscada/msg/notify/settings/save";
const TEST: &str = "/lfscada/msg/notify/test";
const LOG: &str = "/lfscada/msg/notify/log/query";
const SMTP_QUERY: &str = "/lfscada/msg/notify/smtp/query";
const SMTP_SAVE: &str = "/lfscada/msg/notify/smtp/save";

const ALLOW_PRIVATE: Options = Options {
    captcha: false,
    external_mqtt: false,
    mqtt_port: 0,
    trust_proxy: false,
    weather_url: None,
    ezviz_url: None,
    demo_plant: None,
    no_demo: false,
    espeak: None,
    notify_allow_private: true,
    sms_url: None,
};

/// POSTs a JSON body, as a client may (the console sends the same as dotted form keys).
async fn json_as(app: &TestApp, client: &reqwest::Client, path: &str, body: &Value, lang: &str) -> Answer {
    let request = client.post(app.url(path)).header("accept-language", lang).json(body);
    answer(request.send().await.unwrap()).await
}

async fn save(app: &TestApp, body: &Value) -> Answer {
    json_as(app, &app.client, SAVE, body, "zh-CN").await
}

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

fn hmac_base64(key: &[u8], message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap();
    mac.update(message);
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

/// A valid list of one channel of each kind.
fn five_channels() -> Value {
    json!([
        {"kind": "email", "name": "值班邮箱", "target": "ops@plant.example", "levels": [1, 2], "enabled": true},
        {"kind": "wecom", "name": "WeCom", "target": "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=K1",
         "levels": [1], "enabled": true},
        {"kind": "dingtalk", "name": "DingTalk", "target": "https://oapi.dingtalk.com/robot/send?access_token=T1",
         "secret": "SECd1", "levels": [1, 2, 3], "enabled": true},
        {"kind": "feishu", "name": "Feishu", "target": "https://open.feishu.cn/open-apis/bot/v2/hook/H1",
         "levels": [2], "enabled": false},
        {"kind": "webhook", "name": "JSON", "target": "https://hooks.example.com/alarm", "levels": [3]},
    ])
}

both_backends!(settings_are_saved_whole_and_refusals_change_nothing, Options::default(), |app| {
    app.login_demo().await;
    let fresh = app.post(QUERY, &[]).await;
    assert_eq!(fresh.code(), "200", "{:?}", fresh.body);
    assert_eq!(fresh.data()["prompType"], json!(["sound", "title", "alter"]));
    assert_eq!((fresh.data()["channels"].clone(), fresh.data()["smtpReady"].clone()), (json!([]), json!(false)));

    let saved = save(app, &json!({"prompType": "sound,alter", "channels": five_channels()})).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let ids: Vec<i64> = saved.data()["ids"].as_array().unwrap().iter().map(|i| i.as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 5);
    let settings = app.post(QUERY, &[]).await;
    let channels = settings.data()["channels"].as_array().unwrap().clone();
    assert_eq!(settings.data()["prompType"], json!(["sound", "alter"]));
    assert_eq!(channels.iter().map(|c| c["id"].as_i64().unwrap()).collect::<Vec<_>>(), ids, "in the order saved");
    assert_eq!(channels[2]["hasSecret"], true);
    assert_eq!((channels[3]["enabled"].as_bool(), channels[4]["enabled"].as_bool()), (Some(false), Some(true)));
    assert_eq!(channels[0]["levels"], json!([1, 2]));
    assert!(!settings.body.to_string().contains("SECd1"), "a secret is never answered: {}", settings.body);
    let info = app.get("/lfscada/user/info").await;
    assert_eq!(info.data()["prompType"], json!(["sound", "alter"]), "the user info follows at once");

    // Every refusal names its field and changes nothing.
    let before = app.post(QUERY, &[]).await.body;
    let with = |index: usize, field: &str, value: Value| {
        let mut channels = five_channels();
        channels[index][field] = value;
        json!({"prompType": "sound", "channels": channels})
    };
    let eleven = Value::Array(vec![five_channels()[1].clone(); 11]);
    for (body, code, field) in [
        (json!({"prompType": "sound,beep"}), "1100", "prompType"),
        (json!({"channels": five_channels()}), "1101", "prompType"),
        (json!({"prompType": "", "channels": eleven}), "1100", "channels"),
        (with(1, "kind", json!("sms")), "1100", "channels.1.kind"),
        (with(0, "target", json!("not-an-address")), "1100", "channels.0.target"),
        (with(1, "target", json!("ftp://files.example/x")), "1100", "channels.1.target"),
        (with(1, "target", json!("https://user:pw@hooks.example.com/")), "1100", "channels.1.target"),
        (with(1, "target", json!("http://127.0.0.1:9/hook")), "1100", "channels.1.target"),
        (with(4, "target", json!("http://169.254.169.254/latest/meta-data")), "1100", "channels.4.target"),
        (with(4, "target", json!("http://localhost:8080/")), "1100", "channels.4.target"),
        (with(2, "levels", json!([])), "1101", "channels.2.levels"),
        (with(2, "levels", json!([1, 4])), "1100", "channels.2.levels"),
        (with(0, "name", json!(" ")), "1101", "channels.0.name"),
        (with(0, "name", json!("名".repeat(41))), "1100", "channels.0.name"),
        (with(2, "secret", json!("s".repeat(201))), "1100", "channels.2.secret"),
        (with(1, "enabled", json!("maybe")), "1100", "channels.1.enabled"),
        (json!({"prompType": "", "channels": [{"id": ids[0]}, five_channels()[4].clone()]}), "1101", "channels.0.kind"),
        (with(1, "id", json!(999_999)), "1100", "channels.1.id"),
        (json!({"prompType": "sound", "channels": [1, 2]}), "1100", "channels.0"),
    ] {
        let refused = save(app, &body).await;
        assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), (code, Some(field)), "{body}");
    }
    // The same one reached from a language that says why in English.
    let private = json_as(app, &app.client, SAVE, &with(1, "target", json!("http://10.0.0.5/")), "en").await;
    assert!(private.message().contains("private network"), "{}", private.message());
    assert_eq!(app.post(QUERY, &[]).await.body, before, "nothing changed");

    // Another user's channel is refused by id, on a save and on a test.
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let colleague = account(app, "colleague", org, "user", "all", &[]).await;
    let theirs = json!({"prompType": "", "channels": [five_channels()[4].clone()]});
    let theirs = json_as(app, &colleague, SAVE, &theirs, "zh-CN").await;
    let their_id = theirs.data()["ids"][0].as_i64().unwrap();
    let refused = save(app, &with(4, "id", json!(their_id))).await;
    assert_eq!(refused.body["data"]["field"], "channels.4.id", "{:?}", refused.body);
    let mut twice = five_channels();
    twice[0]["id"] = json!(ids[0]);
    twice[3]["id"] = json!(ids[0]);
    let refused = save(app, &json!({"prompType": "", "channels": twice})).await;
    assert_eq!(refused.body["data"]["field"], "channels.3.id", "one channel named twice: {:?}", refused.body);
    assert_eq!(app.post(TEST, &[("id", &their_id.to_string())]).await.code(), "1281");
    let theirs = post_as(app, &colleague, QUERY, &[]).await;
    assert_eq!(theirs.data()["channels"].as_array().unwrap().len(), 1, "only its own");
    assert_eq!(app.post(QUERY, &[]).await.body, before, "nothing changed");

    // Kept by id: the secret stays when left out, a channel left out is removed, the form's dotted keys work.
    let form: Vec<(String, String)> = vec![
        ("prompType".into(), "title".into()),
        ("channels[0].id".into(), ids[2].to_string()),
        ("channels[0].kind".into(), "dingtalk".into()),
        ("channels[0].name".into(), "DingTalk renamed".into()),
        ("channels[0].target".into(), "https://oapi.dingtalk.com/robot/send?access_token=T1".into()),
        ("channels[0].levels".into(), "1".into()),
        ("channels[0].levels".into(), "3".into()),
        ("channels[0].enabled".into(), "false".into()),
    ];
    let kept = answer(app.client.post(app.url(SAVE)).form(&form).send().await.unwrap()).await;
    assert_eq!(kept.data()["ids"], json!([ids[2]]), "{:?}", kept.body);
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let stored = app.store.notify_channel(demo.id, ids[2]).await.unwrap().unwrap();
    assert_eq!((stored.secret.as_str(), stored.levels.clone(), stored.enabled), ("SECd1", vec![1, 3], false));
    assert!(app.store.notify_channel(demo.id, ids[0]).await.unwrap().is_none(), "removed");
    assert_eq!(app.get("/lfscada/user/info").await.data()["prompType"], json!(["title"]));
    assert_eq!(app.post(TEST, &[("id", &ids[0].to_string())]).await.code(), "1281", "a removed channel");

    // Limited and permission-less sub-accounts keep their own settings; another organisation's admin too.
    let limited = account(app, "limited", org, "user", "authorised", &["manage"]).await;
    let bare = account(app, "bare", org, "user", "all", &[]).await;
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &[]).await;
    for client in [&limited, &bare, &outsider] {
        let own = json!({"prompType": "sound", "channels": [five_channels()[1].clone()]});
        assert_eq!(json_as(app, client, SAVE, &own, "zh-CN").await.code(), "200");
        let mine = post_as(app, client, QUERY, &[]).await;
        assert_eq!(mine.data()["channels"].as_array().unwrap().len(), 1, "{:?}", mine.body);
        assert!(!mine.body.to_string().contains("DingTalk renamed"), "{:?}", mine.body);
        assert_eq!(post_as(app, client, LOG, &[]).await.data()["total"], 0);
    }
    let stored = app.store.notify_channel(demo.id, ids[2]).await.unwrap().unwrap();
    assert_eq!(stored.name, "DingTalk renamed", "untouched by the others");
});

both_backends!(smtp_settings_are_for_administrators_and_the_password_is_never_answered, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let limited = account(app, "limited", org, "user", "authorised", &["manage"]).await;
    let whole = account(app, "whole", org, "user", "all", &["manage"]).await;
    let good = [
        ("host", "smtp.plant.example"),
        ("port", "587"),
        ("security", "starttls"),
        ("username", "alarms"),
        ("password", "S3cret-pw!"),
        ("fromAddress", "alarms@plant.example"),
        ("fromName", "Ironsight 报警"),
    ];
    assert_eq!(app.post(SMTP_QUERY, &[]).await.data(), &Value::Null, "none set up");
    for client in [&limited, &whole] {
        assert_eq!(post_as(app, client, SMTP_QUERY, &[]).await.code(), "1011");
        assert_eq!(post_as(app, client, SMTP_SAVE, &good).await.code(), "1011");
    }
    for (field, value, code) in [
        ("host", "", "1101"),
        ("host", "smtp plant", "1100"),
        ("port", "0", "1100"),
        ("port", "70000", "1100"),
        ("security", "ssl", "1100"),
        ("fromAddress", "alarms", "1100"),
        ("fromName", "n\u{7}", "1100"),
    ] {
        let form: Vec<(&str, &str)> = good.iter().map(|(k, v)| (*k, if *k == field { value } else { *v })).collect();
        let refused = app.post(SMTP_SAVE, &form).await;
        assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), (code, Some(field)), "{field}={value}");
    }
    assert_eq!(app.post(SMTP_QUERY, &[]).await.data(), &Value::Null, "refusals stored nothing");

    assert_eq!(app.post(SMTP_SAVE, &good).await.code(), "200");
    let shown = app.post(SMTP_QUERY, &[]).await;
    assert_eq!(
        shown.data(),
        &json!({"host": "smtp.plant.example", "port": 587, "security": "starttls", "username": "alarms",
                "hasPassword": true, "fromAddress": "alarms@plant.example", "fromName": "Ironsight 报警"})
    );
    assert!(!shown.body.to_string().contains("S3cret"));
    // Left out (the console sends no empty password): kept.
    let without: Vec<(&str, &str)> = good.iter().filter(|(k, _)| *k != "password").map(|(k, v)| (*k, *v)).collect();
    let without: Vec<(&str, &str)> =
        without.into_iter().map(|(k, v)| if k == "security" { (k, "tls") } else { (k, v) }).collect();
    assert_eq!(app.post(SMTP_SAVE, &without).await.code(), "200");
    let stored = app.store.smtp_settings(org).await.unwrap().unwrap();
    assert_eq!((stored.password.as_str(), stored.security.as_str()), ("S3cret-pw!", "tls"));
    assert_eq!(app.post(QUERY, &[]).await.data()["smtpReady"], true);
    // Another organisation's administrator sees and sets its own organisation's only.
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &[]).await;
    assert_eq!(post_as(app, &outsider, SMTP_QUERY, &[]).await.data(), &Value::Null);
});

/// Equipment "Boiler" with one signal "temperature" and a rule `> 80` of `level`; answers the ids.
async fn boiler(app: &TestApp, level: i64) -> (i64, i64) {
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Boiler")]).await.data()["id"].as_i64();
    let equipment = equipment.unwrap();
    let signals = json!([{"name": "temperature", "area": "holding_register", "address": 0, "dataType": "uint16"}]);
    let saved = app
        .post(
            "/lfscada/equipment/multi/signal/save",
            &[("equipmentId", &equipment.to_string()), ("signals", &signals.to_string())],
        )
        .await;
    let signal = saved.data()["ids"][0].as_i64().unwrap();
    let rule = json!([{"symbol": ">", "value": 80, "deadband": 0, "delay": 0, "level": level,
                       "msgZh": "温度过高", "msgEn": "Temperature high"}]);
    let rule_saved = app
        .post(
            "/lfscada/equipment/multi/alarm/rule/save",
            &[("signalId", &signal.to_string()), ("rules", &rule.to_string())],
        )
        .await;
    assert_eq!(rule_saved.code(), "200", "{:?}", rule_saved.body);
    (equipment, signal)
}

/// A reading for the alarm engine, as ingest hands it over.
async fn reading(app: &TestApp, (equipment_id, signal_id): (i64, i64), v: f64) {
    let row = StoredReading {
        signal_id,
        equipment_id,
        t: ironsight_store::now_ms(),
        v: Some(v),
        good: true,
        error_code: None,
    };
    app.state().link.alarms().on_readings(&[row]).await;
}

/// Waits until the caller's log holds `n` rows none of which is queued; answers them, newest first.
async fn settled_log(app: &TestApp, n: usize) -> Vec<Value> {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let log = app.post(LOG, &[("pageSize", "100")]).await;
        let rows = log.data()["list"].as_array().cloned().unwrap_or_default();
        if rows.len() >= n && rows.iter().all(|r| r["status"] != "queued") {
            return rows;
        }
        assert!(Instant::now() < deadline, "the log never settled at {n} rows: {:?}", log.body);
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

both_backends!(an_alarm_reaches_every_webhook_format_on_its_levels, ALLOW_PRIVATE, |app| {
    app.login_demo().await;
    let receiver = Receiver::start().await;
    let channel = |kind: &str, path: &str, levels: Value| json!({"kind": kind, "name": kind, "target": receiver.url(path), "levels": levels, "secret": "SEC-robot"});
    let channels = json!([
        channel("wecom", "/wecom", json!([1])),
        channel("dingtalk", "/dingtalk", json!([1, 2])),
        channel("feishu", "/feishu", json!([1])),
        channel("webhook", "/json", json!([1, 3])),
        channel("webhook", "/level3", json!([3])),
    ]);
    let saved = save(app, &json!({"prompType": "sound", "channels": channels})).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let json_channel = saved.data()["ids"][3].as_i64().unwrap();
    let plant = boiler(app, 1).await;
    reading(app, plant, 90.0).await;

    let title = "Boiler temperature 温度过高";
    let wecom = &receiver.wait_hits("/wecom", 1).await[0].body;
    assert_eq!(wecom["msgtype"], "markdown", "{wecom}");
    let content = wecom["markdown"]["content"].as_str().unwrap();
    assert!(content.starts_with(&format!("### {title}")) && content.contains("**数值**：90"), "{content}");
    assert!(content.contains("(UTC+8)") && content.contains("**级别**：1"), "{content}");

    let dingtalk = &receiver.wait_hits("/dingtalk", 1).await[0];
    let timestamp = &dingtalk.query["timestamp"];
    let expected = hmac_base64(b"SEC-robot", format!("{timestamp}\nSEC-robot").as_bytes());
    assert_eq!(dingtalk.query["sign"], expected, "DingTalk's signature, checked as DingTalk checks it");
    assert_eq!(
        (dingtalk.body["msgtype"].as_str(), dingtalk.body["markdown"]["title"].as_str()),
        (Some("markdown"), Some(title))
    );

    let feishu = &receiver.wait_hits("/feishu", 1).await[0].body;
    let timestamp = feishu["timestamp"].as_str().unwrap();
    let expected = hmac_base64(format!("{timestamp}\nSEC-robot").as_bytes(), b"");
    assert_eq!(feishu["sign"], expected.as_str(), "Feishu's signature, checked as Feishu checks it");
    assert_eq!(feishu["msg_type"], "text");
    assert!(feishu["content"]["text"].as_str().unwrap().starts_with(&format!("{title}\n设备：Boiler")), "{feishu}");

    let plain = &receiver.wait_hits("/json", 1).await[0].body;
    let message = app.post("/lfscada/msg/query", &[("type", "alarm")]).await.data()["list"][0].clone();
    assert_eq!(
        (plain["type"].as_str(), plain["title"].as_str(), plain["titleEn"].as_str()),
        (Some("alarm"), Some(title), Some("Boiler temperature Temperature high"))
    );
    assert_eq!((plain["equipment"].as_str(), plain["signal"].as_str()), (Some("Boiler"), Some("temperature")));
    assert_eq!((plain["level"].as_i64(), plain["value"].as_f64()), (Some(1), Some(90.0)));
    assert!(plain["time"].as_str().unwrap().ends_with("+08:00"), "{plain}");
    assert_eq!(plain["messageId"], message["id"], "the message centre's message");

    let log = settled_log(app, 4).await;
    assert_eq!(log.len(), 4, "the level-3 channel got nothing: {log:?}");
    for row in &log {
        assert_eq!((row["status"].as_str(), row["attempts"].as_i64()), (Some("sent"), Some(1)), "{row}");
        assert_eq!((row["title"].as_str(), row["messageId"].clone()), (Some(title), message["id"].clone()));
    }
    assert!(receiver.hits("/level3").is_empty());

    // Saved from an English console: the user's notifications are in English from then on.
    let english = json_as(app, &app.client, QUERY, &json!({}), "en").await.data()["channels"].clone();
    let english: Vec<Value> = english.as_array().unwrap().iter().map(|c| {
        json!({"id": c["id"], "kind": c["kind"], "name": c["name"], "target": c["target"], "levels": c["levels"]})
    }).collect();
    let resaved = json_as(app, &app.client, SAVE, &json!({"prompType": "sound", "channels": english}), "en").await;
    assert_eq!(resaved.code(), "200", "{:?}", resaved.body);
    reading(app, plant, 50.0).await;
    reading(app, plant, 95.0).await;
    let wecom = &receiver.wait_hits("/wecom", 2).await[1].body;
    let content = wecom["markdown"]["content"].as_str().unwrap();
    assert!(
        content.starts_with("### Boiler temperature Temperature high") && content.contains("**Value**: 95"),
        "{content}"
    );
    let dingtalk = &receiver.wait_hits("/dingtalk", 2).await[1];
    let timestamp = &dingtalk.query["timestamp"];
    let expected = hmac_base64(b"SEC-robot", format!("{timestamp}\nSEC-robot").as_bytes());
    assert_eq!(dingtalk.query["sign"], expected, "the secret was kept when the save left it out");

    // A test: queued at once, sent even though it is no alarm, logged.
    let queued = app.post(TEST, &[("id", &json_channel.to_string())]).await;
    assert_eq!(queued.code(), "200", "{:?}", queued.body);
    let test = &receiver.wait_hits("/json", 3).await[2].body;
    assert_eq!((test["type"].as_str(), test["titleEn"].as_str()), (Some("test"), Some("Ironsight test notification")));
    let log = settled_log(app, 9).await;
    assert_eq!(
        (log[0]["id"].clone(), log[0]["title"].as_str()),
        (queued.data()["id"].clone(), Some("Ironsight test notification"))
    );
    assert_eq!(log[0]["messageId"], Value::Null);
});

both_backends!(a_failing_receiver_is_retried_then_marked_failed, ALLOW_PRIVATE, |app| {
    app.login_demo().await;
    let receiver = Receiver::start().await;
    // A port nothing listens on: bound, then closed.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
    let channels = json!([
        {"kind": "webhook", "name": "Down", "target": receiver.url("/fail"), "levels": [2]},
        {"kind": "wecom", "name": "Refuses", "target": receiver.url("/refuse"), "levels": [2]},
        {"kind": "dingtalk", "name": "Gone", "target": format!("http://{closed}/robot/send?access_token=TOKEN-XYZ"),
         "levels": [2]},
        {"kind": "feishu", "name": "Other level", "target": receiver.url("/feishu"), "levels": [1, 3]},
    ]);
    assert_eq!(save(app, &json!({"prompType": "", "channels": channels})).await.code(), "200");
    let plant = boiler(app, 2).await;
    reading(app, plant, 90.0).await;

    // Tried three times (the tests' server retries twice, moments apart), then failed with the reason kept.
    let log = settled_log(app, 3).await;
    assert_eq!(log.len(), 3, "{log:?}");
    let row = |name: &str| log.iter().find(|r| r["channelName"] == name).unwrap().clone();
    let down = row("Down");
    assert_eq!((down["status"].as_str(), down["attempts"].as_i64()), (Some("failed"), Some(3)), "{down}");
    assert!(down["lastError"].as_str().unwrap().contains("HTTP 500: receiver down"), "{down}");
    assert_eq!(receiver.hits("/fail").len(), 3, "one request per attempt");
    let refuses = row("Refuses");
    assert_eq!(refuses["status"], "failed");
    assert!(refuses["lastError"].as_str().unwrap().contains("code 310000: sign not match"), "{refuses}");
    let gone = row("Gone");
    assert_eq!((gone["status"].as_str(), gone["attempts"].as_i64()), (Some("failed"), Some(3)), "{gone}");
    assert!(!gone["lastError"].as_str().unwrap().is_empty());
    assert!(!gone.to_string().contains("TOKEN-XYZ"), "the address's token never reaches the log: {gone}");
    assert!(receiver.hits("/feishu").is_empty(), "a level not chosen is not delivered");

    // The alarm itself was recorded and told in the browser whatever the channels did.
    let unread = app.post("/lfscada/msg/queryUnReadMsgCount", &[]).await;
    assert_eq!(unread.data(), 1, "{:?}", unread.body);
});

both_backends!(a_queued_delivery_is_sent_after_a_restart, ALLOW_PRIVATE, |app| {
    app.login_demo().await;
    let receiver = Receiver::start().await;
    let channels = json!([{"kind": "webhook", "name": "Later", "target": receiver.url("/later"), "levels": [1]}]);
    let saved = save(app, &json!({"prompType": "sound", "channels": channels})).await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let channel = app.store.notify_channel(demo.id, saved.data()["ids"][0].as_i64().unwrap()).await.unwrap().unwrap();
    // Queued as a server that stopped before sending would have left it.
    let content = json!({"kind": "test", "title": "排队", "titleEn": "Queued", "equipment": "", "signal": "",
        "message": "", "messageEn": "", "value": null, "timeMs": 0, "level": 0, "messageId": null});
    let delivery = ironsight_store::notify::NewDelivery {
        user_id: demo.id,
        channel: &channel,
        message_id: None,
        title: "排队",
        content: &content.to_string(),
        lang: "",
    };
    let id = app.store.queue_delivery(&delivery).await.unwrap();
    app.start_twin().await;
    let hit = &receiver.wait_hits("/later", 1).await[0].body;
    assert_eq!(hit["titleEn"], "Queued");
    let log = settled_log(app, 1).await;
    assert_eq!((log[0]["id"].as_i64(), log[0]["status"].as_str()), (Some(id), Some("sent")));
});

both_backends!(email_reaches_a_local_smtp_server, Options::default(), |app| {
    let Some(sink) = SmtpSink::start().await else { return };
    app.login_demo().await;
    let channels = json!([{"kind": "email", "name": "Ops", "target": "ops@plant.example", "levels": [1, 2]}]);
    let saved = json_as(app, &app.client, SAVE, &json!({"prompType": "sound", "channels": channels}), "en").await;
    let id = saved.data()["ids"][0].to_string();
    assert_eq!(app.post(TEST, &[("id", &id)]).await.code(), "1282", "no SMTP server yet");
    sink.serve_organisation(app, "alarms@plant.example").await;

    assert_eq!(app.post(TEST, &[("id", &id)]).await.code(), "200");
    let test = sink.message(1).await;
    assert!(test.contains("X-Rcpt-To: ops@plant.example"), "{test}");
    assert!(test.contains("Subject: Ironsight test notification"), "{test}");
    assert!(test.contains("From: Ironsight <alarms@plant.example>"), "{test}");

    let plant = boiler(app, 2).await;
    reading(app, plant, 99.0).await;
    let alarm = sink.message(2).await;
    assert!(alarm.contains("Subject: [Level 2 alarm] Boiler temperature Temperature high"), "{alarm}");
    assert!(alarm.contains("Equipment: Boiler") && alarm.contains("Value: 99"), "{alarm}");
    let log = settled_log(app, 2).await;
    assert!(log.iter().all(|r| r["status"] == "sent" && r["channelKind"] == "email"), "{log:?}");

    // An order message reaches the person's e-mail too: a repairer away from the console learns of the order.
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let fixer = account(app, "fixer", org, "user", "all", &[crate::repairs::REPAIR]).await;
    let own = json!([{"kind": "email", "name": "Mine", "target": "fixer@plant.example", "levels": [3]}]);
    let saved = json_as(app, &fixer, SAVE, &json!({"prompType": "", "channels": own}), "en").await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let order = crate::repairs::order(app, &plant.0.to_string(), "Burner trips").await;
    let fixer_id = crate::repairs::user_id(app, "fixer").await;
    let dispatched = app.post(crate::repairs::DISPATCH, &[("id", &order), ("repairerId", &fixer_id)]).await;
    assert_eq!(dispatched.code(), "200", "{:?}", dispatched.body);
    let number = dispatched.data()["number"].as_str().unwrap().to_owned();
    let mail = sink.message(3).await;
    assert!(mail.contains("X-Rcpt-To: fixer@plant.example"), "{mail}");
    assert!(mail.contains(&format!("Subject: Repair order {number} assigned to you: Boiler")), "{mail}");
    assert!(mail.contains(&format!("Message: Order number: {number}")), "{mail}");

    // A published announcement reaches every person's e-mail, its title only (the rich text stays in the console).
    let notice = app
        .post("/lfscada/announcement/add", &[("title", "Water off Friday"), ("content", "<p>Main <b>closed</b></p>")])
        .await;
    let notice = notice.data()["id"].to_string();
    assert_eq!(app.post("/lfscada/announcement/publish", &[("id", &notice)]).await.code(), "200");
    let mut mails = [sink.message(4).await, sink.message(5).await];
    mails.sort_by_key(|m| m.contains("X-Rcpt-To: ops@plant.example"));
    for (mail, to) in mails.iter().zip(["fixer@plant.example", "ops@plant.example"]) {
        assert!(mail.contains(&format!("X-Rcpt-To: {to}")), "{mail}");
        assert!(mail.contains("Subject: Announcement: Water off Friday"), "{mail}");
        assert!(mail.contains("the console's message centre") && !mail.contains("<b>"), "{mail}");
    }
});

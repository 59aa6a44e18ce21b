//! The public share view (docs/share.md): a visitor opens ONE shared equipment with its password and reads its
//! signals and values; writes only under `control`; is revoked when sharing is turned off or its password or
//! authority changes; never reaches a console call, nor another equipment; guesses are throttled, and an unknown
//! equipment, sharing off and a wrong password answer alike.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer, browser};
use ironsight_store::readings::StoredReading;
use serde_json::json;

const OPEN: &str = "/lfscada/share/open";
const INFO: &str = "/lfscada/share/info";
const VALUES: &str = "/lfscada/share/values";
const WRITE: &str = "/lfscada/share/write";
const CLOSE: &str = "/lfscada/share/close";
const PASSWORD: &str = "/lfscada/equipment/multi/share/editPwd";
const AUTH: &str = "/lfscada/equipment/multi/share/editAuth";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn get_as(app: &TestApp, client: &reqwest::Client, path: &str, equip: &str) -> Answer {
    answer(client.get(app.url(&format!("{path}?equipId={equip}"))).send().await.unwrap()).await
}

/// A new equipment with one writable signal → (equipment id, signal id).
async fn equipment(app: &TestApp, name: &str) -> (String, i64) {
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].to_string();
    let signals = json!([{"name": format!("{name} speed"), "area": "holding_register", "address": 0,
        "dataType": "uint16", "writable": true, "max": 2000}]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &signals.to_string())])
        .await;
    (id, saved.data()["ids"][0].as_i64().unwrap())
}

both_backends!(a_visitor_sees_one_shared_equipment_until_the_share_changes, Options::default(), |app| {
    app.login_demo().await;
    let (pump, speed) = equipment(app, "Pump").await;
    let (fan, fan_speed) = equipment(app, "Fan").await;
    let reading = StoredReading {
        signal_id: speed,
        equipment_id: pump.parse().unwrap(),
        t: 1_800_000_000_000,
        v: Some(1450.0),
        good: true,
        error_code: None,
    };
    app.store.write_readings(&[reading]).await.unwrap();
    assert_eq!(app.post(PASSWORD, &[("equipId", &pump), ("password", "ab12")]).await.code(), "200");
    assert_eq!(app.post(PASSWORD, &[("equipId", &fan), ("password", "fan1")]).await.code(), "200");
    let (visitor, _) = browser(&app.url(""));

    // Nothing before the password; every refusal of open is the same answer.
    assert_eq!(get_as(app, &visitor, INFO, &pump).await.code(), "1343");
    for (equip, password) in [(pump.as_str(), "wrong"), ("999999", "ab12"), (pump.as_str(), "ab12ab12")] {
        let refused = post_as(app, &visitor, OPEN, &[("equipId", equip), ("password", password)]).await;
        assert_eq!(refused.code(), "1342", "{equip} {password}: {:?}", refused.body);
    }
    let opened = visitor.post(app.url(OPEN)).form(&[("equipId", &pump), ("password", &"ab12".to_owned())]);
    let opened = opened.send().await.unwrap();
    let cookie = opened.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned();
    for part in ["share_session=", "HttpOnly", "SameSite=Strict", "Path=/lfscada/share"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    let opened = answer(opened).await;
    assert_eq!(opened.data(), &json!({"equipId": pump.parse::<i64>().unwrap(), "equipName": "Pump", "auth": "view"}));

    let info = get_as(app, &visitor, INFO, &pump).await;
    assert_eq!(info.code(), "200", "{:?}", info.body);
    assert_eq!(info.data()["signals"][0]["signalTitle"], "Pump speed");
    let values = get_as(app, &visitor, VALUES, &pump).await;
    assert_eq!(values.data()["signalVal"][speed.to_string()]["value"], 1450.0, "{:?}", values.body);

    // Its session opens this equipment only, and no console call; the owner's session is no share session.
    assert_eq!(get_as(app, &visitor, INFO, &fan).await.code(), "1214");
    assert_eq!(get_as(app, &visitor, VALUES, &fan).await.code(), "1214");
    assert_eq!(answer(visitor.get(app.url("/lfscada/user/info")).send().await.unwrap()).await.code(), "1010");
    let console = post_as(app, &visitor, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &pump)]).await;
    assert_eq!(console.code(), "1010");
    assert_eq!(app.get(&format!("{INFO}?equipId={pump}")).await.code(), "1343");

    // View only: no write. Under control the write takes the monitor's path (its limits; then no gateway to send
    // to), and only for a signal of this equipment.
    let (speed_id, fan_speed_id) = (speed.to_string(), fan_speed.to_string());
    let write = [("equipId", pump.as_str()), ("signalId", speed_id.as_str()), ("value", "1200")];
    assert_eq!(post_as(app, &visitor, WRITE, &write).await.code(), "1344");
    assert_eq!(app.post(AUTH, &[("equipId", &pump), ("auth", "control")]).await.code(), "200");
    assert_eq!(get_as(app, &visitor, VALUES, &pump).await.code(), "1343", "a new authority revokes the visit");
    let reopened = post_as(app, &visitor, OPEN, &[("equipId", &pump), ("password", "ab12")]).await;
    assert_eq!(reopened.data()["auth"], "control");
    let over = [("equipId", pump.as_str()), ("signalId", speed_id.as_str()), ("value", "5000")];
    assert_eq!(post_as(app, &visitor, WRITE, &over).await.code(), "2003", "the monitor's write checks");
    let sent = post_as(app, &visitor, WRITE, &write).await;
    assert!(matches!(sent.code(), "1207" | "1302"), "past the checks, no gateway to send to: {:?}", sent.body);
    let elsewhere = [("equipId", pump.as_str()), ("signalId", fan_speed_id.as_str()), ("value", "1")];
    let refused = post_as(app, &visitor, WRITE, &elsewhere).await;
    assert!(refused.code() == "1100" && refused.message().contains("signalId"), "{:?}", refused.body);

    // A new password revokes the visit, and the old one no longer opens it.
    assert_eq!(app.post(PASSWORD, &[("equipId", &pump), ("password", "cd34")]).await.code(), "200");
    assert_eq!(get_as(app, &visitor, INFO, &pump).await.code(), "1343");
    assert_eq!(post_as(app, &visitor, OPEN, &[("equipId", &pump), ("password", "ab12")]).await.code(), "1342");
    assert_eq!(post_as(app, &visitor, OPEN, &[("equipId", &pump), ("password", "cd34")]).await.code(), "200");
    // Sharing off: revoked at once, and the right password answers as a wrong one.
    assert_eq!(app.post(AUTH, &[("equipId", &pump), ("auth", "control"), ("enabled", "false")]).await.code(), "200");
    assert_eq!(get_as(app, &visitor, VALUES, &pump).await.code(), "1343");
    assert_eq!(post_as(app, &visitor, OPEN, &[("equipId", &pump), ("password", "cd34")]).await.code(), "1342");

    // Closing ends the visit.
    assert_eq!(post_as(app, &visitor, OPEN, &[("equipId", &fan), ("password", "fan1")]).await.code(), "200");
    assert_eq!(post_as(app, &visitor, CLOSE, &[("equipId", &fan)]).await.code(), "200");
    assert_eq!(get_as(app, &visitor, INFO, &fan).await.code(), "1343");
});

both_backends!(share_passwords_are_throttled_per_address_and_equipment, Options::default(), |app| {
    app.login_demo().await;
    let (pump, _) = equipment(app, "Pump").await;
    let (fan, _) = equipment(app, "Fan").await;
    assert_eq!(app.post(PASSWORD, &[("equipId", &pump), ("password", "ab12")]).await.code(), "200");
    let (guesser, _) = browser(&app.url(""));
    for guess in 0..5 {
        let refused = post_as(app, &guesser, OPEN, &[("equipId", &pump), ("password", &format!("guess{guess}"))]).await;
        assert_eq!(refused.code(), "1342");
    }
    let locked = post_as(app, &guesser, OPEN, &[("equipId", &pump), ("password", "ab12")]).await;
    assert_eq!(locked.code(), "1007", "even the right password, once locked: {:?}", locked.body);
    // Another equipment from this address is counted on its own.
    assert_eq!(post_as(app, &guesser, OPEN, &[("equipId", &fan), ("password", "nope")]).await.code(), "1342");
    // Bad input is refused without a session, never a 500.
    for form in [vec![("equipId", "x"), ("password", "ab12")], vec![("equipId", pump.as_str())], vec![]] {
        let refused = post_as(app, &guesser, OPEN, &form).await;
        assert!(matches!(refused.code(), "1100" | "1101"), "{form:?}: {:?}", refused.body);
    }
    assert_eq!(answer(guesser.get(app.url(&format!("{INFO}?equipId=abc"))).send().await.unwrap()).await.code(), "1100");
});

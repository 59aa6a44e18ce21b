//! The operating centre: per equipment the caller sees, its open and its unconfirmed alarms, busiest first, with
//! totals; counts of a rule type whose alarm permission the caller lacks are null; a limited account sees its
//! granted equipment only; another organisation sees none of it.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use crate::walk_fixture::account;
use ironsight_domain::permission;
use ironsight_store::alarms::{AlarmKey, NewAlarm};
use serde_json::{Value, json};

const CENTER: &str = "/lfscada/ops/center/query";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn equipment(app: &TestApp, name: &str, rule_type: &str) -> i64 {
    let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name), ("ruleType", rule_type)]).await;
    added.data()["id"].as_i64().unwrap()
}

/// An alarm record on `equipment_id`; `key` tells one record from another (a no-data alarm of a made-up signal).
async fn alarm(app: &TestApp, org_id: i64, equipment_id: i64, key: i64) -> i64 {
    let new = NewAlarm {
        key: AlarmKey::SignalNoData(key),
        org_id,
        equipment_id,
        signal_id: Some(key),
        level: 1,
        equip_title: "x",
        signal_title: "",
        gmt_trigger: 1_800_000_000_000 + key,
        value: None,
        msg_zh: "无数据",
        msg_en: "No data",
    };
    app.store.add_alarm(&new).await.unwrap()
}

/// `(name, openAlarms, unconfirmedAlarms, openOrders)` of each row, in order.
fn rows(answer: &Answer) -> Vec<(String, Value, Value, Value)> {
    answer.data()["equipment"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let name = e["equipName"].as_str().unwrap().to_owned();
            (name, e["openAlarms"].clone(), e["unconfirmedAlarms"].clone(), e["openOrders"].clone())
        })
        .collect()
}

both_backends!(the_operating_centre_counts_what_is_open_per_equipment, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let org = demo.org_id;
    let boiler = equipment(app, "OC-boiler", "00").await;
    let press = equipment(app, "OC-press", "01").await;
    let quiet = equipment(app, "OC-quiet", "00").await;
    // The boiler: two open alarms (one confirmed) and one released unconfirmed. The press: one open.
    alarm(app, org, boiler, 1).await;
    let confirmed = alarm(app, org, boiler, 2).await;
    alarm(app, org, boiler, 3).await;
    app.store.release_alarm(AlarmKey::SignalNoData(3), 1_800_000_100_000).await.unwrap();
    app.store.confirm_alarm(&demo.viewer(), confirmed, "demo").await.unwrap();
    alarm(app, org, press, 4).await;
    // Two repair orders on the quiet one, one of them finished early (no longer open).
    let add = |description: &'static str| {
        let quiet = quiet.to_string();
        async move {
            let added =
                app.post("/lfscada/ops/repair/add", &[("equipmentId", &quiet), ("description", description)]).await;
            assert_eq!(added.code(), "200", "{:?}", added.body);
            added.data()["id"].to_string()
        }
    };
    add("Valve leaks").await;
    let cancelled = add("Noise").await;
    let ended = app.post("/lfscada/ops/repair/earlyFinish", &[("id", &cancelled), ("remark", "not needed")]).await;
    assert_eq!(ended.code(), "200", "{:?}", ended.body);

    let centre = app.post(CENTER, &[("keyword", "OC-")]).await;
    assert_eq!(centre.code(), "200", "{:?}", centre.body);
    assert_eq!(
        rows(&centre),
        vec![
            ("OC-boiler".to_owned(), json!(2), json!(2), json!(0)),
            ("OC-press".to_owned(), json!(1), json!(1), json!(0)),
            ("OC-quiet".to_owned(), json!(0), json!(0), json!(1)),
        ],
        "busiest first"
    );
    assert_eq!(
        centre.data()["totals"],
        json!({"equipment": 3, "openAlarms": 3, "unconfirmedAlarms": 3, "openOrders": 1, "overdueWorksheets": 0})
    );
    assert_eq!(rows(&app.post(CENTER, &[("keyword", "press")]).await).len(), 1);

    // Without the 01 alarm permission, the press's counts are not the caller's to see; without any, no totals.
    let org_wide = account(app, "oc-00", org, "user", "all", &[permission::EQUIPINFO_MENU_ALARM]).await;
    let seen = post_as(app, &org_wide, CENTER, &[("keyword", "OC-")]).await;
    let press_row = rows(&seen).into_iter().find(|(name, ..)| name == "OC-press").unwrap();
    assert_eq!(
        (press_row.1, press_row.2, press_row.3),
        (Value::Null, Value::Null, Value::Null),
        "no repair permission"
    );
    assert_eq!(seen.data()["totals"]["openAlarms"], 2, "the boiler's only");
    let none = account(app, "oc-none", org, "user", "all", &[]).await;
    let blind = post_as(app, &none, CENTER, &[("keyword", "OC-")]).await;
    assert_eq!(
        blind.data()["totals"],
        json!({"equipment": 3, "openAlarms": null, "unconfirmedAlarms": null, "openOrders": null, "overdueWorksheets": null})
    );

    // A limited account: its granted equipment only.
    let limited = account(app, "oc-limited", org, "user", "authorised", &[permission::EQUIPINFO_MENU_ALARM]).await;
    let user = app.store.user_by_loginname("oc-limited").await.unwrap().unwrap();
    app.store.grant_equipment(user.id, boiler).await.unwrap();
    let granted = post_as(app, &limited, CENTER, &[]).await;
    assert_eq!(rows(&granted), vec![("OC-boiler".to_owned(), json!(2), json!(2), Value::Null)]);

    // Another organisation sees none of it.
    let outsider = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let other = account(app, "oc-outsider", outsider.org_id, "admin", "all", &[]).await;
    let foreign = post_as(app, &other, CENTER, &[("keyword", "OC-")]).await;
    assert_eq!(foreign.data()["equipment"], json!([]));

    let long = "x".repeat(200);
    let refused = app.post(CENTER, &[("keyword", &long)]).await;
    assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), ("1100", Some("keyword")));
});

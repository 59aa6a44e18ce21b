//! Expiry dates and expire messages (docs/messages.md, "Expire messages"): the date set and cleared in the
//! equipment and gateway forms (bad dates refused naming the field, nothing changed; no manage permission
//! refused; another organisation's not found); the sweep driven by an injected clock, one message per threshold
//! and none twice, only the nearest threshold after a gap, a changed date starting over, a limited account told
//! only about equipment it sees, other organisations never; `getExpireById` for one's own message only.
//!
//! The dates are in 2031, so the server's own sweep (real clock, at start and every ten minutes) never finds one
//! due while a test drives the sweep.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use crate::walk_fixture::account;
use ironsight_domain::expiry::Day;
use serde_json::Value;

const EDIT: &str = "/lfscada/equipment/multi/edit";
const INFO: &str = "/lfscada/equipment/multi/info";
const QUERY: &str = "/lfscada/msg/query";
const DETAIL: &str = "/lfscada/msg/getExpireById";
const EXPIRES: &str = "2031-03-10";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn equipment(app: &TestApp, name: &str, expires: &str) -> i64 {
    let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name), ("expireDate", expires)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].as_i64().unwrap()
}

/// Noon (China time) `days` days before `date`.
fn days_before(date: &str, days: i64) -> i64 {
    Day(Day::parse(date).unwrap().0 - days).start_ms() + 12 * 3600 * 1000
}

async fn sweep_at(app: &TestApp, at_ms: i64) -> usize {
    ironsight::expiry::sweep(app.state(), at_ms).await.unwrap()
}

/// The caller's expire messages' English titles, newest first.
async fn expire_titles(app: &TestApp, client: Option<&reqwest::Client>) -> Vec<String> {
    let form = [("type", "expire"), ("pageSize", "100")];
    let list = match client {
        Some(c) => post_as(app, c, QUERY, &form).await,
        None => app.post(QUERY, &form).await,
    };
    list.data()["list"].as_array().unwrap().iter().map(|m| m["titleEn"].as_str().unwrap().to_owned()).collect()
}

fn field(a: &Answer) -> (&str, Option<&str>) {
    (a.code(), a.body["data"]["field"].as_str())
}

both_backends!(an_expiry_date_is_set_checked_and_cleared_by_managers, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let pump = equipment(app, "Pump", EXPIRES).await;
    let id = pump.to_string();
    let info = app.post(INFO, &[("id", &id)]).await;
    assert_eq!(info.data()["expireDate"], EXPIRES);

    // Bad dates name the field and change nothing (neither the date nor the other fields).
    for bad in ["2031-02-29", "2031-13-01", "10/03/2031", "2031-3-10", "tomorrow", "1999-12-31"] {
        let refused = app.post(EDIT, &[("id", &id), ("equipName", "Renamed"), ("expireDate", bad)]).await;
        assert_eq!(field(&refused), ("1100", Some("expireDate")), "{bad}");
        assert!(!refused.message().is_empty());
    }
    let refused =
        app.post("/lfscada/equipment/multi/add", &[("equipName", "Other"), ("expireDate", "2031-02-30")]).await;
    assert_eq!(field(&refused), ("1100", Some("expireDate")));
    let info = app.post(INFO, &[("id", &id)]).await;
    assert_eq!((info.data()["equipName"].as_str(), info.data()["expireDate"].as_str()), (Some("Pump"), Some(EXPIRES)));

    // An edit without the field keeps the date; an empty one clears it; a new one replaces it.
    assert_eq!(app.post(EDIT, &[("id", &id), ("equipName", "Pump 1")]).await.code(), "200");
    assert_eq!(app.post(INFO, &[("id", &id)]).await.data()["expireDate"], EXPIRES);
    assert_eq!(app.post(EDIT, &[("id", &id), ("equipName", "Pump 1"), ("expireDate", "")]).await.code(), "200");
    assert_eq!(app.post(INFO, &[("id", &id)]).await.data()["expireDate"], Value::Null);
    assert_eq!(
        app.post(EDIT, &[("id", &id), ("equipName", "Pump 1"), ("expireDate", "2032-01-31")]).await.code(),
        "200"
    );
    let listed = app.post("/lfscada/equipment/multi/query", &[]).await;
    let row = listed.data()["list"].as_array().unwrap().iter().find(|e| e["id"] == pump).unwrap().clone();
    assert_eq!(row["expireDate"], "2032-01-31", "the list carries it");

    // A gateway's date through its edit; the list and the info carry it.
    assert_eq!(app.post("/lfscada/gateway/add", &[("sn", "EG-EXP-1"), ("expireDate", EXPIRES)]).await.code(), "200");
    let gw = app.post("/lfscada/gateway/info", &[("sn", "EG-EXP-1")]).await;
    assert_eq!(gw.data()["expireDate"], EXPIRES);
    let refused = app.post("/lfscada/gateway/edit", &[("sn", "EG-EXP-1"), ("name", "New"), ("expireDate", "x")]).await;
    assert_eq!(field(&refused), ("1100", Some("expireDate")));
    let gw = app.post("/lfscada/gateway/info", &[("sn", "EG-EXP-1")]).await;
    assert_eq!((gw.data()["name"].as_str(), gw.data()["expireDate"].as_str()), (Some("EG-EXP-1"), Some(EXPIRES)));
    assert_eq!(app.post("/lfscada/gateway/edit", &[("sn", "EG-EXP-1"), ("expireDate", "")]).await.code(), "200");
    assert_eq!(app.post("/lfscada/gateway/info", &[("sn", "EG-EXP-1")]).await.data()["expireDate"], Value::Null);

    // A sub-account without manage is refused; another organisation does not find them.
    let viewer = account(app, "no-manage", demo.org_id, "user", "all", &[]).await;
    let refused =
        post_as(app, &viewer, EDIT, &[("id", &id), ("equipName", "Pump 1"), ("expireDate", "2033-01-01")]).await;
    assert_eq!(refused.code(), "1011");
    let refused =
        post_as(app, &viewer, "/lfscada/gateway/edit", &[("sn", "EG-EXP-1"), ("expireDate", "2033-01-01")]).await;
    assert_eq!(refused.code(), "1011");
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let outsider = account(app, "outsider-exp", admin.org_id, "admin", "all", &["manage"]).await;
    let other =
        post_as(app, &outsider, EDIT, &[("id", &id), ("equipName", "Mine"), ("expireDate", "2033-01-01")]).await;
    assert_eq!(other.code(), "1214");
    let other =
        post_as(app, &outsider, "/lfscada/gateway/edit", &[("sn", "EG-EXP-1"), ("expireDate", "2033-01-01")]).await;
    assert_eq!(other.code(), "2001");
    assert_eq!(app.post(INFO, &[("id", &id)]).await.data()["expireDate"], "2032-01-31", "unchanged");
    assert_eq!(app.post("/lfscada/gateway/info", &[("sn", "EG-EXP-1")]).await.data()["expireDate"], Value::Null);
});

both_backends!(the_sweep_tells_each_threshold_once, Options::default(), |app| {
    app.login_demo().await;
    let pump = equipment(app, "Pump", EXPIRES).await;
    let mut expected: Vec<String> = Vec::new();
    assert_eq!(sweep_at(app, days_before(EXPIRES, 31)).await, 0, "31 days ahead: nothing yet");
    for (days, title) in [
        (30, "Service of Pump expires in 30 days (2031-03-10)"),
        (8, ""),
        (7, "Service of Pump expires in 7 days (2031-03-10)"),
        (1, "Service of Pump expires in 1 day (2031-03-10)"),
        (0, "Service of Pump expires today (2031-03-10)"),
    ] {
        let at = days_before(EXPIRES, days);
        let written = sweep_at(app, at).await;
        assert_eq!(sweep_at(app, at + 600_000).await, 0, "{days}: a second tick sends nothing");
        if !title.is_empty() {
            assert_eq!(written, 1, "{days} days: the demo account only");
            expected.insert(0, title.to_owned());
        } else {
            assert_eq!(written, 0, "{days} days: between thresholds");
        }
        assert_eq!(expire_titles(app, None).await, expected, "{days}");
    }
    assert_eq!(sweep_at(app, days_before(EXPIRES, -1)).await, 0, "nothing after the day");

    // The message: type expire, equipType eg, dataId the equipment, equipId set; Chinese title too.
    let list = app.post(QUERY, &[("type", "expire")]).await;
    let m = &list.data()["list"][0];
    assert_eq!(
        (m["equipType"].as_str(), m["dataId"].as_str(), m["equipId"].as_i64(), m["note"].as_str()),
        (Some("eg"), Some(pump.to_string().as_str()), Some(pump), Some(EXPIRES))
    );
    assert_eq!(m["title"], "设备“Pump”的服务今天到期（2031-03-10）");
});

both_backends!(after_a_gap_only_the_nearest_threshold_is_told_and_a_new_date_starts_over, Options::default(), |app| {
    app.login_demo().await;
    let pump = equipment(app, "Pump", EXPIRES).await;
    // Down from 8 days before to 2 days before: one message (7), not 30 and 7.
    assert_eq!(sweep_at(app, days_before(EXPIRES, 2)).await, 1);
    assert_eq!(expire_titles(app, None).await, ["Service of Pump expires in 2 days (2031-03-10)"]);
    assert_eq!(sweep_at(app, days_before(EXPIRES, 2) + 3_600_000).await, 0);
    // Back at 5 days: the 7-day notice was sent, the 30-day one is stale.
    assert_eq!(sweep_at(app, days_before(EXPIRES, 5)).await, 0, "no threshold told twice or out of turn");

    // The date moves a year on: its own thresholds from the start; the old date is never told again.
    let later = "2032-03-10";
    let id = pump.to_string();
    assert_eq!(app.post(EDIT, &[("id", &id), ("equipName", "Pump"), ("expireDate", later)]).await.code(), "200");
    assert_eq!(sweep_at(app, days_before(EXPIRES, 1)).await, 0, "the replaced date is not told");
    assert_eq!(sweep_at(app, days_before(later, 30)).await, 1);
    assert_eq!(sweep_at(app, days_before(later, 7)).await, 1);
    let titles = expire_titles(app, None).await;
    assert_eq!(titles[0], "Service of Pump expires in 7 days (2032-03-10)");
    assert_eq!(titles.len(), 3);
    // Cleared: nothing more.
    assert_eq!(app.post(EDIT, &[("id", &id), ("equipName", "Pump"), ("expireDate", "")]).await.code(), "200");
    assert_eq!(sweep_at(app, days_before(later, 0)).await, 0);
});

both_backends!(people_are_told_only_about_what_they_see, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let seen = equipment(app, "Seen pump", EXPIRES).await;
    let hidden = equipment(app, "Hidden pump", EXPIRES).await;
    let limited = account(app, "limited-exp", demo.org_id, "user", "authorised", &[]).await;
    let user = app.store.user_by_loginname("limited-exp").await.unwrap().unwrap();
    app.store.grant_equipment(user.id, seen).await.unwrap();
    // A gateway serving both: the limited account is told through the equipment it sees.
    assert_eq!(
        app.post("/lfscada/gateway/add", &[("sn", "EG-EXP-2"), ("name", "GW 2"), ("expireDate", EXPIRES)]).await.code(),
        "200"
    );
    for id in [seen, hidden] {
        let bound =
            app.post("/lfscada/equipment/multi/bindGateway", &[("id", &id.to_string()), ("sn", "EG-EXP-2")]).await;
        assert_eq!(bound.code(), "200");
    }
    // Another organisation's equipment with the same date, and its administrator.
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let outsider = account(app, "outsider-exp2", admin.org_id, "admin", "all", &["manage"]).await;
    let theirs = post_as(
        app,
        &outsider,
        "/lfscada/equipment/multi/add",
        &[("equipName", "Their pump"), ("expireDate", EXPIRES)],
    )
    .await;
    assert_eq!(theirs.code(), "200");

    sweep_at(app, days_before(EXPIRES, 7)).await;
    let mine = expire_titles(app, None).await;
    assert_eq!(mine.len(), 3, "the demo account sees both pumps and the gateway: {mine:?}");
    assert!(mine.contains(&"Gateway service of GW 2 expires in 7 days (2031-03-10)".to_owned()));
    let theirs = expire_titles(app, Some(&limited)).await;
    assert_eq!(theirs.len(), 2, "{theirs:?}");
    assert!(theirs.iter().all(|t| !t.contains("Hidden") && !t.contains("Their")), "{theirs:?}");
    let outside = expire_titles(app, Some(&outsider)).await;
    assert_eq!(outside, ["Service of Their pump expires in 7 days (2031-03-10)"], "their own only");

    // The gateway's message to the limited account is about the equipment it sees, and stays visible with it.
    let list = post_as(app, &limited, QUERY, &[("type", "expire")]).await;
    let gateway_message =
        list.data()["list"].as_array().unwrap().iter().find(|m| m["dataStatus"] == "gateway").unwrap().clone();
    assert_eq!(gateway_message["equipId"].as_i64(), Some(seen));
});

both_backends!(get_expire_by_id_answers_the_callers_own_expire_message, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let pump = equipment(app, "Pump", EXPIRES).await;
    assert_eq!(
        app.post("/lfscada/gateway/add", &[("sn", "EG-EXP-3"), ("name", "GW 3"), ("expireDate", EXPIRES)]).await.code(),
        "200"
    );
    assert_eq!(
        app.post("/lfscada/equipment/multi/bindGateway", &[("id", &pump.to_string()), ("sn", "EG-EXP-3")]).await.code(),
        "200"
    );
    let at = days_before(EXPIRES, 7);
    assert_eq!(sweep_at(app, at).await, 2);
    let list = app.post(QUERY, &[("type", "expire")]).await;
    let by_status = |status: &str| {
        list.data()["list"].as_array().unwrap().iter().find(|m| m["dataStatus"] == status).unwrap()["id"].to_string()
    };
    let (equipment_message, gateway_message) = (by_status("equipment"), by_status("gateway"));

    let detail = app.post(DETAIL, &[("id", &equipment_message)]).await;
    assert_eq!(detail.code(), "200", "{:?}", detail.body);
    let d = detail.data();
    assert_eq!(
        (d["targetType"].as_str(), d["targetId"].as_i64(), d["name"].as_str(), d["equipmentId"].as_i64()),
        (Some("equipment"), Some(pump), Some("Pump"), Some(pump))
    );
    assert_eq!(d["expireDate"], EXPIRES);
    let today = Day::in_china(ironsight_store::now_ms());
    assert_eq!(d["daysLeft"].as_i64(), Some(Day::parse(EXPIRES).unwrap().days_after(today)), "counted from today");
    let detail = app.post(DETAIL, &[("id", &gateway_message)]).await;
    let d = detail.data();
    assert_eq!(
        (d["targetType"].as_str(), d["name"].as_str(), d["gatewaySn"].as_str(), d["equipmentId"].as_i64()),
        (Some("gateway"), Some("GW 3"), Some("EG-EXP-3"), Some(pump))
    );

    // Another user's expire message, a message of another type, none at all: 1280.
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let outsider = account(app, "outsider-exp3", admin.org_id, "admin", "all", &[]).await;
    assert_eq!(post_as(app, &outsider, DETAIL, &[("id", &equipment_message)]).await.code(), "1280");
    let notice = ironsight_store::messages::NewMessage { user_id: demo.id, kind: "notice", title: "N", note: "" };
    let notice = app.store.add_message(&notice).await.unwrap().to_string();
    assert_eq!(app.post(DETAIL, &[("id", &notice)]).await.code(), "1280");
    assert_eq!(app.post(DETAIL, &[("id", "999999")]).await.code(), "1280");
    assert_eq!(field(&app.post(DETAIL, &[]).await), ("1101", Some("id")), "required");

    // Its equipment deleted: 1283 (the message itself stays until deleted).
    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &pump.to_string())]).await.code(), "200");
    assert_eq!(app.post(DETAIL, &[("id", &equipment_message)]).await.code(), "1283");
});

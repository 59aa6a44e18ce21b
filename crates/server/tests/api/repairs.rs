//! Repair work orders (docs/work-orders.md): pending → dispatched → received → finished | early-finish, each step by
//! its person with time and remark; a wrong person or a wrong order of steps refused with its code and nothing
//! changed; two clicks at once, one winner; order messages written, pushed and seen; an order made from an alarm.
//! Grants, other organisations and pictures: `repairs_access.rs`.

use crate::both_backends;
use crate::helpers::{Answer, TestApp};
use crate::walk_fixture::{account, post_as};
use futures_util::StreamExt;
use ironsight_store::alarms::{AlarmKey, NewAlarm};
use serde_json::Value;
use std::time::Duration;

pub const ADD: &str = "/lfscada/ops/repair/add";
pub const INFO: &str = "/lfscada/ops/repair/info";
pub const QUERY: &str = "/lfscada/ops/repair/query";
pub const USERS: &str = "/lfscada/ops/repair/users";
pub const DISPATCH: &str = "/lfscada/ops/repair/dispatch";
pub const RECEIVE: &str = "/lfscada/ops/repair/receive";
pub const FINISH: &str = "/lfscada/ops/repair/finish";
pub const EARLY: &str = "/lfscada/ops/repair/earlyFinish";
pub const EQUIPMENT_QUERY: &str = "/lfscada/equipment/multi/repair/query";
const MSG_QUERY: &str = "/lfscada/msg/query";
pub const REPAIR: &str = "monitor_multi_designer_repair";

pub async fn equipment(app: &TestApp, name: &str) -> String {
    app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].to_string()
}

/// A new pending order by demo on `equipment` → its id.
pub async fn order(app: &TestApp, equipment: &str, description: &str) -> String {
    let added = app.post(ADD, &[("equipmentId", equipment), ("description", description)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

pub async fn user_id(app: &TestApp, loginname: &str) -> String {
    app.store.user_by_loginname(loginname).await.unwrap().unwrap().id.to_string()
}

/// The order as demo sees it: status, repairer, content and every step, to show a refused call changed nothing.
async fn snapshot(app: &TestApp, id: &str) -> Value {
    let info = app.post(INFO, &[("id", id)]).await;
    assert_eq!(info.code(), "200", "{:?}", info.body);
    let o = &info.data()["order"];
    serde_json::json!([o["status"], o["repairerId"], o["content"], info.data()["steps"], info.data()["pictures"]])
}

/// The caller's order messages about order `id`, newest first.
async fn order_messages(app: &TestApp, client: &reqwest::Client, id: &str) -> Vec<Value> {
    let found = post_as(app, client, MSG_QUERY, &[("type", "order"), ("dataId", id)]).await;
    found.data()["list"].as_array().cloned().unwrap_or_default()
}

fn status(answer: &Answer) -> &str {
    answer.data()["status"].as_str().unwrap_or_else(|| panic!("no status in {:?}", answer.body))
}

both_backends!(an_order_goes_from_pending_to_finished_each_step_by_its_person, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let pump = equipment(app, "Pump").await;
    let fixer = account(app, "fixer", org, "user", "all", &[REPAIR]).await;
    let bystander = account(app, "bystander", org, "user", "all", &[REPAIR]).await;
    let watcher = account(app, "watcher", org, "user", "all", &[]).await;
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    account(app, "stranger", elsewhere, "admin", "all", &[REPAIR]).await;
    let (fixer_id, watcher_id, stranger_id) =
        (user_id(app, "fixer").await, user_id(app, "watcher").await, user_id(app, "stranger").await);

    // The repairer's message socket is open before the dispatch.
    let token = post_as(app, &fixer, "/lfscada/websocket/msg/token", &[]).await.data().as_str().unwrap().to_owned();
    let ws_url = format!("{}/lfscada/ws/message/subscribe/{token}", app.base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&ws_url).await.expect("socket opens");

    // Creation: the equipment and a description are required, bounded, and nothing else is stored.
    for (form, code, field) in [
        (vec![("description", "Leaks")], "1101", "equipmentId"),
        (vec![("equipmentId", pump.as_str())], "1101", "description"),
        (vec![("equipmentId", pump.as_str()), ("description", "   ")], "1101", "description"),
    ] {
        let refused = app.post(ADD, &form).await;
        assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), (code, Some(field)), "{form:?}");
    }
    let long = "漏".repeat(501);
    assert_eq!(app.post(ADD, &[("equipmentId", &pump), ("description", &long)]).await.code(), "1100");
    assert_eq!(app.post(QUERY, &[]).await.data()["total"], 0, "nothing stored");
    let added = app.post(ADD, &[("equipmentId", &pump), ("description", " Seal leaks at the flange ")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let id = added.data()["id"].to_string();
    let number = added.data()["number"].as_str().unwrap().to_owned();
    assert!(number.len() == 14 && number.starts_with("WX20") && number.ends_with("0001"), "{number}");
    let second = app.post(ADD, &[("equipmentId", &pump), ("description", "Second")]).await;
    assert_eq!(second.data()["number"].as_str().unwrap(), format!("{}0002", &number[..10]));

    let info = app.post(INFO, &[("id", &id)]).await;
    let o = &info.data()["order"];
    assert_eq!((o["status"].as_str(), o["description"].as_str()), (Some("pending"), Some("Seal leaks at the flange")));
    assert_eq!((o["creatorName"].as_str(), o["equipName"].as_str()), (Some("demo"), Some("Pump")));
    assert!(o["repairerId"].is_null() && o["repairerName"].is_null(), "{o}");
    let steps = info.data()["steps"].as_array().unwrap();
    assert_eq!(
        (steps.len(), steps[0]["action"].as_str(), steps[0]["toStatus"].as_str()),
        (1, Some("create"), Some("pending"))
    );

    // Whom it may go to: the organisation's accounts that see the pump and may handle repair orders.
    let users = app.post(USERS, &[("equipmentId", &pump)]).await;
    let names: Vec<&str> = users.data().as_array().unwrap().iter().map(|u| u["loginname"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["bystander", "demo", "fixer"], "{:?}", users.body);

    // Out of order, or by the wrong person: refused with its code, nothing changed.
    let before = snapshot(app, &id).await;
    let with_remark = |id: &str| vec![("id", id.to_owned()), ("remark", "x".to_owned()), ("content", "x".to_owned())];
    for (client, path, code) in [
        (&fixer, RECEIVE, "1292"),
        (&fixer, FINISH, "1292"),
        (&app.client, RECEIVE, "1292"),
        (&fixer, DISPATCH, "1291"),
        (&bystander, EARLY, "1291"),
        (&watcher, INFO, "1212"),
        (&watcher, DISPATCH, "1212"),
    ] {
        let mut form = with_remark(&id);
        form.push(("repairerId", fixer_id.clone()));
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let refused = post_as(app, client, path, &form).await;
        assert_eq!(refused.code(), code, "{path}: {:?}", refused.body);
    }
    for (repairer, code) in
        [(watcher_id.as_str(), "1293"), (stranger_id.as_str(), "1293"), ("999999", "1293"), ("", "1101")]
    {
        let refused = app.post(DISPATCH, &[("id", &id), ("repairerId", repairer)]).await;
        assert_eq!(refused.code(), code, "repairer {repairer}: {:?}", refused.body);
    }
    assert_eq!(snapshot(app, &id).await, before, "nothing changed");

    // Dispatched: the repairer is told at once, on the socket and in the message centre.
    let dispatched = app.post(DISPATCH, &[("id", &id), ("repairerId", &fixer_id), ("remark", "Today please")]).await;
    assert_eq!((dispatched.code(), status(&dispatched)), ("200", "dispatched"), "{:?}", dispatched.body);
    assert_eq!(dispatched.data()["repairerName"], "fixer");
    let frame = tokio::time::timeout(Duration::from_secs(10), socket.next()).await.expect("pushed").unwrap().unwrap();
    let pushed: Value = serde_json::from_str(frame.to_text().unwrap()).unwrap();
    let m = &pushed["data"];
    assert_eq!(
        (m["type"].as_str(), m["equipType"].as_str(), m["dataStatus"].as_str(), m["dataId"].as_str()),
        (Some("order"), Some("repair"), Some("sended"), Some(id.as_str())),
        "{pushed}"
    );
    assert_eq!(m["equipId"].to_string(), pump);
    assert_eq!(m["titleEn"], format!("Repair order {number} assigned to you: Pump"));
    assert_eq!(order_messages(app, &fixer, &id).await.len(), 1);
    assert!(order_messages(app, &app.client, &id).await.is_empty(), "whoever takes a step is not told of it");

    // Received, only by the repairer; the creator is told.
    assert_eq!(app.post(RECEIVE, &[("id", &id)]).await.code(), "1291", "the dispatcher is not the repairer");
    assert_eq!(post_as(app, &bystander, RECEIVE, &[("id", &id)]).await.code(), "1291");
    assert_eq!(
        post_as(app, &fixer, EARLY, &[("id", &id), ("remark", "no")]).await.code(),
        "1291",
        "not yet the repairer's"
    );
    let received = post_as(app, &fixer, RECEIVE, &[("id", &id)]).await;
    assert_eq!(status(&received), "received", "{:?}", received.body);
    let told = order_messages(app, &app.client, &id).await;
    assert_eq!(told[0]["titleEn"], format!("Repair order {number} received by fixer: Pump"));

    // Opening the order makes the repairer's message seen and read.
    let opened = post_as(app, &fixer, INFO, &[("id", &id)]).await;
    assert_eq!(opened.code(), "200");
    let seen = order_messages(app, &fixer, &id).await;
    assert_eq!((seen[0]["dataStatus"].as_str(), seen[0]["read"].as_bool()), (Some("seen"), Some(true)));

    // Finished with the repair content, which is required.
    let empty = post_as(app, &fixer, FINISH, &[("id", &id), ("content", "  ")]).await;
    assert_eq!((empty.code(), empty.body["data"]["field"].as_str()), ("1101", Some("content")));
    assert_eq!(app.post(FINISH, &[("id", &id), ("content", "Mine")]).await.code(), "1291");
    let finished = post_as(app, &fixer, FINISH, &[("id", &id), ("content", "New seal fitted"), ("remark", "ok")]).await;
    assert_eq!((status(&finished), finished.data()["content"].as_str()), ("finished", Some("New seal fitted")));
    assert_eq!(
        order_messages(app, &app.client, &id).await[0]["titleEn"],
        format!("Repair order {number} finished by fixer: Pump")
    );

    // Closed: every step is refused as a wrong status, whoever asks.
    let before = snapshot(app, &id).await;
    for (client, path) in [(&fixer, FINISH), (&fixer, EARLY), (&app.client, DISPATCH), (&app.client, EARLY)] {
        let refused =
            post_as(app, client, path, &[("id", &id), ("content", "x"), ("remark", "x"), ("repairerId", &fixer_id)])
                .await;
        assert_eq!(refused.code(), "1292", "{path}");
    }
    assert_eq!(snapshot(app, &id).await, before, "nothing changed");

    // The history: who, when, from, to, remark.
    let history = app.post(INFO, &[("id", &id)]).await.data()["steps"].clone();
    let walked: Vec<(String, String, String, String, String)> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            assert!(s["gmtCreate"].as_i64().unwrap() > 0);
            let text = |k: &str| s[k].as_str().unwrap().to_owned();
            (text("action"), text("userName"), text("fromStatus"), text("toStatus"), text("remark"))
        })
        .collect();
    let expected = [
        ("create", "demo", "", "pending", ""),
        ("dispatch", "demo", "pending", "dispatched", "Today please"),
        ("receive", "fixer", "dispatched", "received", ""),
        ("finish", "fixer", "received", "finished", "ok"),
    ];
    let expected: Vec<(String, String, String, String, String)> = expected
        .iter()
        .map(|(a, b, c, d, e)| ((*a).into(), (*b).into(), (*c).into(), (*d).into(), (*e).into()))
        .collect();
    assert_eq!(walked, expected);

    // The lists and their filters.
    let ids = |a: &Answer| -> Vec<String> {
        a.data()["list"].as_array().unwrap().iter().map(|o| o["id"].to_string()).collect()
    };
    let second_id = second.data()["id"].to_string();
    assert_eq!(ids(&app.post(QUERY, &[]).await), vec![second_id.clone(), id.clone()], "newest first");
    assert_eq!(ids(&app.post(QUERY, &[("status", "finished")]).await), vec![id.clone()]);
    assert_eq!(ids(&app.post(QUERY, &[("keyword", &number.to_lowercase())]).await), vec![id.clone()]);
    assert_eq!(ids(&app.post(QUERY, &[("keyword", "FLANGE")]).await), vec![id.clone()]);
    assert_eq!(ids(&post_as(app, &fixer, QUERY, &[("mine", "assigned")]).await), vec![id.clone()]);
    assert_eq!(ids(&post_as(app, &fixer, QUERY, &[("mine", "created")]).await), Vec::<String>::new());
    assert_eq!(ids(&app.post(EQUIPMENT_QUERY, &[("equipmentId", &pump)]).await), vec![second_id, id.clone()]);
    for (form, field) in
        [(("status", "done"), "status"), (("mine", "everything"), "mine"), (("pageSize", "101"), "pageSize")]
    {
        assert_eq!(app.post(QUERY, &[form]).await.body["data"]["field"], field);
    }
    assert_eq!(post_as(app, &watcher, QUERY, &[]).await.code(), "1212", "No permission to view repair orders");
    assert_eq!(post_as(app, &watcher, EQUIPMENT_QUERY, &[("equipmentId", &pump)]).await.code(), "1212");
});

both_backends!(
    early_finish_belongs_to_the_dispatcher_then_the_repairer_and_two_clicks_have_one_winner,
    Options::default(),
    |app| {
        app.login_demo().await;
        let org = app.store.org_by_name("demo").await.unwrap().unwrap();
        let pump = equipment(app, "Pump").await;
        let fixer = account(app, "fixer", org, "user", "all", &[REPAIR]).await;
        let fixer_id = user_id(app, "fixer").await;
        let dispatch = |id: String| {
            let fixer_id = fixer_id.clone();
            async move {
                let done = app.post(DISPATCH, &[("id", &id), ("repairerId", &fixer_id)]).await;
                assert_eq!(done.code(), "200", "{:?}", done.body);
            }
        };

        // Pending: the dispatcher cancels, with a reason.
        let a = order(app, &pump, "A").await;
        let no_reason = app.post(EARLY, &[("id", &a)]).await;
        assert_eq!((no_reason.code(), no_reason.body["data"]["field"].as_str()), ("1101", Some("remark")));
        assert_eq!(status(&app.post(EARLY, &[("id", &a), ("remark", "Duplicate")]).await), "early-finish");

        // Dispatched: still the dispatcher's to cancel; the repairer is told.
        let b = order(app, &pump, "B").await;
        dispatch(b.clone()).await;
        assert_eq!(post_as(app, &fixer, EARLY, &[("id", &b), ("remark", "busy")]).await.code(), "1291");
        assert_eq!(status(&app.post(EARLY, &[("id", &b), ("remark", "Fixed itself")]).await), "early-finish");
        let told = order_messages(app, &fixer, &b).await;
        assert_eq!(told.len(), 2, "dispatched, then ended early: {told:?}");
        assert!(told[0]["titleEn"].as_str().unwrap().contains("ended early by demo"), "{told:?}");

        // Received: now only the repairer ends it early.
        let c = order(app, &pump, "C").await;
        dispatch(c.clone()).await;
        assert_eq!(status(&post_as(app, &fixer, RECEIVE, &[("id", &c)]).await), "received");
        assert_eq!(app.post(EARLY, &[("id", &c), ("remark", "mine now")]).await.code(), "1291");
        assert_eq!(
            status(&post_as(app, &fixer, EARLY, &[("id", &c), ("remark", "Part not available")]).await),
            "early-finish"
        );

        // Two clicks at once: exactly one wins, the other is told the status moved on, one step is recorded.
        let d = order(app, &pump, "D").await;
        dispatch(d.clone()).await;
        let form = [("id", d.as_str())];
        let click = || post_as(app, &fixer, RECEIVE, &form);
        let (first, second) = tokio::join!(click(), click());
        let mut codes = vec![first.code().to_owned(), second.code().to_owned()];
        codes.sort();
        assert_eq!(codes, vec!["1292", "200"], "{:?} {:?}", first.body, second.body);
        let e = order(app, &pump, "E").await;
        let send = |remark: &'static str| {
            let (e, fixer_id) = (e.clone(), fixer_id.clone());
            async move { app.post(DISPATCH, &[("id", e.as_str()), ("repairerId", &fixer_id), ("remark", remark)]).await }
        };
        let (one, two) = tokio::join!(send("first"), send("second"));
        let mut codes = vec![one.code().to_owned(), two.code().to_owned()];
        codes.sort();
        assert_eq!(codes, vec!["1292", "200"]);
        // d: created, dispatched, received once; e: created, dispatched once.
        for (id, expected) in [(&d, 3), (&e, 2)] {
            let steps = app.post(INFO, &[("id", id.as_str())]).await.data()["steps"].as_array().unwrap().len();
            assert_eq!(steps, expected, "one winner's step for order {id}");
        }

        // Orders numbered at once get distinct numbers.
        let pump = pump.as_str();
        let add = |n: usize| async move {
            app.post(ADD, &[("equipmentId", pump), ("description", &format!("Burst {n}"))]).await
        };
        let burst = futures_util::future::join_all((0..6).map(add)).await;
        let mut numbers: Vec<String> = burst.iter().map(|a| a.data()["number"].as_str().unwrap().to_owned()).collect();
        numbers.sort();
        numbers.dedup();
        assert_eq!(numbers.len(), 6, "{numbers:?}");
    }
);

both_backends!(an_order_made_from_an_alarm_takes_its_equipment_signal_and_text, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let (pump, tank) = (equipment(app, "Pump").await, equipment(app, "Tank").await);
    let alarm = app
        .store
        .add_alarm(&NewAlarm {
            key: AlarmKey::SignalNoData(1),
            org_id: org,
            equipment_id: pump.parse().unwrap(),
            signal_id: None,
            level: 1,
            equip_title: "Pump",
            signal_title: "Speed setpoint",
            gmt_trigger: 1_800_000_000_000,
            value: Some(2500.0),
            msg_zh: "转速设定过高",
            msg_en: "Speed setpoint high",
        })
        .await
        .unwrap()
        .to_string();
    let added = app.post(ADD, &[("alarmId", &alarm)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let o = app.post(INFO, &[("id", &added.data()["id"].to_string())]).await.data()["order"].clone();
    assert_eq!(o["equipmentId"].to_string(), pump);
    assert_eq!(o["alarmId"].to_string(), alarm);
    assert_eq!(
        (o["signalTitle"].as_str(), o["description"].as_str()),
        (Some("Speed setpoint"), Some("Speed setpoint 转速设定过高"))
    );
    let english = app
        .client
        .post(app.url(ADD))
        .header("accept-language", "en")
        .form(&[("alarmId", alarm.as_str()), ("equipmentId", pump.as_str())])
        .send()
        .await
        .unwrap();
    let english = crate::helpers::answer(english).await;
    let o = app.post(INFO, &[("id", &english.data()["id"].to_string())]).await.data()["order"].clone();
    assert_eq!(o["description"], "Speed setpoint Speed setpoint high");
    let typed = app.post(ADD, &[("alarmId", &alarm), ("description", "Pump hums")]).await;
    let o = app.post(INFO, &[("id", &typed.data()["id"].to_string())]).await.data()["order"].clone();
    assert_eq!(o["description"], "Pump hums", "a description given is kept");
    // The alarm names the equipment: another one is refused, as is an alarm that does not exist.
    let other = app.post(ADD, &[("alarmId", &alarm), ("equipmentId", &tank)]).await;
    assert_eq!((other.code(), other.body["data"]["field"].as_str()), ("1100", Some("equipmentId")));
    let unknown = app.post(ADD, &[("alarmId", "999999")]).await;
    assert_eq!((unknown.code(), unknown.body["data"]["field"].as_str()), ("1100", Some("alarmId")));
    assert_eq!(app.post(QUERY, &[]).await.data()["total"], 3);
});

//! Inspection work orders (docs/work-orders.md, the inspection half): items, plans, worksheets generated now and by
//! the schedule, results saved and submitted (normal or abnormal), aborted, wrong person or status refused with its
//! code and nothing changed, two clicks with one winner, the inspector's message, and a repair order from an
//! abnormal result. Grants and other organisations: `inspection_access.rs`.

use crate::both_backends;
use crate::helpers::{Answer, TestApp};
use crate::repairs::{REPAIR, equipment, user_id};
use crate::walk_fixture::{account, post_as};
use futures_util::StreamExt;
use ironsight_domain::inspection::{Frequency, Schedule};
use serde_json::{Value, json};
use std::time::Duration;

pub const ITEM_ADD: &str = "/lfscada/ops/inspection/item/add";
pub const ITEM_EDIT: &str = "/lfscada/ops/inspection/item/edit";
pub const ITEM_DELETE: &str = "/lfscada/ops/inspection/item/delete";
pub const ITEM_QUERY: &str = "/lfscada/ops/inspection/item/query";
pub const PLAN_ADD: &str = "/lfscada/ops/inspection/plan/add";
pub const PLAN_EDIT: &str = "/lfscada/ops/inspection/plan/edit";
pub const PLAN_QUERY: &str = "/lfscada/ops/inspection/plan/query";
pub const PLAN_INFO: &str = "/lfscada/ops/inspection/plan/info";
pub const GENERATE: &str = "/lfscada/ops/inspection/plan/generate";
pub const INSPECTORS: &str = "/lfscada/ops/inspection/plan/inspectors";
pub const SHEETS: &str = "/lfscada/ops/inspection/worksheet/query";
pub const SHEET: &str = "/lfscada/ops/inspection/worksheet/info";
pub const SAVE: &str = "/lfscada/ops/inspection/worksheet/save";
pub const SUBMIT: &str = "/lfscada/ops/inspection/worksheet/submit";
pub const ABORT: &str = "/lfscada/ops/inspection/worksheet/abort";
pub const LINK: &str = "/lfscada/ops/inspection/worksheet/repair";
pub const RECORDS: &str = "/lfscada/equipment/multi/inspection/query";

/// A time of day (China) twelve hours from now: the real schedule's tick cannot fall due while a test runs.
pub fn far_time() -> String {
    let minute = ((ironsight_store::now_ms() + 8 * 3_600_000) / 60_000 + 720).rem_euclid(1440);
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// An item → its id.
pub async fn item(app: &TestApp, form: &[(&str, &str)]) -> String {
    let added = app.post(ITEM_ADD, form).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

/// A daily plan by demo → its id.
pub async fn plan(app: &TestApp, name: &str, equipment: &str, items: &str, inspector: &str) -> String {
    let time = far_time();
    let form = [
        ("name", name),
        ("equipmentIds", equipment),
        ("itemIds", items),
        ("inspectorId", inspector),
        ("frequency", "daily"),
        ("time", time.as_str()),
        ("allowedHours", "4"),
    ];
    let added = app.post(PLAN_ADD, &form).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

/// The worksheet as demo sees it: status, remark, results and steps, to show a refused call changed nothing.
async fn snapshot(app: &TestApp, id: &str) -> Value {
    let info = app.post(SHEET, &[("id", id)]).await;
    assert_eq!(info.code(), "200", "{:?}", info.body);
    let w = &info.data()["worksheet"];
    json!([w["status"], w["remark"], w["gmtSubmit"], info.data()["results"], info.data()["steps"]])
}

fn status(answer: &Answer) -> &str {
    answer.data()["status"].as_str().unwrap_or_else(|| panic!("no status in {:?}", answer.body))
}

both_backends!(a_worksheet_is_generated_filled_in_and_submitted_abnormal_then_repaired, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let pump = equipment(app, "Pump").await;
    let tank = equipment(app, "Tank").await;
    let walker = account(app, "walker", org, "user", "all", &[REPAIR]).await;
    let bystander = account(app, "bystander", org, "user", "all", &[REPAIR]).await;
    let watcher = account(app, "watcher", org, "user", "all", &[]).await;
    let (walker_id, watcher_id) = (user_id(app, "walker").await, user_id(app, "watcher").await);

    // Items: the kind decides the bounds; min ≤ max; names required.
    let check = item(app, &[("name", "Seal"), ("content", "No drips at the flange"), ("kind", "check")]).await;
    let pressure =
        item(app, &[("name", "Pressure"), ("kind", "number"), ("minValue", "2"), ("maxValue", "4.5"), ("unit", "bar")])
            .await;
    let note = item(app, &[("name", "Note"), ("kind", "text")]).await;
    for (form, field) in [
        (vec![("kind", "check")], "name"),
        (vec![("name", "X"), ("kind", "colour")], "kind"),
        (vec![("name", "X"), ("kind", "number"), ("minValue", "5"), ("maxValue", "1")], "maxValue"),
    ] {
        let refused = app.post(ITEM_ADD, &form).await;
        assert_eq!(refused.body["data"]["field"], field, "{form:?}: {:?}", refused.body);
    }
    let items = app.post(ITEM_QUERY, &[]).await;
    let listed = items.data().as_array().unwrap();
    assert_eq!(listed.len(), 3);
    assert_eq!((listed[1]["minValue"].as_f64(), listed[1]["unit"].as_str()), (Some(2.0), Some("bar")));

    // Plans: the inspector must see the route and handle work orders; days within their range.
    let route = format!("{pump},{tank}");
    let items_csv = format!("{check},{pressure},{note}");
    let inspectors = app.post(INSPECTORS, &[("equipmentIds", &route)]).await;
    let names: Vec<&str> =
        inspectors.data().as_array().unwrap().iter().map(|u| u["loginname"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["bystander", "demo", "walker"], "{:?}", inspectors.body);
    let time = far_time();
    let base = |inspector: &str, frequency: &str, day: &str| {
        vec![
            ("name".to_owned(), "Morning round".to_owned()),
            ("equipmentIds".to_owned(), route.clone()),
            ("itemIds".to_owned(), items_csv.clone()),
            ("inspectorId".to_owned(), inspector.to_owned()),
            ("frequency".to_owned(), frequency.to_owned()),
            ("day".to_owned(), day.to_owned()),
            ("time".to_owned(), time.clone()),
        ]
    };
    for (form, code, field) in [
        (base(&watcher_id, "daily", ""), "1310", None),
        (base("999999", "daily", ""), "1310", None),
        (base(&walker_id, "weekly", "8"), "1100", Some("day")),
        (base(&walker_id, "monthly", "29"), "1100", Some("day")),
        (base(&walker_id, "hourly", ""), "1100", Some("frequency")),
    ] {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let refused = app.post(PLAN_ADD, &form).await;
        assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), (code, field), "{:?}", refused.body);
    }
    assert_eq!(app.post(PLAN_QUERY, &[]).await.data().as_array().unwrap().len(), 0, "nothing stored");
    let plan_id = plan(app, "Morning round", &route, &items_csv, &walker_id).await;
    let info = app.post(PLAN_INFO, &[("id", &plan_id)]).await;
    assert_eq!(info.data()["equipment"][1]["name"], "Tank");
    assert_eq!(
        (info.data()["frequency"].as_str(), info.data()["inspectorName"].as_str()),
        (Some("daily"), Some("walker"))
    );

    // An item a plan checks cannot be deleted, but can be disabled.
    assert_eq!(app.post(ITEM_DELETE, &[("id", &note)]).await.code(), "1295");
    let spare = item(app, &[("name", "Spare"), ("kind", "check")]).await;
    assert_eq!(app.post(ITEM_DELETE, &[("id", &spare)]).await.code(), "200");
    assert_eq!(app.post(ITEM_DELETE, &[("id", &spare)]).await.code(), "1294");

    // Generated now: numbered XJ, the inspector told at once on the socket.
    let token = post_as(app, &walker, "/lfscada/websocket/msg/token", &[]).await.data().as_str().unwrap().to_owned();
    let ws_url = format!("{}/lfscada/ws/message/subscribe/{token}", app.base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&ws_url).await.expect("socket opens");
    assert_eq!(post_as(app, &walker, GENERATE, &[("id", &plan_id)]).await.code(), "1011", "plans are managers'");
    let generated = app.post(GENERATE, &[("id", &plan_id)]).await;
    assert_eq!((generated.code(), status(&generated)), ("200", "not-started"), "{:?}", generated.body);
    let id = generated.data()["id"].to_string();
    let number = generated.data()["number"].as_str().unwrap().to_owned();
    assert!(number.len() == 14 && number.starts_with("XJ20") && number.ends_with("0001"), "{number}");
    let frame = tokio::time::timeout(Duration::from_secs(10), socket.next()).await.expect("pushed").unwrap().unwrap();
    let pushed: Value = serde_json::from_str(frame.to_text().unwrap()).unwrap();
    let m = &pushed["data"];
    assert_eq!(
        (m["type"].as_str(), m["equipType"].as_str(), m["dataStatus"].as_str(), m["dataId"].as_str()),
        (Some("order"), Some("inspection"), Some("sended"), Some(id.as_str())),
        "{pushed}"
    );
    assert_eq!(m["titleEn"], format!("Inspection worksheet {number} assigned to you: Morning round"));

    // A later edit of the plan or an item does not change the worksheet. (Its time is twelve hours away too: a
    // fixed time of day would let the real schedule generate a second worksheet when a run crosses it.)
    let edit = [
        ("id", plan_id.as_str()),
        ("name", "Renamed"),
        ("equipmentIds", pump.as_str()),
        ("itemIds", check.as_str()),
        ("inspectorId", walker_id.as_str()),
        ("frequency", "weekly"),
        ("day", "3"),
        ("time", time.as_str()),
    ];
    assert_eq!(app.post(PLAN_EDIT, &edit).await.code(), "200");
    let renamed =
        [("id", pressure.as_str()), ("name", "Pressure"), ("kind", "number"), ("minValue", "0"), ("maxValue", "100")];
    assert_eq!(app.post(ITEM_EDIT, &renamed).await.code(), "200");
    let opened = post_as(app, &walker, SHEET, &[("id", &id)]).await;
    let d = opened.data();
    assert_eq!(
        (d["worksheet"]["planName"].as_str(), d["worksheet"]["equipment"].as_array().unwrap().len()),
        (Some("Morning round"), 2)
    );
    let sheet_items = d["items"].as_array().unwrap().clone();
    assert_eq!(sheet_items.len(), 3);
    assert_eq!(sheet_items[1]["maxValue"].as_f64(), Some(4.5), "the copy keeps the old bounds");
    assert_eq!(d["actions"], json!(["save", "submit", "abort"]));
    let seen = post_as(app, &walker, "/lfscada/msg/query", &[("type", "order"), ("dataId", &id)]).await;
    assert_eq!(seen.data()["list"][0]["dataStatus"], "seen", "opening it makes the message seen");
    let item_id = |i: usize| sheet_items[i]["id"].as_i64().unwrap();
    let (pump_id, tank_id): (i64, i64) = (pump.parse().unwrap(), tank.parse().unwrap());

    // Wrong person, wrong value: refused, nothing changed.
    let before = snapshot(app, &id).await;
    let draft = json!([{"equipmentId": pump_id, "itemId": item_id(0), "value": "normal"}]).to_string();
    for (client, path, code) in [
        (&app.client, SAVE, "1298"),
        (&app.client, SUBMIT, "1298"),
        (&bystander, SAVE, "1298"),
        (&bystander, ABORT, "1298"),
        (&watcher, SHEET, "1212"),
        (&walker, SUBMIT, "1311"),
    ] {
        let refused = post_as(app, client, path, &[("id", &id), ("results", &draft), ("remark", "x")]).await;
        assert_eq!(refused.code(), code, "{path}: {:?}", refused.body);
    }
    for (results, field) in [
        (json!([{"equipmentId": pump_id, "itemId": item_id(0), "value": "fine"}]), "results.0.value"),
        (json!([{"equipmentId": pump_id, "itemId": item_id(1), "value": "high"}]), "results.0.value"),
        (json!([{"equipmentId": 999_999, "itemId": item_id(1), "value": "1"}]), "results.0.equipmentId"),
        (json!([{"equipmentId": pump_id, "itemId": 999_999, "value": "1"}]), "results.0.itemId"),
    ] {
        let refused = post_as(app, &walker, SAVE, &[("id", &id), ("results", &results.to_string())]).await;
        assert_eq!(refused.body["data"]["field"], field, "{results}: {:?}", refused.body);
    }
    assert_eq!(snapshot(app, &id).await, before, "nothing changed");

    // A draft, then the submission over it: one pressure out of bounds makes it abnormal.
    let saved = post_as(app, &walker, SAVE, &[("id", &id), ("results", &draft)]).await;
    assert_eq!((saved.code(), status(&saved)), ("200", "not-started"), "{:?}", saved.body);
    assert_eq!(post_as(app, &walker, SHEET, &[("id", &id)]).await.data()["results"].as_array().unwrap().len(), 1);
    let rest = json!([
        {"equipmentId": pump_id, "itemId": item_id(1), "value": "3.1"},
        {"equipmentId": tank_id, "itemId": item_id(0), "value": "normal"},
        {"equipmentId": tank_id, "itemId": item_id(1), "value": "5.2", "remark": "Gauge reads high"},
    ])
    .to_string();
    let submitted = post_as(app, &walker, SUBMIT, &[("id", &id), ("results", &rest), ("remark", "Done")]).await;
    assert_eq!((submitted.code(), status(&submitted)), ("200", "abnormal"), "{:?}", submitted.body);
    assert!(submitted.data()["gmtSubmit"].as_i64().is_some());
    let told = app.post("/lfscada/msg/query", &[("type", "order"), ("dataId", &id)]).await;
    assert_eq!(
        told.data()["list"][0]["titleEn"],
        format!("Inspection worksheet {number} found abnormal by walker: Morning round"),
        "the plan's creator is told"
    );

    // Submitted once: every step is a wrong status now, nothing changes.
    let before = snapshot(app, &id).await;
    for (client, path) in [(&walker, SAVE), (&walker, SUBMIT), (&walker, ABORT), (&app.client, ABORT)] {
        let refused = post_as(app, client, path, &[("id", &id), ("results", &draft), ("remark", "x")]).await;
        assert_eq!(refused.code(), "1299", "{path}");
    }
    assert_eq!(snapshot(app, &id).await, before, "nothing changed");

    // From the abnormal result, a repair order, linked back to it.
    let detail = post_as(app, &walker, SHEET, &[("id", &id)]).await;
    let results = detail.data()["results"].as_array().unwrap().clone();
    let abnormal: Vec<&Value> = results.iter().filter(|r| r["abnormal"] == true).collect();
    assert_eq!(abnormal.len(), 1);
    assert_eq!(abnormal[0]["equipmentId"].as_i64(), Some(tank_id));
    let result_id = abnormal[0]["id"].to_string();
    let normal_id = results.iter().find(|r| r["abnormal"] == false).unwrap()["id"].to_string();
    let order = post_as(
        app,
        &walker,
        "/lfscada/ops/repair/add",
        &[("equipmentId", &tank), ("description", "Pressure 5.2 bar (2–4.5): Gauge reads high")],
    )
    .await;
    assert_eq!(order.code(), "200", "{:?}", order.body);
    let order_id = order.data()["id"].to_string();
    let link = |result: String| {
        let (id, order_id) = (id.clone(), order_id.clone());
        let walker = walker.clone();
        async move { post_as(app, &walker, LINK, &[("id", &id), ("resultId", &result), ("orderId", &order_id)]).await }
    };
    assert_eq!(link(normal_id).await.body["data"]["field"], "resultId", "only an abnormal result");
    assert_eq!(link(result_id.clone()).await.code(), "200");
    let linked = post_as(app, &walker, SHEET, &[("id", &id)]).await;
    let linked = linked.data()["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"].as_i64() == result_id.parse().ok())
        .cloned();
    assert_eq!(linked.unwrap()["repairOrderId"].to_string(), order_id);

    // The history and the equipment's records.
    let steps: Vec<(String, String, String)> = detail.data()["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let t = |k: &str| s[k].as_str().unwrap().to_owned();
            (t("action"), t("userName"), t("toStatus"))
        })
        .collect();
    let expected: Vec<(String, String, String)> =
        [("create", "demo", "not-started"), ("save", "walker", "not-started"), ("submit", "walker", "abnormal")]
            .iter()
            .map(|(a, b, c)| ((*a).into(), (*b).into(), (*c).into()))
            .collect();
    assert_eq!(steps, expected);
    // (Only results given are stored: the tank's note was left empty.)
    let records = app.post(RECORDS, &[("equipmentId", &tank)]).await;
    assert_eq!(records.data()["total"], 2, "{:?}", records.body);
    let texts: Vec<(&str, &str, bool)> = records.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["itemName"].as_str().unwrap(), r["value"].as_str().unwrap(), r["abnormal"].as_bool().unwrap()))
        .collect();
    assert_eq!(texts, vec![("Seal", "normal", false), ("Pressure", "5.2", true)]);
    assert_eq!(post_as(app, &watcher, RECORDS, &[("equipmentId", &tank)]).await.code(), "1212");

    // Lists and filters.
    let ids = |a: &Answer| -> Vec<String> {
        a.data()["list"].as_array().unwrap().iter().map(|o| o["id"].to_string()).collect()
    };
    assert_eq!(ids(&post_as(app, &walker, SHEETS, &[("mine", "true")]).await), vec![id.clone()]);
    assert_eq!(ids(&post_as(app, &bystander, SHEETS, &[("mine", "true")]).await), Vec::<String>::new());
    assert_eq!(ids(&app.post(SHEETS, &[("status", "abnormal")]).await), vec![id.clone()]);
    assert_eq!(ids(&app.post(SHEETS, &[("status", "normal")]).await), Vec::<String>::new());
    assert_eq!(ids(&app.post(SHEETS, &[("equipmentId", &tank)]).await), vec![id.clone()]);
    assert_eq!(app.post(SHEETS, &[("status", "done")]).await.body["data"]["field"], "status");
});

both_backends!(aborts_overdue_and_two_clicks_have_one_winner, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let pump = equipment(app, "Pump").await;
    let walker = account(app, "walker", org, "user", "all", &[REPAIR]).await;
    let walker_id = user_id(app, "walker").await;
    let check = item(app, &[("name", "Seal"), ("kind", "check")]).await;
    let plan_id = plan(app, "Round", &pump, &check, &walker_id).await;
    let generate = || async { app.post(GENERATE, &[("id", &plan_id)]).await.data()["id"].to_string() };

    // Aborted by a manager, with a reason; the inspector's steps end there.
    let a = generate().await;
    let no_reason = app.post(ABORT, &[("id", &a)]).await;
    assert_eq!((no_reason.code(), no_reason.body["data"]["field"].as_str()), ("1101", Some("remark")));
    let aborted = app.post(ABORT, &[("id", &a), ("remark", "Pump is out for overhaul")]).await;
    assert_eq!((status(&aborted), aborted.data()["remark"].as_str()), ("aborted", Some("Pump is out for overhaul")));
    assert_eq!(post_as(app, &walker, SAVE, &[("id", &a)]).await.code(), "1299");

    // Aborted by the inspector: the plan's creator is told.
    let b = generate().await;
    let by_inspector = post_as(app, &walker, ABORT, &[("id", &b), ("remark", "Flooded")]).await;
    assert_eq!(status(&by_inspector), "aborted");
    let told = app.post("/lfscada/msg/query", &[("type", "order"), ("dataId", &b)]).await;
    assert!(told.data()["list"][0]["titleEn"].as_str().unwrap().contains("aborted by walker"), "{:?}", told.body);

    // Two submissions at once: exactly one wins, the other is told the status moved on.
    let c = generate().await;
    let items = post_as(app, &walker, SHEET, &[("id", &c)]).await.data()["items"].clone();
    let values =
        json!([{"equipmentId": pump.parse::<i64>().unwrap(), "itemId": items[0]["id"], "value": "normal"}]).to_string();
    let form = [("id", c.as_str()), ("results", values.as_str())];
    let (one, two) = tokio::join!(post_as(app, &walker, SUBMIT, &form), post_as(app, &walker, SUBMIT, &form));
    let mut codes = vec![one.code().to_owned(), two.code().to_owned()];
    codes.sort();
    assert_eq!(codes, vec!["1299", "200"], "{:?} {:?}", one.body, two.body);
    let detail = post_as(app, &walker, SHEET, &[("id", &c)]).await;
    assert_eq!(detail.data()["worksheet"]["status"], "normal");
    let submits = detail.data()["steps"].as_array().unwrap().iter().filter(|s| s["action"] == "submit").count();
    assert_eq!(submits, 1, "one history row");

    // A submission and an abort at once: one wins.
    let d = generate().await;
    let items = post_as(app, &walker, SHEET, &[("id", &d)]).await.data()["items"].clone();
    let values =
        json!([{"equipmentId": pump.parse::<i64>().unwrap(), "itemId": items[0]["id"], "value": "normal"}]).to_string();
    let abort_form = [("id", d.as_str()), ("remark", "Cancelled")];
    let submit_form = [("id", d.as_str()), ("results", values.as_str())];
    let (aborted, submitted) = tokio::join!(app.post(ABORT, &abort_form), post_as(app, &walker, SUBMIT, &submit_form));
    let mut codes = vec![aborted.code().to_owned(), submitted.code().to_owned()];
    codes.sort();
    assert_eq!(codes, vec!["1299", "200"]);

    // Overdue: not started past its deadline (computed, not a status), in the list and the operating centre.
    // (Due ten hours ago, as the schedule would have generated it; the plan allows four.)
    let ten_hours_ago = ironsight_store::now_ms() - 10 * 3_600_000;
    let late = app.store.generate_worksheet(plan_id.parse().unwrap(), ten_hours_ago, None).await.unwrap();
    let e = late.expect("generated").id.to_string();
    let overdue = app.post(SHEETS, &[("overdue", "true")]).await;
    let listed: Vec<String> = overdue.data()["list"].as_array().unwrap().iter().map(|w| w["id"].to_string()).collect();
    assert_eq!(listed, vec![e.clone()]);
    assert_eq!(
        (overdue.data()["list"][0]["overdue"].as_bool(), overdue.data()["list"][0]["status"].as_str()),
        (Some(true), Some("not-started"))
    );
    let centre = app.post("/lfscada/ops/center/query", &[]).await;
    assert_eq!(centre.data()["totals"]["overdueWorksheets"], 1, "{:?}", centre.body);
    let row =
        centre.data()["equipment"].as_array().unwrap().iter().find(|r| r["id"].as_i64() == pump.parse().ok()).cloned();
    assert_eq!(row.unwrap()["overdueWorksheets"], 1);
    let watcher = account(app, "watcher", org, "user", "all", &[]).await;
    let theirs = post_as(app, &watcher, "/lfscada/ops/center/query", &[]).await;
    assert!(theirs.data()["totals"]["overdueWorksheets"].is_null(), "null without the work-order permission");
});

both_backends!(the_schedule_generates_each_due_occurrence_once_and_catches_up_one, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let pump = equipment(app, "Pump").await;
    let walker = account(app, "walker", org, "user", "all", &[REPAIR]).await;
    let walker_id = user_id(app, "walker").await;
    let check = item(app, &[("name", "Seal"), ("kind", "check")]).await;
    let state = app.state();
    let add = |name: &'static str, frequency: &'static str, day: &'static str, time: &'static str| {
        let (pump, check, walker_id) = (pump.clone(), check.clone(), walker_id.clone());
        async move {
            let form = [
                ("name", name),
                ("equipmentIds", pump.as_str()),
                ("itemIds", check.as_str()),
                ("inspectorId", walker_id.as_str()),
                ("frequency", frequency),
                ("day", day),
                ("time", time),
            ];
            let added = app.post(PLAN_ADD, &form).await;
            assert_eq!(added.code(), "200", "{:?}", added.body);
            added.data()["id"].to_string()
        }
    };
    // One time of day for all three, twelve hours from now: the server's own tick never falls due during the test.
    let time: &'static str = Box::leak(far_time().into_boxed_str());
    let minute: i64 = time[..2].parse::<i64>().unwrap() * 60 + time[3..].parse::<i64>().unwrap();
    let daily = add("Daily", "daily", "", time).await;
    let weekly = add("Weekly", "weekly", "3", time).await;
    let monthly = add("Monthly", "monthly", "28", time).await;
    let created = app.post(PLAN_INFO, &[("id", &monthly)]).await.data()["gmtCreate"].as_i64().unwrap();
    let schedule = |frequency| Schedule { frequency, minute: minute as u16 };
    let due_of = |plan: &str| {
        let plan = plan.to_owned();
        async move {
            let found = app.post(SHEETS, &[("planId", plan.as_str()), ("pageSize", "100")]).await;
            let list = found.data()["list"].as_array().unwrap().clone();
            list.iter().map(|w| w["dueAt"].as_i64().unwrap()).collect::<Vec<i64>>()
        }
    };
    const DAY: i64 = 86_400_000;
    // "Now", injected: ten days after the plans were made, then a second tick at the same time.
    let now = ironsight_store::now_ms() + 10 * DAY;
    let first = ironsight::inspection_schedule::tick(state, now).await.unwrap();
    // Ten days on, the 28th may not have come round since the plan was made: then the monthly plan is not due yet.
    let monthly_due = schedule(Frequency::Monthly(28)).latest_due(now) >= created;
    assert_eq!(first, 2 + usize::from(monthly_due), "each plan's latest occurrence once, not every one of ten days");
    assert_eq!(ironsight::inspection_schedule::tick(state, now).await.unwrap(), 0, "idempotent");
    let china = |ms: i64| ironsight_domain::calendar::civil_from_days((ms + 8 * 3_600_000).div_euclid(DAY));
    let minute_of = |ms: i64| (ms + 8 * 3_600_000).rem_euclid(DAY) / 60_000;
    let weekday_of = |ms: i64| ((ms + 8 * 3_600_000).div_euclid(DAY) + 3).rem_euclid(7) + 1;
    let d = due_of(&daily).await;
    assert_eq!(d.len(), 1);
    assert_eq!(minute_of(d[0]), minute);
    assert!(d[0] <= now && now - d[0] < DAY, "the latest occurrence before now");
    let w = due_of(&weekly).await;
    assert_eq!((w.len(), weekday_of(w[0]), minute_of(w[0])), (1, 3, minute));
    assert!(now - w[0] < 7 * DAY);
    let m = due_of(&monthly).await;
    assert_eq!(m.len(), usize::from(monthly_due));
    for due in &m {
        assert_eq!((china(*due).2, minute_of(*due)), (28, minute));
    }

    // Downtime: forty days later, one worksheet per plan, the latest occurrence, not forty.
    let later = now + 40 * DAY;
    assert_eq!(ironsight::inspection_schedule::tick(state, later).await.unwrap(), 3);
    let d = due_of(&daily).await;
    assert_eq!(d.len(), 2);
    assert!(later - d[0] < DAY && d[0] <= later, "newest first: the latest occurrence");
    let m = due_of(&monthly).await;
    assert_eq!((china(m[0]).2, m.len() as i64 >= 1), (28, true));
    // A disabled plan falls due no more.
    let edit = [
        ("id", daily.as_str()),
        ("name", "Daily"),
        ("equipmentIds", pump.as_str()),
        ("itemIds", check.as_str()),
        ("inspectorId", walker_id.as_str()),
        ("frequency", "daily"),
        ("time", time),
        ("enabled", "false"),
    ];
    assert_eq!(app.post(PLAN_EDIT, &edit).await.code(), "200");
    // A week on: the weekly plan's next occurrence, the monthly one's if a 28th came; the daily one no more.
    let week_on = later + 7 * DAY;
    let monthly_new =
        schedule(Frequency::Monthly(28)).latest_due(week_on) != schedule(Frequency::Monthly(28)).latest_due(later);
    let ticked = ironsight::inspection_schedule::tick(state, week_on).await.unwrap();
    assert_eq!(ticked, 1 + usize::from(monthly_new), "not the disabled daily plan");
    assert_eq!(app.post(GENERATE, &[("id", &daily)]).await.code(), "1312");
    // Every generated worksheet told its inspector.
    let sheets = app.post(SHEETS, &[("pageSize", "100")]).await.data()["total"].as_i64().unwrap();
    let told = post_as(app, &walker, "/lfscada/msg/query", &[("type", "order"), ("pageSize", "100")]).await;
    assert_eq!(told.data()["total"].as_i64(), Some(sheets), "{:?}", told.body);
    assert!(sheets >= 6);
});

// Items with and without a range, added and changed one after another, are all stored. On PostgreSQL a statement
// prepared with a NULL double would be declared float4 (sqlx 0.8's `Any` driver) and, cached, refuse the next
// item's 8-byte range ("incorrect binary data format"): a CI run met this once. Many rounds make a connection
// that prepared the NULL serve a range.
both_backends!(items_with_and_without_a_range_follow_one_another, Options::default(), |app| {
    app.login_demo().await;
    for round in 0..12 {
        let (check, range) = (format!("Check {round}"), format!("Range {round}"));
        let plain = item(app, &[("name", &check), ("kind", "check")]).await;
        let number =
            item(app, &[("name", &range), ("kind", "number"), ("minValue", "1.5"), ("maxValue", "9.25")]).await;
        let ranged =
            [("id", plain.as_str()), ("name", &check), ("kind", "number"), ("minValue", "0.5"), ("maxValue", "2")];
        let changed = app.post(ITEM_EDIT, &ranged).await;
        assert_eq!(changed.code(), "200", "{:?}", changed.body);
        let cleared = app.post(ITEM_EDIT, &[("id", number.as_str()), ("name", &range), ("kind", "check")]).await;
        assert_eq!(cleared.code(), "200", "{:?}", cleared.body);
    }
    let listed = app.post(ITEM_QUERY, &[]).await;
    assert_eq!(listed.code(), "200", "{:?}", listed.body);
    assert_eq!(listed.data().as_array().map(Vec::len), Some(24), "{:?}", listed.body);
});

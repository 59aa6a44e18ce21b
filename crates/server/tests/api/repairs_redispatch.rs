//! Reassigning a repair order (docs/work-orders.md, "redispatch"): the dispatcher names another repairer while the
//! first has not received it; the wrong person, the wrong status, the same repairer and one who may not repair
//! the equipment are refused with nothing changed; the new repairer, the old one and the creator are each told in
//! their own words; the old repairer can no longer receive it; a reassignment on a stale view is not taken.

use crate::both_backends;
use crate::repairs::{DISPATCH, INFO, RECEIVE, REPAIR, equipment, order, user_id};
use crate::walk_fixture::{account, post_as};
use ironsight_domain::repair::RepairStatus;
use ironsight_store::repairs::Transition;
use serde_json::Value;

const REDISPATCH: &str = "/lfscada/ops/repair/redispatch";
const MSG_QUERY: &str = "/lfscada/msg/query";

/// The English titles of the caller's order messages about order `id`, newest first.
async fn told(app: &crate::helpers::TestApp, client: &reqwest::Client, id: &str) -> Vec<String> {
    let found = post_as(app, client, MSG_QUERY, &[("type", "order"), ("dataId", id)]).await;
    let list = found.data()["list"].as_array().cloned().unwrap_or_default();
    list.iter().map(|m| m["titleEn"].as_str().unwrap_or_default().to_owned()).collect()
}

/// Status, repairer and the number of steps of the order, as demo sees it.
async fn state(app: &crate::helpers::TestApp, id: &str) -> Value {
    let info = app.post(INFO, &[("id", id)]).await;
    let o = &info.data()["order"];
    serde_json::json!([o["status"], o["repairerId"], info.data()["steps"].as_array().map(Vec::len)])
}

both_backends!(a_dispatched_order_is_given_to_another_repairer_before_it_is_received, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let pump = equipment(app, "Pump").await;
    let clerk = account(app, "clerk", org, "user", "all", &[REPAIR]).await;
    let fixer = account(app, "fixer", org, "user", "all", &[REPAIR]).await;
    let second = account(app, "second", org, "user", "all", &[REPAIR]).await;
    account(app, "watcher", org, "user", "all", &[]).await;
    let (fixer_id, second_id, watcher_id) =
        (user_id(app, "fixer").await, user_id(app, "second").await, user_id(app, "watcher").await);

    // The clerk reports the fault; demo (manage) dispatches it: the clerk hears to whom, the fixer that it is theirs.
    let added = post_as(app, &clerk, crate::repairs::ADD, &[("equipmentId", &pump), ("description", "Hums")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let id = added.data()["id"].to_string();
    let number = added.data()["number"].as_str().unwrap().to_owned();
    assert_eq!(app.post(REDISPATCH, &[("id", &id), ("repairerId", &fixer_id)]).await.code(), "1292", "pending");
    assert_eq!(app.post(DISPATCH, &[("id", &id), ("repairerId", &fixer_id)]).await.code(), "200");
    assert_eq!(told(app, &clerk, &id).await, vec![format!("Repair order {number} dispatched to fixer: Pump")]);
    assert_eq!(told(app, &fixer, &id).await, vec![format!("Repair order {number} assigned to you: Pump")]);

    // Refused, nothing changed: the repairer cannot hand it on, the same person again, one who may not repair.
    let before = state(app, &id).await;
    let refused = post_as(app, &fixer, REDISPATCH, &[("id", &id), ("repairerId", &second_id)]).await;
    assert_eq!(refused.code(), "1291", "{:?}", refused.body);
    let same = app.post(REDISPATCH, &[("id", &id), ("repairerId", &fixer_id)]).await;
    assert_eq!((same.code(), same.body["data"]["field"].as_str()), ("1100", Some("repairerId")), "{:?}", same.body);
    for (repairer, code) in [(watcher_id.as_str(), "1293"), ("999999", "1293"), ("", "1101")] {
        assert_eq!(app.post(REDISPATCH, &[("id", &id), ("repairerId", repairer)]).await.code(), code, "{repairer}");
    }
    assert_eq!(state(app, &id).await, before, "nothing changed");

    // Reassigned with a remark: still dispatched, now the second's; each of the three is told in their own words.
    let moved = app.post(REDISPATCH, &[("id", &id), ("repairerId", &second_id), ("remark", "Fixer is off")]).await;
    assert_eq!(moved.code(), "200", "{:?}", moved.body);
    assert_eq!(
        (moved.data()["status"].as_str(), moved.data()["repairerName"].as_str()),
        (Some("dispatched"), Some("second"))
    );
    assert_eq!(told(app, &second, &id).await, vec![format!("Repair order {number} assigned to you: Pump")]);
    assert_eq!(told(app, &fixer, &id).await[0], format!("Repair order {number} reassigned to second: Pump"));
    assert_eq!(told(app, &clerk, &id).await[0], format!("Repair order {number} reassigned to second: Pump"));
    assert!(told(app, &app.client, &id).await.is_empty(), "whoever takes a step is not told of it");
    let steps = app.post(INFO, &[("id", &id)]).await.data()["steps"].clone();
    let last = &steps.as_array().unwrap()[2];
    assert_eq!(
        (last["action"].as_str(), last["fromStatus"].as_str(), last["toStatus"].as_str(), last["remark"].as_str()),
        (Some("redispatch"), Some("dispatched"), Some("dispatched"), Some("Fixer is off"))
    );
    // The history says whom each step named: nobody for the creation, the repairer for a dispatch and a redispatch.
    let named: Vec<Value> = steps.as_array().unwrap().iter().map(|s| s["assigneeName"].clone()).collect();
    assert_eq!(named, vec![Value::Null, Value::from("fixer"), Value::from("second")]);

    // The old repairer no longer holds it; the new one receives it, and then it can no longer be reassigned.
    assert_eq!(post_as(app, &fixer, RECEIVE, &[("id", &id)]).await.code(), "1291");
    assert_eq!(post_as(app, &second, RECEIVE, &[("id", &id)]).await.code(), "200");
    let late = app.post(REDISPATCH, &[("id", &id), ("repairerId", &fixer_id)]).await;
    assert_eq!(late.code(), "1292", "received: the order is the repairer's now");

    // A reassignment decided on a stale view (another dispatcher reassigned it in between, so the order no longer
    // has the repairer this one saw) is not taken: of two reassignments in flight, one wins. Two HTTP requests
    // cannot be made to overlap on demand, so the store's step is driven with the stale view directly.
    let other = order(app, &pump, "Rattles").await;
    assert_eq!(app.post(DISPATCH, &[("id", &other), ("repairerId", &fixer_id)]).await.code(), "200");
    assert_eq!(app.post(REDISPATCH, &[("id", &other), ("repairerId", &second_id)]).await.code(), "200");
    let before = state(app, &other).await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let stale = Transition {
        order_id: other.parse().unwrap(),
        action: "redispatch",
        from: RepairStatus::Dispatched,
        to: RepairStatus::Dispatched,
        user_id: demo.id,
        remark: "",
        repairer_id: Some(user_id(app, "clerk").await.parse().unwrap()),
        was_repairer: Some(fixer_id.parse().unwrap()),
        content: None,
    };
    assert!(!app.store.repair_transition(&demo.viewer(), &stale).await.unwrap(), "the stale view loses");
    assert_eq!(state(app, &other).await, before, "nothing changed");
    let fresh = Transition { was_repairer: Some(second_id.parse().unwrap()), ..stale };
    assert!(app.store.repair_transition(&demo.viewer(), &fresh).await.unwrap(), "the view as it is wins");
    assert_eq!(state(app, &other).await[2], 4, "created, dispatched, reassigned twice");
});

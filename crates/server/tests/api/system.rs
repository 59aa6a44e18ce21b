//! The management area's system screens: gateway hardware grouped from the registry, equipment models (signal
//! templates checked like the signal save, applied through it with the configuration push, made from an
//! equipment), announcements (lifecycle, a notice for each user of the organisation only, withdraw and delete
//! rules), isolation between organisations and the manage permission.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use serde_json::{Value, json};

const HARDWARE: &str = "/lfscada/gateway/hardware/query";
const MODELS: &str = "/lfscada/equipment/model/query";
const MODEL_INFO: &str = "/lfscada/equipment/model/info";
const MODEL_EQUIPMENT: &str = "/lfscada/equipment/model/equipment";
const MODEL_ADD: &str = "/lfscada/equipment/model/add";
const MODEL_EDIT: &str = "/lfscada/equipment/model/edit";
const MODEL_DELETE: &str = "/lfscada/equipment/model/delete";
const MODEL_APPLY: &str = "/lfscada/equipment/model/apply";
const MODEL_FROM: &str = "/lfscada/equipment/model/fromEquipment";
const ANN_QUERY: &str = "/lfscada/announcement/query";
const ANN_ADD: &str = "/lfscada/announcement/add";
const ANN_EDIT: &str = "/lfscada/announcement/edit";
const ANN_PUBLISH: &str = "/lfscada/announcement/publish";
const ANN_WITHDRAW: &str = "/lfscada/announcement/withdraw";
const ANN_DELETE: &str = "/lfscada/announcement/delete";
const UNREAD: &str = "/lfscada/msg/queryUnReadMsgCount";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn add_equipment(app: &TestApp, name: &str) -> String {
    let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name), ("manufacturer", "Acme")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

fn signals() -> Value {
    json!([
        {"name": "Outlet pressure", "area": "holding_register", "address": 0, "dataType": "float32", "unit": "bar", "decimals": 2},
        {"name": "Speed setpoint", "area": "holding_register", "address": 2, "dataType": "uint16", "writable": true, "min": 0, "max": 1500},
        {"name": "Running", "area": "discrete_input", "address": 0, "dataType": "bool"},
    ])
}

fn status(model: &str, firmware: &str, online: bool) -> ironsight_protocol::payload::Status {
    serde_json::from_value(json!({"online": online, "t": 0, "model": model, "firmware": firmware})).unwrap()
}

both_backends!(hardware_groups_the_organisations_gateways_by_model_and_firmware, Options::default(), |app| {
    app.login_demo().await;
    for (sn, model, firmware) in
        [("HW-1", "EG-200", "1.0.0"), ("HW-2", "EG-200", "1.0.0"), ("HW-3", "EG-200", "1.1.0"), ("HW-4", "EG-500", "")]
    {
        let added = app.post("/lfscada/gateway/add", &[("sn", sn), ("model", model), ("firmware", firmware)]).await;
        assert_eq!(added.code(), "200", "{:?}", added.body);
    }
    // HW-4 reports its model and firmware when it comes online; HW-1 is online too.
    app.store.set_gateway_status("HW-4", &status("EG-500", "2.0.1", true)).await.unwrap();
    app.store.set_gateway_status("HW-1", &status("", "", true)).await.unwrap();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(
        post_as(app, &stranger, "/lfscada/gateway/add", &[("sn", "HW-X"), ("model", "EG-200")]).await.code(),
        "200"
    );

    let rows = app.post(HARDWARE, &[]).await;
    assert_eq!(rows.code(), "200", "{:?}", rows.body);
    let find = |model: &str, firmware: &str| {
        rows.data().as_array().unwrap().iter().find(|r| r["model"] == model && r["firmware"] == firmware).cloned()
    };
    assert_eq!(
        find("EG-200", "1.0.0"),
        Some(json!({"model": "EG-200", "firmware": "1.0.0", "gateways": 2, "online": 1}))
    );
    assert_eq!(
        find("EG-200", "1.1.0"),
        Some(json!({"model": "EG-200", "firmware": "1.1.0", "gateways": 1, "online": 0}))
    );
    assert_eq!(
        find("EG-500", "2.0.1"),
        Some(json!({"model": "EG-500", "firmware": "2.0.1", "gateways": 1, "online": 1}))
    );
    assert_eq!(find("EG-500", ""), None, "the reported firmware replaced the registered one");
    let ours: i64 = rows.data().as_array().unwrap().iter().map(|r| r["gateways"].as_i64().unwrap()).sum();
    let registered = app.post("/lfscada/gateway/query", &[("pageSize", "100")]).await;
    let total = registered.data()["total"].as_i64().unwrap_or_else(|| panic!("{:?}", registered.body));
    assert_eq!(ours, total, "every gateway of the organisation, once; none of another organisation");

    let theirs = post_as(app, &stranger, HARDWARE, &[]).await;
    assert_eq!(theirs.data(), &json!([{"model": "EG-200", "firmware": "", "gateways": 1, "online": 0}]));
});

both_backends!(models_are_checked_like_the_signal_save_and_unique_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let added = app
        .post(MODEL_ADD, &[("name", "  Pump P-100 "), ("manufacturer", "Acme"), ("signals", &signals().to_string())])
        .await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let id = added.data()["id"].to_string();
    assert_eq!(
        app.post(MODEL_ADD, &[("name", "Pump P-100"), ("signals", &signals().to_string())]).await.code(),
        "1232"
    );

    let overlapping = json!([
        {"name": "A", "area": "holding_register", "address": 0, "dataType": "float32"},
        {"name": "B", "area": "coil", "address": 0, "dataType": "bool"},
        {"name": "C", "area": "coil", "address": 1, "dataType": "bool"},
        {"name": "D", "area": "holding_register", "address": 1, "dataType": "int16"},
    ]);
    let long = "m".repeat(61);
    let (over, good) = (overlapping.to_string(), signals().to_string());
    let coil = json!([{"name": "P", "area": "coil", "address": 0, "dataType": "float32"}]).to_string();
    for (form, code, field) in [
        (vec![("name", "Bad"), ("signals", over.as_str())], "1100", "signals.3.address"),
        (vec![("name", "Bad"), ("signals", coil.as_str())], "1100", "signals.0.dataType"),
        (vec![("name", "Bad"), ("signals", "not json")], "1100", "signals"),
        (vec![("name", "Bad"), ("signals", "[]")], "1101", "signals"),
        (vec![("name", "Bad")], "1101", "signals"),
        (vec![("name", "   "), ("signals", good.as_str())], "1101", "name"),
        (vec![("name", long.as_str()), ("signals", good.as_str())], "1100", "name"),
    ] {
        let refused = app.post(MODEL_ADD, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{field} named: {}", refused.message());
    }
    let list = app.post(MODELS, &[]).await;
    assert_eq!(list.data().as_array().unwrap().len(), 1, "refused models were not added: {:?}", list.body);
    assert_eq!(list.data()[0]["name"], "Pump P-100");
    assert_eq!(list.data()[0]["signalCount"], 3);
    assert!(list.data()[0]["updated"].as_i64().unwrap() > 0);

    let info = app.post(MODEL_INFO, &[("id", &id)]).await;
    assert_eq!(info.data()["manufacturer"], "Acme");
    assert_eq!(info.data()["signals"][1]["name"], "Speed setpoint");
    assert_eq!(info.data()["signals"][1]["id"], 0, "a template's signals belong to no equipment");
    assert_eq!(app.post(MODEL_INFO, &[("id", "999999")]).await.code(), "1231");

    // Rename keeps the signals; a bad signal list on edit changes nothing.
    let other =
        app.post(MODEL_ADD, &[("name", "Fan"), ("signals", &signals().to_string())]).await.data()["id"].to_string();
    assert_eq!(app.post(MODEL_EDIT, &[("id", &other), ("name", "Pump P-100")]).await.code(), "1232");
    assert_eq!(app.post(MODEL_EDIT, &[("id", &id), ("name", "Pump P-200"), ("remark", "new")]).await.code(), "200");
    let bad = app.post(MODEL_EDIT, &[("id", &id), ("name", "X"), ("signals", &overlapping.to_string())]).await;
    assert!(bad.code() == "1100" && bad.message().contains("signals.3.address"), "{:?}", bad.body);
    let info = app.post(MODEL_INFO, &[("id", &id)]).await;
    assert_eq!((info.data()["name"].as_str(), info.data()["remark"].as_str()), (Some("Pump P-200"), Some("new")));
    assert_eq!(info.data()["signals"].as_array().unwrap().len(), 3);
    assert_eq!(app.post(MODEL_EDIT, &[("id", "999999"), ("name", "Y")]).await.code(), "1231");
    assert_eq!(app.post(MODEL_DELETE, &[("id", &other)]).await.code(), "200");
    assert_eq!(app.post(MODEL_DELETE, &[("id", &other)]).await.code(), "1231");
    assert_eq!(app.post(MODEL_ADD, &[("name", "Fan"), ("signals", &signals().to_string())]).await.code(), "200");
});

both_backends!(applying_a_model_saves_signals_and_pushes_the_gateway_configuration, Options::default(), |app| {
    app.login_demo().await;
    let model =
        app.post(MODEL_ADD, &[("name", "P-100"), ("signals", &signals().to_string())]).await.data()["id"].to_string();
    assert_eq!(app.post("/lfscada/gateway/add", &[("sn", "EG-APPLY")]).await.code(), "200");
    let pump = add_equipment(app, "Pump 7").await;
    assert_eq!(
        app.post("/lfscada/equipment/multi/bindGateway", &[("id", &pump), ("sn", "EG-APPLY")]).await.code(),
        "200"
    );
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let version = || async { app.store.gateway_by_sn(demo.org_id, "EG-APPLY").await.unwrap().unwrap().config_version };
    let before = version().await;

    let candidates = app.post(MODEL_EQUIPMENT, &[]).await;
    let entry =
        candidates.data().as_array().unwrap().iter().find(|e| e["id"].as_i64() == pump.parse().ok()).cloned().unwrap();
    assert_eq!(entry["signalCount"], 0);

    let applied = app.post(MODEL_APPLY, &[("id", &model), ("equipmentId", &pump)]).await;
    assert_eq!(applied.code(), "200", "{:?}", applied.body);
    assert_eq!(applied.data()["ids"].as_array().unwrap().len(), 3);
    let saved = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &pump)]).await;
    let names: Vec<&str> = saved.data().as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Outlet pressure", "Speed setpoint", "Running"]);
    assert_eq!(saved.data()[1]["max"], 1500.0);
    assert!(version().await > before, "the gateway's configuration was pushed with a new version");

    // Equipment that has signals is refused and keeps them.
    let again = app.post(MODEL_APPLY, &[("id", &model), ("equipmentId", &pump)]).await;
    assert_eq!(again.code(), "1233", "{:?}", again.body);
    let kept = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &pump)]).await;
    assert_eq!(kept.data(), saved.data());
    assert_eq!(app.post(MODEL_APPLY, &[("id", "999999"), ("equipmentId", &pump)]).await.code(), "1231");
    assert_eq!(app.post(MODEL_APPLY, &[("id", &model), ("equipmentId", "999999")]).await.code(), "1214");
    let missing = app.post(MODEL_APPLY, &[("id", &model)]).await;
    assert!(missing.code() == "1101" && missing.message().contains("equipmentId"), "{:?}", missing.body);

    // A model from the equipment: its signals and manufacturer; an equipment without signals is refused.
    let made = app.post(MODEL_FROM, &[("equipmentId", &pump), ("name", "From pump 7")]).await;
    assert_eq!(made.code(), "200", "{:?}", made.body);
    let info = app.post(MODEL_INFO, &[("id", &made.data()["id"].to_string())]).await;
    assert_eq!(info.data()["manufacturer"], "Acme");
    assert_eq!(info.data()["signalCount"], 3);
    assert!(info.data()["signals"].as_array().unwrap().iter().all(|s| s["id"] == 0));
    assert_eq!(app.post(MODEL_FROM, &[("equipmentId", &pump), ("name", "From pump 7")]).await.code(), "1232");
    let empty = add_equipment(app, "Empty").await;
    assert_eq!(app.post(MODEL_FROM, &[("equipmentId", &empty), ("name", "Nothing")]).await.code(), "1234");
    assert_eq!(app.post(MODEL_FROM, &[("equipmentId", "999999"), ("name", "Nothing")]).await.code(), "1214");
    let unnamed = app.post(MODEL_FROM, &[("equipmentId", &pump), ("name", "")]).await;
    assert!(unnamed.code() == "1101" && unnamed.message().contains("name"), "{:?}", unnamed.body);
});

both_backends!(models_are_isolated_and_need_the_manage_permission_to_change, Options::default(), |app| {
    app.login_demo().await;
    let model =
        app.post(MODEL_ADD, &[("name", "P-100"), ("signals", &signals().to_string())]).await.data()["id"].to_string();
    let pump = add_equipment(app, "Pump 8").await;
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, MODELS, &[]).await.data(), &json!([]));
    assert_eq!(post_as(app, &stranger, MODEL_INFO, &[("id", &model)]).await.code(), "1231");
    assert_eq!(post_as(app, &stranger, MODEL_EDIT, &[("id", &model), ("name", "Mine")]).await.code(), "1231");
    assert_eq!(post_as(app, &stranger, MODEL_DELETE, &[("id", &model)]).await.code(), "1231");
    assert_eq!(post_as(app, &stranger, MODEL_APPLY, &[("id", &model), ("equipmentId", &pump)]).await.code(), "1231");
    assert_eq!(post_as(app, &stranger, MODEL_FROM, &[("equipmentId", &pump), ("name", "X")]).await.code(), "1214");
    assert!(post_as(app, &stranger, MODEL_EQUIPMENT, &[]).await.data().as_array().unwrap().is_empty());
    // The same name is free in another organisation, and its model cannot be applied to our equipment.
    let theirs = post_as(app, &stranger, MODEL_ADD, &[("name", "P-100"), ("signals", &signals().to_string())]).await;
    assert_eq!(theirs.code(), "200", "{:?}", theirs.body);
    let theirs = theirs.data()["id"].to_string();
    assert_eq!(post_as(app, &stranger, MODEL_APPLY, &[("id", &theirs), ("equipmentId", &pump)]).await.code(), "1214");
    assert_eq!(app.post(MODEL_APPLY, &[("id", &theirs), ("equipmentId", &pump)]).await.code(), "1231");
    assert!(
        app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &pump)])
            .await
            .data()
            .as_array()
            .unwrap()
            .is_empty()
    );

    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(
        post_as(app, &viewer, MODELS, &[]).await.data().as_array().unwrap().len(),
        1,
        "reading needs no permission"
    );
    for (path, form) in [
        (MODEL_ADD, vec![("name", "V"), ("signals", "[]")]),
        (MODEL_EDIT, vec![("id", model.as_str()), ("name", "V")]),
        (MODEL_DELETE, vec![("id", model.as_str())]),
        (MODEL_APPLY, vec![("id", model.as_str()), ("equipmentId", pump.as_str())]),
        (MODEL_FROM, vec![("equipmentId", pump.as_str()), ("name", "V")]),
    ] {
        assert_eq!(post_as(app, &viewer, path, &form).await.code(), "1011", "{path}");
    }
    assert_eq!(app.post(MODELS, &[]).await.data()[0]["name"], "P-100", "nothing changed");
});

both_backends!(announcements_publish_a_notice_to_each_user_of_the_organisation, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let colleague = app.browser_as_new_user("colleague", demo.org_id, &[]).await;
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    let unread =
        |client: reqwest::Client| async move { post_as(app, &client, UNREAD, &[]).await.data().as_i64().unwrap() };
    let (colleague_before, stranger_before) = (unread(colleague.clone()).await, unread(stranger.clone()).await);
    let demo_before = app.post(UNREAD, &[]).await.data().as_i64().unwrap();

    // Validation names the field and adds nothing.
    let long_title = "t".repeat(101);
    let long_content = "c".repeat(5001);
    for (form, code, field) in [
        (vec![("content", "Body")], "1101", "title"),
        (vec![("title", long_title.as_str()), ("content", "Body")], "1100", "title"),
        (vec![("title", "Maintenance")], "1101", "content"),
        (vec![("title", "Maintenance"), ("content", "   ")], "1101", "content"),
        (vec![("title", "Maintenance"), ("content", long_content.as_str())], "1100", "content"),
    ] {
        let refused = app.post(ANN_ADD, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{field}: {}", refused.message());
    }
    assert_eq!(app.post(ANN_QUERY, &[]).await.data()["total"], 0);
    assert_eq!(app.post(ANN_QUERY, &[("status", "lost")]).await.code(), "1100");

    let added = app.post(ANN_ADD, &[("title", "Maintenance"), ("content", &"c".repeat(5000))]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let id = added.data()["id"].to_string();
    assert_eq!(
        app.post(ANN_EDIT, &[("id", &id), ("title", "Planned maintenance"), ("content", "Saturday 8:00")]).await.code(),
        "200"
    );
    let drafts = app.post(ANN_QUERY, &[("status", "draft")]).await;
    assert_eq!(drafts.data()["total"], 1);
    assert_eq!(drafts.data()["list"][0]["title"], "Planned maintenance");
    assert_eq!(drafts.data()["list"][0]["gmtPublish"], Value::Null);
    assert_eq!(unread(colleague.clone()).await, colleague_before, "a draft sends nothing");

    let published = app.post(ANN_PUBLISH, &[("id", &id)]).await;
    assert_eq!(published.code(), "200", "{:?}", published.body);
    assert_eq!(unread(colleague.clone()).await, colleague_before + 1, "the colleague got a notice");
    assert_eq!(app.post(UNREAD, &[]).await.data().as_i64().unwrap(), demo_before + 1, "so did the publisher");
    assert_eq!(unread(stranger.clone()).await, stranger_before, "another organisation got nothing");
    assert_eq!(app.store.unread_message_count(&admin.viewer()).await.unwrap(), 0);
    let users_of_org = published.data()["messages"].as_i64().unwrap();
    assert!(users_of_org >= 2, "{:?}", published.body);

    let listed = app.post(ANN_QUERY, &[("status", "published")]).await;
    assert_eq!(listed.data()["list"][0]["status"], "published");
    assert!(listed.data()["list"][0]["gmtPublish"].as_i64().unwrap() > 0);
    // A published announcement is neither edited, published again, nor deleted.
    assert_eq!(app.post(ANN_EDIT, &[("id", &id), ("title", "X"), ("content", "Y")]).await.code(), "1236");
    assert_eq!(app.post(ANN_PUBLISH, &[("id", &id)]).await.code(), "1236");
    assert_eq!(app.post(ANN_DELETE, &[("id", &id)]).await.code(), "1238");
    assert_eq!(unread(colleague.clone()).await, colleague_before + 1, "publishing twice sends nothing more");

    // Withdrawn: unread notices go; a notice already read stays (the demo user reads theirs first).
    mark_notice_read(app, &demo, &id).await;
    let withdrawn = app.post(ANN_WITHDRAW, &[("id", &id)]).await;
    assert_eq!(withdrawn.code(), "200", "{:?}", withdrawn.body);
    assert_eq!(withdrawn.data()["removed"].as_i64(), Some(users_of_org - 1));
    assert_eq!(unread(colleague.clone()).await, colleague_before);
    assert_eq!(app.post(ANN_WITHDRAW, &[("id", &id)]).await.code(), "1237");
    assert_eq!(app.post(ANN_PUBLISH, &[("id", &id)]).await.code(), "1236");
    assert_eq!(app.post(ANN_DELETE, &[("id", &id)]).await.code(), "200");
    assert_eq!(app.post(ANN_DELETE, &[("id", &id)]).await.code(), "1235");

    // A draft can be deleted; a draft cannot be withdrawn.
    let draft = app.post(ANN_ADD, &[("title", "Draft"), ("content", "x")]).await.data()["id"].to_string();
    assert_eq!(app.post(ANN_WITHDRAW, &[("id", &draft)]).await.code(), "1237");
    assert_eq!(app.post(ANN_DELETE, &[("id", &draft)]).await.code(), "200");
    assert_eq!(app.post(ANN_QUERY, &[]).await.data()["total"], 0);
});

/// Marks the user's notice of announcement `id` read through the message centre.
async fn mark_notice_read(app: &TestApp, user: &ironsight_store::users::User, id: &str) {
    let before = app.store.unread_message_count(&user.viewer()).await.unwrap();
    let notices = app.post("/lfscada/msg/query", &[("type", "notice"), ("readStatus", "unread")]).await;
    let message =
        notices.data()["list"].as_array().unwrap().iter().find(|m| m["dataId"] == id).expect("the notice").clone();
    let marked = app.post("/lfscada/msg/markAsRead", &[("ids", &message["id"].to_string())]).await;
    assert_eq!(marked.data()["changed"], 1, "{:?}", marked.body);
    assert_eq!(app.store.unread_message_count(&user.viewer()).await.unwrap(), before - 1);
}

both_backends!(announcements_are_isolated_and_need_the_manage_permission, Options::default(), |app| {
    app.login_demo().await;
    let id = app.post(ANN_ADD, &[("title", "Ours"), ("content", "x")]).await.data()["id"].to_string();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, ANN_QUERY, &[]).await.data()["total"], 0);
    for (path, form) in [
        (ANN_EDIT, vec![("id", id.as_str()), ("title", "Theirs"), ("content", "y")]),
        (ANN_PUBLISH, vec![("id", id.as_str())]),
        (ANN_WITHDRAW, vec![("id", id.as_str())]),
        (ANN_DELETE, vec![("id", id.as_str())]),
    ] {
        assert_eq!(post_as(app, &stranger, path, &form).await.code(), "1235", "{path}");
    }
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    for (path, form) in [
        (ANN_QUERY, vec![]),
        (ANN_ADD, vec![("title", "V"), ("content", "v")]),
        (ANN_EDIT, vec![("id", id.as_str()), ("title", "V"), ("content", "v")]),
        (ANN_PUBLISH, vec![("id", id.as_str())]),
        (ANN_WITHDRAW, vec![("id", id.as_str())]),
        (ANN_DELETE, vec![("id", id.as_str())]),
    ] {
        assert_eq!(post_as(app, &viewer, path, &form).await.code(), "1011", "{path}");
    }
    let ours = app.post(ANN_QUERY, &[]).await;
    assert_eq!((ours.data()["total"].as_i64(), ours.data()["list"][0]["title"].as_str()), (Some(1), Some("Ours")));
    assert_eq!(ours.data()["list"][0]["status"], "draft", "nothing changed");
});

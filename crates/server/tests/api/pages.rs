//! Configuration pages of an equipment: add (title and canvas size checked), list, rename, delete, the home
//! page, deletion with the equipment, and isolation between organisations.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use serde_json::Value;

const QUERY: &str = "/lfscada/configuration/page/query";
const ADD: &str = "/lfscada/configuration/page/add";
const EDIT: &str = "/lfscada/configuration/page/edit";
const DELETE: &str = "/lfscada/configuration/page/delete";
const HOME: &str = "/lfscada/configuration/page/queryHome";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn add_equipment(app: &TestApp, name: &str) -> String {
    app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].to_string()
}

both_backends!(pages_are_added_listed_renamed_and_deleted, Options::default(), |app| {
    app.login_demo().await;
    assert_eq!(app.post(HOME, &[]).await.data(), &Value::Null, "no page yet");
    let pump = add_equipment(app, "Pump").await;
    let first = app.post(ADD, &[("equipmentId", &pump), ("title", " Overview ")]).await;
    assert_eq!(first.code(), "200", "{:?}", first.body);
    let first = first.data()["id"].as_i64().unwrap();
    let second =
        app.post(ADD, &[("equipmentId", &pump), ("title", "大屏"), ("width", "1920"), ("height", "1080")]).await;
    let second = second.data()["id"].as_i64().unwrap();

    let pages = app.post(QUERY, &[("equipmentId", &pump)]).await;
    let list = pages.data().as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], first);
    assert_eq!(list[0]["equipmentId"].to_string(), pump);
    assert_eq!(
        (list[0]["title"].as_str(), list[0]["width"].as_i64(), list[0]["height"].as_i64()),
        (Some("Overview"), Some(1024), Some(768))
    );
    assert_eq!(
        (list[1]["title"].as_str(), list[1]["width"].as_i64(), list[1]["height"].as_i64()),
        (Some("大屏"), Some(1920), Some(1080))
    );
    assert!(list[0]["updated"].as_i64().unwrap() > 0);
    assert_eq!(app.post(HOME, &[]).await.data()["id"], first, "the organisation's first page");
    // A new page's document has the canvas it was made with, so it is drawn at that size before any save.
    let info = app.post("/lfscada/configuration/page/info", &[("id", &second.to_string())]).await;
    assert_eq!(info.data()["document"], serde_json::json!({ "con": { "width": 1920, "height": 1080 }, "widgets": [] }));

    // Bad input names the field and adds nothing.
    let long = "页".repeat(61);
    for (form, field, code) in [
        (vec![("equipmentId", pump.as_str())], "title", "1101"),
        (vec![("equipmentId", pump.as_str()), ("title", "   ")], "title", "1101"),
        (vec![("equipmentId", pump.as_str()), ("title", long.as_str())], "title", "1100"),
        (vec![("equipmentId", pump.as_str()), ("title", "x"), ("width", "99")], "width", "1100"),
        (vec![("equipmentId", pump.as_str()), ("title", "x"), ("height", "10001")], "height", "1100"),
        (vec![("equipmentId", pump.as_str()), ("title", "x"), ("width", "wide")], "width", "1100"),
        (vec![("equipmentId", pump.as_str()), ("title", "x"), ("width", "100.5")], "width", "1100"),
        (vec![("title", "x")], "equipmentId", "1101"),
    ] {
        let refused = app.post(ADD, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{form:?}: {}", refused.message());
    }
    assert_eq!(app.post(ADD, &[("equipmentId", "999999"), ("title", "x")]).await.code(), "1214");
    assert_eq!(
        app.post(ADD, &[("equipmentId", &pump), ("title", "Edge"), ("width", "10000"), ("height", "100")]).await.code(),
        "200"
    );
    assert_eq!(app.post(QUERY, &[("equipmentId", &pump)]).await.data().as_array().unwrap().len(), 3);

    let renamed = app.post(EDIT, &[("id", &second.to_string()), ("title", "Wall")]).await;
    assert_eq!(renamed.code(), "200");
    assert_eq!(app.post(QUERY, &[("equipmentId", &pump)]).await.data()[1]["title"], "Wall");
    assert_eq!(app.post(EDIT, &[("id", &second.to_string()), ("title", "")]).await.code(), "1101");
    assert_eq!(app.post(EDIT, &[("id", "999999"), ("title", "x")]).await.code(), "1205");

    assert_eq!(app.post(DELETE, &[("id", &first.to_string())]).await.code(), "200");
    assert_eq!(app.post(DELETE, &[("id", &first.to_string())]).await.code(), "1205");
    assert_eq!(app.post(HOME, &[]).await.data()["id"], second, "the next page is home now");
    assert_eq!(app.post(QUERY, &[("equipmentId", "999999")]).await.code(), "1214");

    // Deleting the equipment deletes its pages.
    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &pump)]).await.code(), "200");
    assert_eq!(app.post(HOME, &[]).await.data(), &Value::Null);
    assert_eq!(app.post(EDIT, &[("id", &second.to_string()), ("title", "Gone")]).await.code(), "1205");
});

both_backends!(pages_are_isolated_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let page = app.post(ADD, &[("equipmentId", &pump), ("title", "Overview")]).await.data()["id"].to_string();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, QUERY, &[("equipmentId", &pump)]).await.code(), "1214");
    assert_eq!(post_as(app, &stranger, ADD, &[("equipmentId", &pump), ("title", "Mine")]).await.code(), "1214");
    assert_eq!(post_as(app, &stranger, EDIT, &[("id", &page), ("title", "Mine")]).await.code(), "1205");
    assert_eq!(post_as(app, &stranger, DELETE, &[("id", &page)]).await.code(), "1205");
    assert_eq!(post_as(app, &stranger, HOME, &[]).await.data(), &Value::Null);
    assert_eq!(app.post(QUERY, &[("equipmentId", &pump)]).await.data()[0]["title"], "Overview", "unchanged");

    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, ADD, &[("equipmentId", &pump), ("title", "x")]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, DELETE, &[("id", &page)]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, QUERY, &[("equipmentId", &pump)]).await.data()[0]["title"], "Overview");
});

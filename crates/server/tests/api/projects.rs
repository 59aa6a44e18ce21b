//! Projects: names (trimmed, 1 to 60 characters, unique in the organisation), remarks up to 500 characters,
//! member equipment of the caller's organisation, search and paging, isolation and the manage permission.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use serde_json::Value;

const QUERY: &str = "/lfscada/project/query";
const INFO: &str = "/lfscada/project/info";
const ADD: &str = "/lfscada/project/add";
const EDIT: &str = "/lfscada/project/edit";
const DELETE: &str = "/lfscada/project/delete";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn add_equipment(app: &TestApp, name: &str) -> String {
    let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

fn names(list: &Value, key: &str) -> Vec<String> {
    list.as_array().unwrap().iter().map(|c| c[key].as_str().unwrap().to_owned()).collect()
}

both_backends!(projects_are_checked_searched_and_paged, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let fan = add_equipment(app, "Fan").await;

    let members = format!("{pump},{fan}");
    let added = app.post(ADD, &[("name", " North plant "), ("remark", "Two lines"), ("equipmentIds", &members)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let north = added.data()["id"].to_string();
    let info = app.post(INFO, &[("id", &north)]).await;
    assert_eq!(
        (info.data()["name"].as_str(), info.data()["remark"].as_str()),
        (Some("North plant"), Some("Two lines"))
    );
    assert_eq!(names(&info.data()["equipment"], "equipName"), ["Fan", "Pump"]);
    assert_eq!(app.post(ADD, &[("name", "Empty")]).await.code(), "200", "no equipment and no remark are fine");

    let long_name = "项".repeat(61);
    let long_remark = "r".repeat(501);
    for (form, code, field) in [
        (vec![], "1101", "name"),
        (vec![("name", "  ")], "1101", "name"),
        (vec![("name", long_name.as_str())], "1100", "name"),
        (vec![("name", "a\u{1}b")], "1100", "name"),
        (vec![("name", "Ok"), ("remark", long_remark.as_str())], "1100", "remark"),
        (vec![("name", "Ok"), ("equipmentIds", "one")], "1100", "equipmentIds"),
    ] {
        let refused = app.post(ADD, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "the field is named: {}", refused.message());
    }
    assert_eq!(app.post(ADD, &[("name", "North plant")]).await.code(), "1252");
    assert_eq!(app.post(ADD, &[("name", "Ok"), ("equipmentIds", "999999")]).await.code(), "1214");
    assert_eq!(app.post(ADD, &[("name", &"项".repeat(60)), ("remark", &"r".repeat(500))]).await.code(), "200");
    assert_eq!(app.post(QUERY, &[]).await.data()["total"], 3, "refused projects were not added");

    // Search (name or remark, any case) and paging by name.
    for i in 0..11 {
        app.post(ADD, &[("name", &format!("Site {i:02}"))]).await;
    }
    let first = app.post(QUERY, &[("page", "1"), ("pageSize", "10"), ("keyword", "SITE")]).await;
    assert_eq!(first.data()["total"], 11);
    assert_eq!(first.data()["list"].as_array().unwrap().len(), 10);
    let second = app.post(QUERY, &[("page", "2"), ("pageSize", "10"), ("keyword", "site")]).await;
    assert_eq!(names(&second.data()["list"], "name"), ["Site 10"]);
    let by_remark = app.post(QUERY, &[("keyword", "two LINES")]).await;
    assert_eq!(names(&by_remark.data()["list"], "name"), ["North plant"]);
    assert_eq!(by_remark.data()["list"][0]["equipmentCount"], 2);
    assert_eq!(app.post(QUERY, &[("keyword", "%")]).await.data()["total"], 0, "wildcards match literally");
    assert_eq!(app.post(QUERY, &[("pageSize", "0")]).await.code(), "1100");

    // Editing replaces fields and members; refused edits change nothing.
    assert_eq!(
        app.post(EDIT, &[("id", &north), ("name", "North"), ("remark", ""), ("equipmentIds", &fan)]).await.code(),
        "200"
    );
    let info = app.post(INFO, &[("id", &north)]).await;
    assert_eq!((info.data()["name"].as_str(), info.data()["remark"].as_str()), (Some("North"), Some("")));
    assert_eq!(names(&info.data()["equipment"], "equipName"), ["Fan"]);
    assert_eq!(app.post(EDIT, &[("id", &north), ("name", "Empty")]).await.code(), "1252");
    assert_eq!(app.post(EDIT, &[("id", &north), ("name", "North"), ("equipmentIds", "999999")]).await.code(), "1214");
    assert_eq!(app.post(EDIT, &[("id", "999999"), ("name", "Gone")]).await.code(), "1253");
    assert_eq!(app.post(EDIT, &[("name", "Gone")]).await.code(), "1101");
    let info = app.post(INFO, &[("id", &north)]).await;
    assert_eq!(names(&info.data()["equipment"], "equipName"), ["Fan"], "refused edits changed nothing");
    assert_eq!(info.data()["name"], "North");

    assert_eq!(app.post(DELETE, &[("id", &north)]).await.code(), "200");
    assert_eq!(app.post(DELETE, &[("id", &north)]).await.code(), "1253");
    assert_eq!(app.post(INFO, &[("id", &north)]).await.code(), "1253");
    assert_eq!(app.post("/lfscada/equipment/multi/query", &[]).await.data()["total"], 2, "equipment stays");
});

both_backends!(projects_are_isolated_and_need_the_manage_permission, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let project = app.post(ADD, &[("name", "North"), ("equipmentIds", &pump)]).await.data()["id"].to_string();

    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, QUERY, &[]).await.data()["total"], 0);
    assert_eq!(post_as(app, &stranger, INFO, &[("id", &project)]).await.code(), "1253");
    assert_eq!(post_as(app, &stranger, EDIT, &[("id", &project), ("name", "Mine")]).await.code(), "1253");
    assert_eq!(post_as(app, &stranger, DELETE, &[("id", &project)]).await.code(), "1253");
    assert_eq!(post_as(app, &stranger, ADD, &[("name", "North"), ("equipmentIds", &pump)]).await.code(), "1214");
    assert_eq!(post_as(app, &stranger, ADD, &[("name", "North")]).await.code(), "200", "the name is free there");

    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, QUERY, &[]).await.data()["list"][0]["name"], "North");
    assert_eq!(post_as(app, &viewer, INFO, &[("id", &project)]).await.data()["equipment"][0]["equipName"], "Pump");
    assert_eq!(post_as(app, &viewer, ADD, &[("name", "Viewer's")]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, EDIT, &[("id", &project), ("name", "V")]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, DELETE, &[("id", &project)]).await.code(), "1011");
    let info = app.post(INFO, &[("id", &project)]).await;
    assert_eq!((info.data()["name"].as_str(), info.data()["equipment"].as_array().unwrap().len()), (Some("North"), 1));
});

//! A project's configuration pages: listed and added by project, served by every page call by id (info, design,
//! save, rename, copy, home page, password, versions), gone with their project; kept apart from equipment pages;
//! and seen by a sub-account limited to granted equipment only while every equipment of the project is granted.

use crate::both_backends;
use crate::helpers::TestApp;
use crate::pages_document::post_as;
use crate::walk_fixture::account;
use serde_json::{Value, json};

const QUERY: &str = "/lfscada/project/page/query";
const ADD: &str = "/lfscada/project/page/add";
const INFO: &str = "/lfscada/configuration/page/info";
const DESIGN: &str = "/lfscada/configuration/page/design";
const SAVE: &str = "/lfscada/configuration/page/save";
const HOME: &str = "/lfscada/configuration/page/setHome";

async fn add_equipment(app: &TestApp, name: &str) -> String {
    app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].to_string()
}

async fn add_project(app: &TestApp, name: &str, members: &[&str]) -> String {
    let added = app.post("/lfscada/project/add", &[("name", name), ("equipmentIds", &members.join(","))]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

fn titles(list: &Value) -> Vec<(String, bool)> {
    list.as_array().unwrap().iter().map(|p| (p["title"].as_str().unwrap().to_owned(), p["home"] == true)).collect()
}

both_backends!(a_projects_pages_are_its_own_and_go_with_it, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let fan = add_equipment(app, "Fan").await;
    let plant = add_project(app, "North plant", &[&pump, &fan]).await;

    let first = app.post(ADD, &[("projectId", &plant), ("title", " Overview ")]).await;
    assert_eq!(first.code(), "200", "{:?}", first.body);
    let first = first.data()["id"].to_string();
    let second =
        app.post(ADD, &[("projectId", &plant), ("title", "Wall"), ("width", "1920"), ("height", "1080")]).await;
    let second = second.data()["id"].to_string();
    let listed = app.post(QUERY, &[("projectId", &plant)]).await;
    assert_eq!(titles(listed.data()), [("Overview".to_owned(), true), ("Wall".to_owned(), false)]);
    assert_eq!(listed.data()[0]["projectId"].to_string(), plant);
    assert_eq!(listed.data()[0]["equipmentId"], Value::Null);

    // Every call by page id serves it: info, design, save (a widget bound to the second equipment), home, copy.
    let info = app.post(INFO, &[("id", &second)]).await;
    assert_eq!((info.data()["projectId"].to_string(), &info.data()["equipmentId"]), (plant.clone(), &Value::Null));
    assert_eq!(info.data()["document"], json!({ "con": { "width": 1920, "height": 1080 }, "widgets": [] }));
    let base = info.data()["updated"].to_string();
    let document = json!({ "con": { "width": 1920, "height": 1080 }, "widgets": [
        { "id": "t", "widgetType": "UsualDataText", "position": { "x": 10, "y": 10, "width": 120, "height": 30, "rotate": 0 },
          "data": { "type": "signal", "title": "Speed", "signalId": null, "equipId": fan.parse::<i64>().unwrap(), "subTitle": "" } }
    ] })
    .to_string();
    let saved = app.post(SAVE, &[("id", &second), ("document", &document), ("base", &base)]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    assert_eq!(app.post(DESIGN, &[("id", &second)]).await.data()["document"]["widgets"][0]["id"], "t");
    assert_eq!(app.post(HOME, &[("id", &second)]).await.code(), "200");
    let copied = app.post("/lfscada/configuration/page/copy", &[("id", &second), ("title", "Wall copy")]).await;
    assert_eq!(copied.code(), "200", "{:?}", copied.body);
    assert_eq!(
        titles(app.post(QUERY, &[("projectId", &plant)]).await.data()),
        [("Overview".to_owned(), false), ("Wall".to_owned(), true), ("Wall copy".to_owned(), false)],
        "the copy stays in the project; the home page is the chosen one"
    );
    let versions = app.post("/lfscada/configuration/page/versions", &[("id", &second)]).await;
    assert_eq!(versions.data().as_array().unwrap().len(), 1);

    // Apart from the equipment's pages and from the organisation's home page (the first equipment page).
    assert_eq!(app.post("/lfscada/configuration/page/query", &[("equipmentId", &fan)]).await.data(), &json!([]));
    assert_eq!(app.post("/lfscada/configuration/page/queryHome", &[]).await.data(), &Value::Null);

    // Bad input names the field and adds nothing.
    for (form, code, field) in [
        (vec![("title", "x")], "1101", "projectId"),
        (vec![("projectId", plant.as_str())], "1101", "title"),
        (vec![("projectId", plant.as_str()), ("title", "x"), ("width", "99")], "1100", "width"),
        (vec![("projectId", "north"), ("title", "x")], "1100", "projectId"),
    ] {
        let refused = app.post(ADD, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{form:?}: {}", refused.message());
    }
    assert_eq!(app.post(ADD, &[("projectId", "999999"), ("title", "x")]).await.code(), "1253");
    assert_eq!(app.post(QUERY, &[("projectId", "999999")]).await.code(), "1253");
    assert_eq!(app.post(QUERY, &[("projectId", &plant)]).await.data().as_array().unwrap().len(), 3);

    // An equipment leaving the project leaves the pages; the project's deletion takes them.
    let edited =
        app.post("/lfscada/project/edit", &[("id", &plant), ("name", "North plant"), ("equipmentIds", &pump)]).await;
    assert_eq!(edited.code(), "200", "{:?}", edited.body);
    assert_eq!(app.post(INFO, &[("id", &second)]).await.code(), "200");
    assert_eq!(app.post("/lfscada/project/delete", &[("id", &plant)]).await.code(), "200");
    assert_eq!(app.post(INFO, &[("id", &first)]).await.code(), "1205");
    assert_eq!(app.post(INFO, &[("id", &second)]).await.code(), "1205");
});

both_backends!(a_project_page_needs_every_equipment_of_the_project, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id;
    let pump = add_equipment(app, "Pump").await;
    let fan = add_equipment(app, "Fan").await;
    let plant = add_project(app, "North plant", &[&pump, &fan]).await;
    let page = app.post(ADD, &[("projectId", &plant), ("title", "Overview")]).await.data()["id"].to_string();
    let document = json!({ "widgets": [] }).to_string();

    // A sub-account limited to granted equipment, with the manage permission, granted only the pump: the
    // project's pages are not its to see or change (the page may show the fan).
    let limited = account(app, "limited", org, "user", "authorised", &["manage"]).await;
    let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    app.store.set_granted_equipment(org, limited_id, &[pump.parse().unwrap()]).await.unwrap();
    assert_eq!(post_as(app, &limited, QUERY, &[("projectId", &plant)]).await.code(), "1253");
    assert_eq!(post_as(app, &limited, ADD, &[("projectId", &plant), ("title", "Mine")]).await.code(), "1253");
    for path in [INFO, DESIGN, "/lfscada/configuration/page/versions", HOME] {
        assert_eq!(post_as(app, &limited, path, &[("id", &page)]).await.code(), "1205", "{path}");
    }
    assert_eq!(post_as(app, &limited, SAVE, &[("id", &page), ("document", &document)]).await.code(), "1205");
    assert_eq!(post_as(app, &limited, "/lfscada/configuration/page/delete", &[("id", &page)]).await.code(), "1205");

    // Granted both: the pages are its own to design; a third equipment joining the project takes them away again.
    app.store.set_granted_equipment(org, limited_id, &[pump.parse().unwrap(), fan.parse().unwrap()]).await.unwrap();
    assert_eq!(post_as(app, &limited, QUERY, &[("projectId", &plant)]).await.data()[0]["title"], "Overview");
    assert_eq!(post_as(app, &limited, SAVE, &[("id", &page), ("document", &document)]).await.code(), "200");
    let added = post_as(app, &limited, ADD, &[("projectId", &plant), ("title", "Mine")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let valve = add_equipment(app, "Valve").await;
    let members = format!("{pump},{fan},{valve}");
    assert_eq!(
        app.post("/lfscada/project/edit", &[("id", &plant), ("name", "North plant"), ("equipmentIds", &members)])
            .await
            .code(),
        "200"
    );
    assert_eq!(post_as(app, &limited, INFO, &[("id", &page)]).await.code(), "1205");

    // Without the manage permission: seen, not changed.
    let reader = account(app, "reader", org, "user", "all", &[]).await;
    assert_eq!(post_as(app, &reader, QUERY, &[("projectId", &plant)]).await.data().as_array().unwrap().len(), 2);
    assert_eq!(post_as(app, &reader, INFO, &[("id", &page)]).await.code(), "200");
    assert_eq!(post_as(app, &reader, ADD, &[("projectId", &plant), ("title", "x")]).await.code(), "1011");
    assert_eq!(post_as(app, &reader, SAVE, &[("id", &page), ("document", &document)]).await.code(), "1011");

    // Another organisation's administrator: not found, nothing changed.
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &["manage"]).await;
    assert_eq!(post_as(app, &outsider, QUERY, &[("projectId", &plant)]).await.code(), "1253");
    assert_eq!(post_as(app, &outsider, ADD, &[("projectId", &plant), ("title", "x")]).await.code(), "1253");
    assert_eq!(post_as(app, &outsider, INFO, &[("id", &page)]).await.code(), "1205");
    assert_eq!(post_as(app, &outsider, SAVE, &[("id", &page), ("document", &document)]).await.code(), "1205");
    assert_eq!(app.post(QUERY, &[("projectId", &plant)]).await.data().as_array().unwrap().len(), 2);
});

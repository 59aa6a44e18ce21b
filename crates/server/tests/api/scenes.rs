//! Scenes: names (trimmed, 1 to 30 characters, unique in the organisation), 1 to 50 equipment of the caller's
//! organisation in a chosen order, cards with their latest values, isolation and the manage permission.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use serde_json::Value;

const QUERY: &str = "/lfscada/scene/query";
const INFO: &str = "/lfscada/scene/info";
const ADD: &str = "/lfscada/scene/add";
const EDIT: &str = "/lfscada/scene/edit";
const DELETE: &str = "/lfscada/scene/delete";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn add_equipment(app: &TestApp, name: &str) -> String {
    let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

fn card_names(scene: &Value) -> Vec<String> {
    scene["equipment"].as_array().unwrap().iter().map(|c| c["equipName"].as_str().unwrap().to_owned()).collect()
}

both_backends!(scenes_are_checked_and_keep_the_chosen_order, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let fan = add_equipment(app, "Fan").await;
    let valve = add_equipment(app, "Valve").await;

    let ids = format!("{valve},{pump}");
    let added = app.post(ADD, &[("name", "  Hall 1  "), ("equipmentIds", &ids)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let hall = added.data()["id"].to_string();
    let info = app.post(INFO, &[("id", &hall)]).await;
    assert_eq!(info.data()["name"], "Hall 1", "trimmed");
    assert_eq!(card_names(info.data()), ["Valve", "Pump"], "the chosen order, not by name or time");
    let card = &info.data()["equipment"][0];
    for field in ["online", "alarmCount", "lastUpdate", "keyValues", "gatewaySn"] {
        assert!(card.get(field).is_some(), "a card carries {field}: {card}");
    }

    // Refused input names the field and adds nothing.
    let too_long = "场".repeat(31);
    let fifty_one: Vec<String> = (0..51).map(|_| pump.clone()).collect();
    let fifty_one = fifty_one.join(",");
    for (form, code, field) in [
        (vec![("equipmentIds", pump.as_str())], "1101", "name"),
        (vec![("name", "   "), ("equipmentIds", pump.as_str())], "1101", "name"),
        (vec![("name", too_long.as_str()), ("equipmentIds", pump.as_str())], "1100", "name"),
        (vec![("name", "a\u{7}b"), ("equipmentIds", pump.as_str())], "1100", "name"),
        (vec![("name", "Hall 2")], "1101", "equipmentIds"),
        (vec![("name", "Hall 2"), ("equipmentIds", "")], "1101", "equipmentIds"),
        (vec![("name", "Hall 2"), ("equipmentIds", "1,x")], "1100", "equipmentIds"),
        (vec![("name", "Hall 2"), ("equipmentIds", fifty_one.as_str())], "1100", "equipmentIds"),
    ] {
        let refused = app.post(ADD, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "the field is named: {}", refused.message());
    }
    assert_eq!(app.post(ADD, &[("name", "Hall 2"), ("equipmentIds", "999999")]).await.code(), "1214");
    let mixed = format!("{pump},999999");
    assert_eq!(app.post(ADD, &[("name", "Hall 2"), ("equipmentIds", &mixed)]).await.code(), "1214");
    assert_eq!(app.post(ADD, &[("name", "Hall 1"), ("equipmentIds", &pump)]).await.code(), "1250");
    assert_eq!(app.post(ADD, &[("name", &"场".repeat(30)), ("equipmentIds", &pump)]).await.code(), "200");
    let list = app.post(QUERY, &[]).await;
    let list = list.data().as_array().unwrap().clone();
    assert_eq!(list.len(), 2, "refused scenes were not added: {list:?}");
    assert_eq!((list[0]["name"].as_str(), list[0]["equipmentCount"].as_i64()), (Some("Hall 1"), Some(2)));
    assert!(list[0]["updated"].as_i64().unwrap() > 0);

    // Editing replaces name and equipment; a repeated id counts once; refused edits change nothing.
    let repeated = format!("{fan},{pump},{fan}");
    assert_eq!(app.post(EDIT, &[("id", &hall), ("name", "Hall A"), ("equipmentIds", &repeated)]).await.code(), "200");
    let info = app.post(INFO, &[("id", &hall)]).await;
    assert_eq!(
        (info.data()["name"].as_str(), card_names(info.data())),
        (Some("Hall A"), vec!["Fan".into(), "Pump".into()])
    );
    let taken = "场".repeat(30);
    assert_eq!(app.post(EDIT, &[("id", &hall), ("name", &taken), ("equipmentIds", &valve)]).await.code(), "1250");
    assert_eq!(app.post(EDIT, &[("id", &hall), ("name", "Hall B"), ("equipmentIds", "999999")]).await.code(), "1214");
    assert_eq!(app.post(EDIT, &[("id", &hall), ("name", ""), ("equipmentIds", &valve)]).await.code(), "1101");
    assert_eq!(app.post(EDIT, &[("id", "999999"), ("name", "Hall C"), ("equipmentIds", &valve)]).await.code(), "1251");
    assert_eq!(app.post(EDIT, &[("name", "Hall C"), ("equipmentIds", &valve)]).await.code(), "1101");
    let info = app.post(INFO, &[("id", &hall)]).await;
    assert_eq!(
        (info.data()["name"].as_str(), card_names(info.data())),
        (Some("Hall A"), vec!["Fan".into(), "Pump".into()])
    );

    // Deleting equipment takes its card off the scene; deleting the scene leaves the equipment.
    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &fan)]).await.code(), "200");
    assert_eq!(card_names(app.post(INFO, &[("id", &hall)]).await.data()), ["Pump"]);
    assert_eq!(app.post(DELETE, &[("id", &hall)]).await.code(), "200");
    assert_eq!(app.post(DELETE, &[("id", &hall)]).await.code(), "1251");
    assert_eq!(app.post(INFO, &[("id", &hall)]).await.code(), "1251");
    assert_eq!(app.post(INFO, &[("id", "abc")]).await.code(), "1100");
    assert_eq!(app.post("/lfscada/equipment/multi/query", &[]).await.data()["total"], 2);
    assert_eq!(app.post(ADD, &[("name", "Hall 1"), ("equipmentIds", &pump)]).await.code(), "200", "name free again");
});

both_backends!(scenes_are_isolated_and_need_the_manage_permission, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let scene = app.post(ADD, &[("name", "Hall 1"), ("equipmentIds", &pump)]).await.data()["id"].to_string();

    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, QUERY, &[]).await.data().as_array().unwrap().len(), 0);
    assert_eq!(post_as(app, &stranger, INFO, &[("id", &scene)]).await.code(), "1251");
    let edit = [("id", scene.as_str()), ("name", "Mine"), ("equipmentIds", pump.as_str())];
    assert_eq!(post_as(app, &stranger, EDIT, &edit).await.code(), "1251");
    assert_eq!(post_as(app, &stranger, DELETE, &[("id", &scene)]).await.code(), "1251");
    // Another organisation's equipment is "not found"; the same name is free there.
    let refused = post_as(app, &stranger, ADD, &[("name", "Hall 1"), ("equipmentIds", &pump)]).await;
    assert_eq!(refused.code(), "1214");
    assert_eq!(post_as(app, &stranger, QUERY, &[]).await.data().as_array().unwrap().len(), 0, "nothing added");
    let own = post_as(app, &stranger, "/lfscada/equipment/multi/add", &[("equipName", "Theirs")]).await;
    let theirs = own.data()["id"].to_string();
    let added = post_as(app, &stranger, ADD, &[("name", "Hall 1"), ("equipmentIds", &theirs)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let with_theirs = format!("{pump},{theirs}");
    assert_eq!(
        app.post(EDIT, &[("id", &scene), ("name", "Hall 1"), ("equipmentIds", &with_theirs)]).await.code(),
        "1214"
    );
    assert_eq!(card_names(app.post(INFO, &[("id", &scene)]).await.data()), ["Pump"]);

    // Viewing needs only a session; changes need the manage permission.
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, QUERY, &[]).await.data()[0]["equipmentCount"], 1);
    assert_eq!(card_names(post_as(app, &viewer, INFO, &[("id", &scene)]).await.data()), ["Pump"]);
    assert_eq!(post_as(app, &viewer, ADD, &[("name", "Viewer's"), ("equipmentIds", &pump)]).await.code(), "1011");
    assert_eq!(
        post_as(app, &viewer, EDIT, &[("id", &scene), ("name", "V"), ("equipmentIds", &pump)]).await.code(),
        "1011"
    );
    assert_eq!(post_as(app, &viewer, DELETE, &[("id", &scene)]).await.code(), "1011");
    assert_eq!(app.post(QUERY, &[]).await.data()[0]["name"], "Hall 1");
});

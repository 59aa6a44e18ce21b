//! Equipment groups of the monitor: names (trimmed, 1 to 30 characters, unique in the organisation), moving
//! equipment in and out, the lists by group, deletion ungrouping, and isolation between organisations.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use serde_json::Value;

const QUERY: &str = "/lfscada/monitor/group/query";
const ADD: &str = "/lfscada/monitor/group/add";
const EDIT: &str = "/lfscada/monitor/group/edit";
const DELETE: &str = "/lfscada/monitor/group/delete";
const MOVE: &str = "/lfscada/monitor/group/equipment/move";
const BY_GROUP: &str = "/lfscada/monitor/group/equipment/queryByGroup";
const ALL_BY_GROUP: &str = "/lfscada/monitor/group/equipment/queryAllByGroup";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn add_equipment(app: &TestApp, name: &str) -> String {
    let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

fn names(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|c| c["equipName"].as_str().unwrap().to_owned()).collect()
}

both_backends!(group_names_are_checked_and_unique_in_the_organisation, Options::default(), |app| {
    app.login_demo().await;
    let added = app.post(ADD, &[("name", "  Line B  ")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let b = added.data()["id"].to_string();
    assert_eq!(app.post(ADD, &[("name", "Line B")]).await.code(), "1202", "the trimmed name already exists");
    assert_eq!(app.post(ADD, &[("name", " Line B ")]).await.code(), "1202");
    assert_eq!(app.post(ADD, &[("name", &"组".repeat(30))]).await.code(), "200", "30 characters are allowed");

    let too_long = "组".repeat(31);
    for (form, code) in [
        (vec![], "1101"),
        (vec![("name", "   ")], "1101"),
        (vec![("name", too_long.as_str())], "1100"),
        (vec![("name", "a\u{7}b")], "1100"),
    ] {
        let refused = app.post(ADD, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains("name"), "the field is named: {}", refused.message());
    }
    let a = app.post(ADD, &[("name", "Line A")]).await.data()["id"].to_string();
    let groups = app.post(QUERY, &[]).await;
    let listed: Vec<&str> = groups.data().as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(listed, ["Line A", "Line B", "组".repeat(30).as_str()], "sorted by name; refused names not added");

    // Renaming: to a taken name is refused and changes nothing; to its own name is fine.
    assert_eq!(app.post(EDIT, &[("id", &a), ("name", "Line B")]).await.code(), "1202");
    assert_eq!(app.post(EDIT, &[("id", &a), ("name", "Line A")]).await.code(), "200");
    assert_eq!(app.post(EDIT, &[("id", &a), ("name", "Line C")]).await.code(), "200");
    assert_eq!(app.post(EDIT, &[("id", &a), ("name", "")]).await.code(), "1101");
    assert_eq!(app.post(EDIT, &[("id", "999999"), ("name", "Line D")]).await.code(), "1215");
    assert_eq!(app.post(EDIT, &[("id", "x"), ("name", "Line D")]).await.code(), "1100");
    let groups = app.post(QUERY, &[]).await;
    assert_eq!(groups.data()[1]["name"], "Line C");
    assert_eq!(app.post(DELETE, &[("id", &b)]).await.code(), "200");
    assert_eq!(app.post(DELETE, &[("id", &b)]).await.code(), "1215");
    assert_eq!(app.post(ADD, &[("name", "Line B")]).await.code(), "200", "a deleted group's name is free again");
});

both_backends!(equipment_moves_between_groups_and_lists_by_group, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let fan = add_equipment(app, "Fan").await;
    let valve = add_equipment(app, "Valve").await;
    let group = app.post(ADD, &[("name", "Hall 1")]).await.data()["id"].to_string();
    let empty = app.post(ADD, &[("name", "Empty")]).await.data()["id"].to_string();

    assert_eq!(app.post(MOVE, &[("equipmentId", &pump), ("groupId", &group)]).await.code(), "200");
    assert_eq!(app.post(MOVE, &[("equipmentId", &fan), ("groupId", &group)]).await.code(), "200");
    assert_eq!(app.post(MOVE, &[("equipmentId", &fan), ("groupId", &group)]).await.code(), "200", "idempotent");
    assert_eq!(app.post(MOVE, &[("equipmentId", &valve), ("groupId", "999999")]).await.code(), "1215");
    assert_eq!(app.post(MOVE, &[("equipmentId", "999999"), ("groupId", &group)]).await.code(), "1214");
    let bad = app.post(MOVE, &[("equipmentId", &valve), ("groupId", "two")]).await;
    assert!(bad.code() == "1100" && bad.message().contains("groupId"), "{:?}", bad.body);
    let missing = app.post(MOVE, &[("groupId", &group)]).await;
    assert!(missing.code() == "1101" && missing.message().contains("equipmentId"), "{:?}", missing.body);

    let groups = app.post(QUERY, &[]).await;
    assert_eq!(groups.data()[0]["name"], "Empty");
    assert_eq!(groups.data()[0]["equipmentCount"], 0);
    assert_eq!(groups.data()[1]["equipmentCount"], 2);

    let in_group = app.post(BY_GROUP, &[("groupId", &group), ("sort", "name")]).await;
    assert_eq!(in_group.data()["total"], 2);
    assert_eq!(names(&in_group.data()["list"]), ["Fan", "Pump"]);
    assert_eq!(in_group.data()["list"][0]["groupName"], "Hall 1");
    assert_eq!(in_group.data()["list"][0]["groupId"].to_string(), group);
    let paged = app.post(BY_GROUP, &[("groupId", &group), ("sort", "name"), ("page", "2"), ("pageSize", "1")]).await;
    assert_eq!((paged.data()["total"].as_i64(), names(&paged.data()["list"])), (Some(2), vec!["Pump".to_owned()]));
    let searched = app.post(BY_GROUP, &[("groupId", &group), ("keyword", "pu")]).await;
    assert_eq!(names(&searched.data()["list"]), ["Pump"], "keyword within the group");
    let ungrouped = app.post(BY_GROUP, &[("groupId", "0")]).await;
    assert_eq!((ungrouped.data()["total"].as_i64(), names(&ungrouped.data()["list"])), (Some(1), vec!["Valve".into()]));
    assert_eq!(ungrouped.data()["list"][0]["groupId"], Value::Null);
    assert_eq!(app.post(BY_GROUP, &[]).await.data()["total"], 1, "absent groupId means the ungrouped");
    assert_eq!(app.post(BY_GROUP, &[("groupId", "999999")]).await.code(), "1215");
    assert_eq!(app.post(BY_GROUP, &[("groupId", &empty)]).await.data()["total"], 0);

    let all = app.post(ALL_BY_GROUP, &[]).await;
    let all = all.data().as_array().unwrap().clone();
    assert_eq!(all.len(), 3, "two groups and the ungrouped entry: {all:?}");
    assert_eq!((all[0]["name"].as_str(), all[0]["equipment"].as_array().unwrap().len()), (Some("Empty"), 0));
    assert_eq!(all[1]["name"], "Hall 1");
    assert_eq!(names(&all[1]["equipment"]), ["Fan", "Pump"]);
    assert_eq!((all[2]["id"].as_i64(), all[2]["name"].as_str()), (Some(0), Some("")));
    assert_eq!(names(&all[2]["equipment"]), ["Valve"]);
    assert_eq!(all[2]["equipment"][0]["id"].to_string(), valve);

    // Out of the group with an empty groupId; deleting the group ungroups the rest (nothing is deleted).
    assert_eq!(app.post(MOVE, &[("equipmentId", &fan), ("groupId", "")]).await.code(), "200");
    assert_eq!(app.post(BY_GROUP, &[("groupId", &group)]).await.data()["total"], 1);
    assert_eq!(app.post(DELETE, &[("id", &group)]).await.code(), "200");
    let ungrouped = app.post(BY_GROUP, &[("groupId", "0"), ("sort", "name")]).await;
    assert_eq!(names(&ungrouped.data()["list"]), ["Fan", "Pump", "Valve"]);
    assert_eq!(app.post("/lfscada/equipment/multi/query", &[]).await.data()["total"], 3);
});

both_backends!(groups_are_isolated_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let pump = add_equipment(app, "Pump").await;
    let group = app.post(ADD, &[("name", "Hall 1")]).await.data()["id"].to_string();
    app.post(MOVE, &[("equipmentId", &pump), ("groupId", &group)]).await;

    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, QUERY, &[]).await.data().as_array().unwrap().len(), 0);
    assert_eq!(post_as(app, &stranger, EDIT, &[("id", &group), ("name", "Mine")]).await.code(), "1215");
    assert_eq!(post_as(app, &stranger, DELETE, &[("id", &group)]).await.code(), "1215");
    assert_eq!(post_as(app, &stranger, BY_GROUP, &[("groupId", &group)]).await.code(), "1215");
    let all = post_as(app, &stranger, ALL_BY_GROUP, &[]).await;
    assert_eq!(all.data().as_array().unwrap().len(), 1, "only the (empty) ungrouped entry: {:?}", all.body);
    assert!(all.data()[0]["equipment"].as_array().unwrap().is_empty());
    assert_eq!(post_as(app, &stranger, MOVE, &[("equipmentId", &pump), ("groupId", "")]).await.code(), "1214");
    // The same name is free in another organisation; its group cannot take the first one's equipment.
    let own = post_as(app, &stranger, ADD, &[("name", "Hall 1")]).await;
    assert_eq!(own.code(), "200", "{:?}", own.body);
    let own = own.data()["id"].to_string();
    assert_eq!(post_as(app, &stranger, MOVE, &[("equipmentId", &pump), ("groupId", &own)]).await.code(), "1214");
    assert_eq!(app.post(MOVE, &[("equipmentId", &pump), ("groupId", &own)]).await.code(), "1215");
    let groups = app.post(QUERY, &[]).await;
    assert_eq!(
        (groups.data()[0]["name"].as_str(), groups.data()[0]["equipmentCount"].as_i64()),
        (Some("Hall 1"), Some(1))
    );

    // Managing groups needs the manage permission; listing does not.
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, ADD, &[("name", "Viewer's")]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, DELETE, &[("id", &group)]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, MOVE, &[("equipmentId", &pump), ("groupId", "")]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, QUERY, &[]).await.data()[0]["equipmentCount"], 1);
});

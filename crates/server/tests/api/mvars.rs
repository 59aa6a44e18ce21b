//! A project's intermediate variables (`/lfscada/project/mvar/*`, docs/mvars.md): added, listed, fetched by the
//! ids a page binds, edited and deleted; a formula refused at the character and for the reason the grammar says,
//! and changing nothing; only the project's own signals, each under its own equipment; names unique in the
//! project; refused to a limited account that does not see the whole project and to another organisation.

use crate::both_backends;
use crate::helpers::{Answer, TestApp};
use crate::walk_fixture::{account, post_as};
use ironsight_domain::permission;
use serde_json::json;

const ADD: &str = "/lfscada/project/mvar/add";
const EDIT: &str = "/lfscada/project/mvar/edit";
const QUERY: &str = "/lfscada/project/mvar/query";
const QUERY_ALL: &str = "/lfscada/project/mvar/queryAll";
const DELETE: &str = "/lfscada/project/mvar/delete";
const VALID: &str = "/lfscada/project/mvar/validFormulaVar";

/// An equipment named `name` with two signals → (equipment id, [signal ids]).
async fn equipment(app: &TestApp, name: &str) -> (i64, Vec<i64>) {
    let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await;
    let id = added.data()["id"].as_i64().unwrap();
    let signals = json!([
        {"name": format!("{name} flow"), "area": "holding_register", "address": 0, "dataType": "uint16"},
        {"name": format!("{name} level"), "area": "holding_register", "address": 1, "dataType": "uint16"},
    ]);
    let saved = app
        .post(
            "/lfscada/equipment/multi/signal/save",
            &[("equipmentId", &id.to_string()), ("signals", &signals.to_string())],
        )
        .await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let ids = saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    (id, ids)
}

fn names(answer: &Answer) -> Vec<String> {
    answer.data().as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().to_owned()).collect()
}

both_backends!(intermediate_variables_of_a_project_are_kept_checked_and_scoped, Options::default(), |app| {
    app.login_demo().await;
    let (a, a_signals) = equipment(app, "Tank A").await;
    let (b, b_signals) = equipment(app, "Tank B").await;
    let (_outside, outside_signals) = equipment(app, "Outside").await;
    let members = format!("{a},{b}");
    let project = app.post("/lfscada/project/add", &[("name", "Tanks"), ("equipmentIds", &members)]).await;
    let project = project.data()["id"].to_string();
    let p = project.as_str();

    // An aggregate over both tanks' flows, and a formula over their levels.
    let flows = format!("{},{}", a_signals[0], b_signals[0]);
    let total = app
        .post(ADD, &[("projectId", p), ("name", "总流量"), ("calc", "sum"), ("signalIds", &flows), ("unit", "m³/h")])
        .await;
    assert_eq!(total.code(), "200", "{:?}", total.body);
    let total = total.data()["id"].as_i64().unwrap();
    let formula =
        format!("(${{{a}.{}}} + ${{{b}.{}}}) / 2 - ${{{a}.{}}} * 0", a_signals[1], b_signals[1], a_signals[1]);
    let level = app
        .post(
            ADD,
            &[
                ("projectId", p),
                ("name", "平均液位"),
                ("calc", "custom"),
                ("formula", &format!("  {formula}\t")),
                ("decimals", "1"),
            ],
        )
        .await;
    assert_eq!(level.code(), "200", "{:?}", level.body);
    let level = level.data()["id"].as_i64().unwrap();

    let listed = app.post(QUERY, &[("projectId", p)]).await;
    assert_eq!(names(&listed), ["平均液位", "总流量"], "by name");
    let first = &listed.data()[0];
    assert_eq!(first["formula"], json!(formula), "kept without the spaces around it");
    assert_eq!(first["signalIds"], json!([a_signals[1], b_signals[1]]), "the placeholders' signals, each once");
    assert_eq!(
        (first["calc"].as_str(), first["decimals"].as_i64(), first["projectId"].to_string()),
        (Some("custom"), Some(1), project.clone())
    );
    assert_eq!(listed.data()[1]["signalIds"], json!([a_signals[0], b_signals[0]]));
    assert_eq!((listed.data()[1]["unit"].as_str(), listed.data()[1]["decimals"].as_i64()), (Some("m³/h"), Some(2)));
    let bound = app.post(QUERY_ALL, &[("projectId", p), ("ids", &format!("{total},99999"))]).await;
    assert_eq!(names(&bound), ["总流量"], "an id that is not the project's is left out");

    // The formula check answers the placeholders' signals, or where and why it is refused.
    let checked = app.post(VALID, &[("projectId", p), ("formula", &format!("${{{b}.{}}} * 3", b_signals[0]))]).await;
    assert_eq!((checked.code(), &checked.data()["signalIds"]), ("200", &json!([b_signals[0]])));
    let refused = app.post(VALID, &[("projectId", p), ("formula", "(1 + 2")]).await;
    assert_eq!(refused.code(), "1100");
    assert_eq!(
        refused.body["data"]["reason"],
        json!({"kind": "badFormula", "args": {"at": 1, "fault": "unclosedParenthesis"}})
    );
    assert!(refused.message().contains("第 1 个字符处"), "{}", refused.message());
    let refused = app.post(VALID, &[("projectId", p), ("formula", "1 + ")]).await;
    assert_eq!(refused.body["data"]["reason"]["args"], json!({"at": 5, "fault": "unexpectedEnd"}));

    // Only the project's signals, each under its own equipment; nothing changes on a refusal.
    let stranger = format!("${{{a}.{}}}", outside_signals[0]);
    for (field, form) in [
        ("formula", vec![("calc", "custom"), ("formula", stranger.as_str())]),
        ("formula", vec![("calc", "custom"), ("formula", &format!("${{{b}.{}}}", a_signals[0]))]),
        ("signalIds", vec![("calc", "avg"), ("signalIds", &format!("{},{}", a_signals[0], outside_signals[1]))]),
    ] {
        let mut form = form;
        form.extend([("projectId", p), ("name", "x")]);
        let refused = app.post(ADD, &form).await;
        assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), ("1100", Some(field)), "{form:?}");
        assert_eq!(refused.body["data"]["reason"]["kind"], "notProjectSignal");
    }
    for (form, code, field) in [
        (vec![("name", "y"), ("calc", "median"), ("signalIds", flows.as_str())], "1100", "calc"),
        (vec![("name", "y"), ("calc", "sum")], "1101", "signalIds"),
        (vec![("name", ""), ("calc", "sum"), ("signalIds", flows.as_str())], "1101", "name"),
        (vec![("name", "y"), ("calc", "custom"), ("formula", "")], "1100", "formula"),
        (vec![("name", "y"), ("calc", "max"), ("signalIds", flows.as_str()), ("decimals", "7")], "1100", "decimals"),
        (vec![("name", "y"), ("calc", "max"), ("signalIds", "1,x")], "1100", "signalIds"),
    ] {
        let mut form = form;
        form.push(("projectId", p));
        let refused = app.post(ADD, &form).await;
        assert_eq!(
            (refused.code(), refused.body["data"]["field"].as_str()),
            (code, Some(field)),
            "{form:?}: {:?}",
            refused.body
        );
    }
    let taken = app.post(ADD, &[("projectId", p), ("name", "总流量"), ("calc", "max"), ("signalIds", &flows)]).await;
    assert_eq!(taken.code(), "1377");
    assert_eq!(names(&app.post(QUERY, &[("projectId", p)]).await), ["平均液位", "总流量"], "nothing added");

    // Edit: another calc and name; the name of another is refused; an unknown id is not found.
    let total_id = total.to_string();
    let edited =
        app.post(EDIT, &[("id", &total_id), ("name", "最大流量"), ("calc", "max"), ("signalIds", &flows)]).await;
    assert_eq!(edited.code(), "200", "{:?}", edited.body);
    let clash =
        app.post(EDIT, &[("id", &total_id), ("name", "平均液位"), ("calc", "max"), ("signalIds", &flows)]).await;
    assert_eq!(clash.code(), "1377");
    let bad = app.post(EDIT, &[("id", &total_id), ("name", "最大流量"), ("calc", "custom"), ("formula", "2 *")]).await;
    assert_eq!(bad.code(), "1100");
    let listed = app.post(QUERY_ALL, &[("projectId", p), ("ids", &total_id)]).await;
    assert_eq!((listed.data()[0]["name"].as_str(), listed.data()[0]["calc"].as_str()), (Some("最大流量"), Some("max")));
    assert_eq!(
        app.post(EDIT, &[("id", "99999"), ("name", "z"), ("calc", "max"), ("signalIds", &flows)]).await.code(),
        "1376"
    );

    // A limited account reads and changes them only while it sees the whole project; another organisation never.
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let limited = account(app, "limited", org, "user", "authorised", &[permission::MANAGE]).await;
    let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    app.store.grant_equipment(limited_id, a).await.unwrap();
    assert_eq!(post_as(app, &limited, QUERY, &[("projectId", p)]).await.code(), "1253", "tank B is not granted");
    let refused = post_as(app, &limited, DELETE, &[("id", &total_id)]).await;
    assert_eq!(refused.code(), "1376");
    app.store.grant_equipment(limited_id, b).await.unwrap();
    assert_eq!(names(&post_as(app, &limited, QUERY, &[("projectId", p)]).await).len(), 2);
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &[permission::MANAGE]).await;
    assert_eq!(post_as(app, &outsider, QUERY, &[("projectId", p)]).await.code(), "1253");
    assert_eq!(
        post_as(app, &outsider, EDIT, &[("id", &total_id), ("name", "z"), ("calc", "max"), ("signalIds", &flows)])
            .await
            .code(),
        "1376"
    );
    assert_eq!(post_as(app, &outsider, DELETE, &[("id", &total_id)]).await.code(), "1376");

    // Delete; deleting the project takes its variables with it.
    assert_eq!(app.post(DELETE, &[("id", &total_id)]).await.code(), "200");
    assert_eq!(app.post(DELETE, &[("id", &total_id)]).await.code(), "1376");
    assert_eq!(names(&app.post(QUERY, &[("projectId", p)]).await), ["平均液位"]);
    assert_eq!(app.post("/lfscada/project/delete", &[("id", p)]).await.code(), "200");
    assert!(app.store.mvar(org, level).await.unwrap().is_none(), "gone with its project");
});

both_backends!(a_project_holds_at_most_its_limit_of_intermediate_variables, Options::default(), |app| {
    app.login_demo().await;
    let (a, signals) = equipment(app, "Tank").await;
    let project = app.post("/lfscada/project/add", &[("name", "Full"), ("equipmentIds", &a.to_string())]).await;
    let project = project.data()["id"].as_i64().unwrap();
    let fields = ironsight_store::mvars::MvarFields {
        name: "",
        calc: "sum",
        formula: "",
        signal_ids: &signals,
        unit: "",
        decimals: 2,
    };
    for i in 0..ironsight_domain::limits::PROJECT_MVARS {
        let name = format!("v{i}");
        let fields = ironsight_store::mvars::MvarFields { name: &name, ..fields };
        app.store.add_mvar(project, &fields, ironsight_domain::limits::PROJECT_MVARS).await.unwrap().unwrap();
    }
    let p = project.to_string();
    let over = app
        .post(ADD, &[("projectId", &p), ("name", "one more"), ("calc", "sum"), ("signalIds", &signals[0].to_string())])
        .await;
    assert_eq!(over.code(), "1378");
    assert!(over.message().contains("200"), "{}", over.message());
});

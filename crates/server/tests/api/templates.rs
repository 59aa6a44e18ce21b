//! Page templates ("faceplates"): saved with the page rules and no id of an equipment anywhere (bindings name
//! their signal), listed by name, read with their document and deleted, by every account of the organisation with
//! the manage permission (a limited sub-account included: a template reaches no equipment; it deletes only those it
//! saved); names unique in the organisation; another organisation's template is not found and changes nothing.

use crate::both_backends;
use crate::helpers::TestApp;
use crate::pages_document::post_as;
use crate::walk_fixture::account;
use serde_json::{Value, json};

const SAVE: &str = "/lfscada/configuration/template/save";
const QUERY: &str = "/lfscada/configuration/template/query";
const INFO: &str = "/lfscada/configuration/template/info";
const DELETE: &str = "/lfscada/configuration/template/delete";

/// A template of a data text bound by name and a button writing a named signal.
fn faceplate() -> Value {
    json!({ "widgets": [
        { "id": "a", "widgetType": "UsualDataText", "position": { "x": 0, "y": 0, "width": 80, "height": 20, "rotate": 0 },
          "data": { "type": "signal", "title": "Outlet pressure", "signalId": null, "equipId": null, "subTitle": "" } },
        { "id": "b", "widgetType": "UsualButton", "position": { "x": 0, "y": 30, "width": 60, "height": 24, "rotate": 0 },
          "clickEvent": { "enable": true, "config": { "action": "write", "writeType": "fixed", "writeValue": "1",
              "data": { "type": "signal", "title": "Pump start", "signalId": null, "equipId": null } } } },
    ] })
}

async fn save_as(app: &TestApp, client: &reqwest::Client, name: &str, document: &Value) -> crate::helpers::Answer {
    post_as(app, client, SAVE, &[("name", name), ("document", &document.to_string())]).await
}

/// The names `client` lists, by name.
async fn names(app: &TestApp, client: &reqwest::Client) -> Vec<String> {
    let listed = post_as(app, client, QUERY, &[("page", "1"), ("pageSize", "100")]).await;
    assert_eq!(listed.code(), "200", "{:?}", listed.body);
    listed.data()["list"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect()
}

async fn demo_org(app: &TestApp) -> i64 {
    app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id
}

both_backends!(a_template_is_saved_listed_read_and_deleted, Options::default(), |app| {
    app.login_demo().await;
    let saved = save_as(app, &app.client, "  Pump faceplate ", &faceplate()).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let id = saved.data()["id"].to_string();
    assert_eq!(save_as(app, &app.client, "Alpha", &faceplate()).await.code(), "200");

    // Listed by name with what it binds; filtered by name.
    let listed = app.post(QUERY, &[("page", "1"), ("pageSize", "10")]).await;
    assert_eq!(listed.data()["total"], 2);
    let row = &listed.data()["list"][1];
    assert_eq!(row["name"], "Pump faceplate");
    assert_eq!(row["widgets"], 2);
    assert_eq!(row["signals"], json!(["Outlet pressure", "Pump start"]));
    assert_eq!(row["createdBy"], "demo");
    assert!(row["bytes"].as_i64().unwrap() > 100 && row["gmtCreate"].as_i64().unwrap() > 0);
    let found = app.post(QUERY, &[("name", "pump"), ("page", "1"), ("pageSize", "10")]).await;
    assert_eq!(found.data()["total"], 1, "{:?}", found.body);
    let wild = app.post(QUERY, &[("name", "%"), ("page", "1"), ("pageSize", "10")]).await;
    assert_eq!(wild.data()["total"], 0, "a typed % is a character");

    // Read back with its document as saved.
    let info = app.post(INFO, &[("id", &id)]).await;
    assert_eq!(info.code(), "200", "{:?}", info.body);
    assert_eq!(info.data()["name"], "Pump faceplate");
    assert_eq!(info.data()["document"], faceplate());

    // The name is the organisation's: taken, in either language.
    let taken = app.client.post(app.url(SAVE)).header("accept-language", "en");
    let taken = taken.form(&[("name", "Alpha"), ("document", &faceplate().to_string())]).send().await.unwrap();
    let taken = crate::helpers::answer(taken).await;
    assert_eq!((taken.code(), taken.message()), ("1261", "Template name already exists"));

    // Deleted once; then not found.
    assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "200");
    assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "1260");
    assert_eq!(app.post(INFO, &[("id", &id)]).await.code(), "1260");
    assert_eq!(names(app, &app.client).await, ["Alpha"]);
});

both_backends!(a_template_binds_by_name_and_follows_the_page_rules, Options::default(), |app| {
    app.login_demo().await;
    let with = |data: Value| {
        json!({ "widgets": [{ "id": "a", "widgetType": "UsualDataText",
            "position": { "x": 0, "y": 0, "width": 80, "height": 20, "rotate": 0 }, "data": data }] })
    };
    let cases = [
        (with(json!({ "type": "signal", "title": "P", "signalId": 7 })), "widgets[0].data.signalId", "notAllowed"),
        (with(json!({ "type": "signal", "title": "P", "equipId": 1 })), "widgets[0].data.equipId", "notAllowed"),
        (json!({ "widgets": [] }), "widgets", "tooFew"),
        (
            json!({ "widgets": [{ "id": "a", "widgetType": "Nope", "position": { "x": 0, "y": 0, "width": 1, "height": 1 } }] }),
            "widgetType",
            "notWidgetType",
        ),
    ];
    for (document, path, kind) in cases {
        let refused = save_as(app, &app.client, "Bad", &document).await;
        assert_eq!(refused.code(), "1100", "{document}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], "document");
        let reason = refused.data()["reason"].to_string();
        assert!(reason.contains(kind) && reason.contains(path.rsplit('.').next().unwrap()), "{path}: {reason}");
    }
    for (name, code, kind) in
        [("", "1101", "required"), ("  ", "1101", "required"), (&*"长".repeat(31), "1100", "tooLong")]
    {
        let refused = save_as(app, &app.client, name, &faceplate()).await;
        assert_eq!(
            (refused.code(), refused.data()["field"].as_str()),
            (code, Some("name")),
            "{name}: {:?}",
            refused.body
        );
        assert!(refused.data()["reason"].to_string().contains(kind), "{:?}", refused.body);
    }
    let not_json = post_as(app, &app.client, SAVE, &[("name", "X"), ("document", "{not json")]).await;
    assert_eq!((not_json.code(), not_json.data()["field"].as_str()), ("1100", Some("document")));
    assert!(names(app, &app.client).await.is_empty(), "nothing stored");
});

both_backends!(templates_are_the_organisations_and_need_the_manage_permission, Options::default(), |app| {
    app.login_demo().await;
    let org = demo_org(app).await;
    let ours = save_as(app, &app.client, "Ours", &faceplate()).await.data()["id"].to_string();

    // A sub-account limited to granted equipment (none) with the manage permission lists, reads, saves, deletes.
    let limited = account(app, "limited", org, "user", "authorised", &["manage"]).await;
    assert_eq!(names(app, &limited).await, ["Ours"]);
    assert_eq!(post_as(app, &limited, INFO, &[("id", &ours)]).await.code(), "200");
    let theirs = save_as(app, &limited, "Limited's", &faceplate()).await;
    assert_eq!(theirs.code(), "200", "{:?}", theirs.body);
    assert_eq!(post_as(app, &limited, DELETE, &[("id", &theirs.data()["id"].to_string())]).await.code(), "200");
    // It deletes only what it saved: the organisation's others are deleted by whole-organisation accounts.
    assert_eq!(post_as(app, &limited, DELETE, &[("id", &ours)]).await.code(), "1260");
    assert_eq!(names(app, &app.client).await, ["Ours"]);

    // Without the manage permission: nothing, not even the list.
    let reader = account(app, "reader", org, "user", "all", &[]).await;
    assert_eq!(post_as(app, &reader, QUERY, &[]).await.code(), "1011");
    assert_eq!(post_as(app, &reader, INFO, &[("id", &ours)]).await.code(), "1011");
    assert_eq!(save_as(app, &reader, "Reader's", &faceplate()).await.code(), "1011");
    assert_eq!(post_as(app, &reader, DELETE, &[("id", &ours)]).await.code(), "1011");

    // Another organisation: not found, its own list apart, the same name free there.
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &["manage"]).await;
    assert!(names(app, &outsider).await.is_empty());
    assert_eq!(post_as(app, &outsider, INFO, &[("id", &ours)]).await.code(), "1260");
    assert_eq!(post_as(app, &outsider, DELETE, &[("id", &ours)]).await.code(), "1260");
    assert_eq!(save_as(app, &outsider, "Ours", &faceplate()).await.code(), "200");
    assert_eq!(names(app, &app.client).await, ["Ours"]);
    assert_eq!(app.post(INFO, &[("id", &ours)]).await.data()["document"], faceplate());
});

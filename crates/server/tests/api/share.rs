//! Sharing of an equipment: the settings read back, the password rule (at least 4 letters or digits) with the
//! password kept only as a hash, the visitor authority, and isolation between organisations.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use serde_json::json;

const INFO: &str = "/lfscada/equipment/multi/share/info";
const PASSWORD: &str = "/lfscada/equipment/multi/share/editPwd";
const AUTH: &str = "/lfscada/equipment/multi/share/editAuth";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

both_backends!(sharing_settings_are_checked_and_kept, Options::default(), |app| {
    app.login_demo().await;
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].as_i64().unwrap();
    let equip = id.to_string();
    let info = app.post(INFO, &[("equipId", &equip)]).await;
    assert_eq!(info.data(), &json!({"equipId": id, "enabled": false, "hasPassword": false, "auth": "view"}));

    for (password, code) in [("", "1101"), ("ab1", "1100"), ("ab-12", "1100"), ("ab 12", "1100"), ("密码密码", "1100")]
    {
        let refused = app.post(PASSWORD, &[("equipId", &equip), ("password", password)]).await;
        assert_eq!(refused.code(), code, "{password:?}: {:?}", refused.body);
        assert!(refused.message().contains("password"), "{}", refused.message());
    }
    assert_eq!(app.post(INFO, &[("equipId", &equip)]).await.data()["hasPassword"], false, "nothing changed");

    assert_eq!(app.post(PASSWORD, &[("equipId", &equip), ("password", "ab12")]).await.code(), "200");
    let info = app.post(INFO, &[("equipId", &equip)]).await;
    assert_eq!(info.data(), &json!({"equipId": id, "enabled": true, "hasPassword": true, "auth": "view"}));
    assert!(!info.body.to_string().contains("ab12") && !info.body.to_string().contains("argon"), "never the password");

    assert_eq!(app.post(AUTH, &[("equipId", &equip), ("auth", "control")]).await.code(), "200");
    assert_eq!(app.post(INFO, &[("equipId", &equip)]).await.data()["enabled"], true, "absent enabled keeps it on");
    assert_eq!(app.post(AUTH, &[("equipId", &equip), ("auth", "control"), ("enabled", "false")]).await.code(), "200");
    let info = app.post(INFO, &[("equipId", &equip)]).await;
    assert_eq!(info.data(), &json!({"equipId": id, "enabled": false, "hasPassword": true, "auth": "control"}));
    for (form, field, code) in [
        (vec![("equipId", equip.as_str()), ("auth", "admin")], "auth", "1100"),
        (vec![("equipId", equip.as_str())], "auth", "1101"),
        (vec![("equipId", equip.as_str()), ("auth", "view"), ("enabled", "yes")], "enabled", "1100"),
        (vec![("auth", "view")], "equipId", "1101"),
    ] {
        let refused = app.post(AUTH, &form).await;
        assert_eq!(refused.code(), code, "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{form:?}: {}", refused.message());
    }
    assert_eq!(app.post(INFO, &[("equipId", &equip)]).await.data()["auth"], "control", "nothing changed");
    assert_eq!(app.post(INFO, &[("equipId", "999999")]).await.code(), "1214");
    assert_eq!(app.post(PASSWORD, &[("equipId", "999999"), ("password", "abcd")]).await.code(), "1214");

    // A fresh equipment can be shared without a password first.
    let other = app.post("/lfscada/equipment/multi/add", &[("equipName", "Fan")]).await.data()["id"].to_string();
    assert_eq!(app.post(AUTH, &[("equipId", &other), ("auth", "view"), ("enabled", "true")]).await.code(), "200");
    let info = app.post(INFO, &[("equipId", &other)]).await;
    assert_eq!((info.data()["enabled"].as_bool(), info.data()["hasPassword"].as_bool()), (Some(true), Some(false)));
});

both_backends!(sharing_is_isolated_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let equip = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].to_string();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, INFO, &[("equipId", &equip)]).await.code(), "1214");
    assert_eq!(post_as(app, &stranger, PASSWORD, &[("equipId", &equip), ("password", "abcd")]).await.code(), "1214");
    assert_eq!(post_as(app, &stranger, AUTH, &[("equipId", &equip), ("auth", "control")]).await.code(), "1214");
    let info = app.post(INFO, &[("equipId", &equip)]).await;
    assert_eq!((info.data()["hasPassword"].as_bool(), info.data()["auth"].as_str()), (Some(false), Some("view")));

    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, PASSWORD, &[("equipId", &equip), ("password", "abcd")]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, AUTH, &[("equipId", &equip), ("auth", "control")]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, INFO, &[("equipId", &equip)]).await.data()["auth"], "view");
});

//! What the designer keeps around a page's document: a version per save (the newest 20, listed newest first with
//! who saved them, each one's document loadable, for the engineer only), the page password (set and removed by
//! the engineer, asked by the viewer once per session, forgotten when it changes, wrong guesses throttled), copies
//! of a page and the equipment's home page.

use crate::both_backends;
use crate::helpers::{TestApp, answer, browser};
use crate::pages_document::{new_page, post_as};
use serde_json::{Value, json};

const INFO: &str = "/lfscada/configuration/page/info";
const DESIGN: &str = "/lfscada/configuration/page/design";
const SAVE: &str = "/lfscada/configuration/page/save";
const VERSIONS: &str = "/lfscada/configuration/page/versions";
const VERSION: &str = "/lfscada/configuration/page/version";
const SET_PASSWORD: &str = "/lfscada/configuration/page/setPassword";
const VALID_PASSWORD: &str = "/lfscada/configuration/page/validPassword";
const COPY: &str = "/lfscada/configuration/page/copy";
const SET_HOME: &str = "/lfscada/configuration/page/setHome";

/// A page document of `n` rectangles.
fn rectangles(n: usize) -> String {
    let widgets: Vec<Value> = (0..n)
        .map(|i| {
            json!({
                "id": format!("r{i}"),
                "widgetType": "ShapeRect",
                "position": { "x": 10 * i, "y": 20, "width": 100, "height": 40, "rotate": 0 },
            })
        })
        .collect();
    json!({ "widgets": widgets }).to_string()
}

/// The monitor's card of an equipment.
async fn card(app: &TestApp, equipment: &str) -> Value {
    let listed = app.post("/lfscada/monitor/equipment/query", &[]).await;
    let list = listed.data()["list"].as_array().cloned().unwrap_or_default();
    list.into_iter().find(|card| card["id"].as_i64() == equipment.parse().ok()).expect("the equipment's card")
}

/// The equipment's pages as (id, whether it is the home page).
async fn homes(app: &TestApp, equipment: &str) -> Vec<(String, bool)> {
    let listed = app.post("/lfscada/configuration/page/query", &[("equipmentId", equipment)]).await;
    listed.data().as_array().unwrap().iter().map(|p| (p["id"].to_string(), p["home"] == true)).collect()
}

/// A second browser session of the demo user.
async fn second_demo_session(app: &TestApp) -> reqwest::Client {
    let (client, _jar) = browser(&app.base);
    let login = reqwest::Url::parse_with_params(
        &app.url("/lfscada/user/login"),
        &[("loginname", "demo"), ("password", "Demo@12345")],
    )
    .unwrap();
    assert_eq!(answer(client.post(login).send().await.unwrap()).await.code(), "200");
    client
}

both_backends!(each_save_keeps_a_version_and_the_newest_20_are_listed, Options::default(), |app| {
    app.login_demo().await;
    let (_, page) = new_page(app).await;
    let listed = app.post(VERSIONS, &[("id", &page)]).await;
    assert_eq!((listed.code(), listed.data()), ("200", &json!([])), "a new page has no saved version");

    let mut saved = Vec::new();
    for n in 1..=22 {
        let answer = app.post(SAVE, &[("id", &page), ("document", &rectangles(n))]).await;
        assert_eq!(answer.code(), "200", "{:?}", answer.body);
        saved.push(answer.data()["updated"].as_i64().unwrap());
    }
    let listed = app.post(VERSIONS, &[("id", &page)]).await;
    assert_eq!(listed.code(), "200", "{:?}", listed.body);
    let rows = listed.data().as_array().unwrap();
    assert_eq!(rows.len(), 20, "the newest 20 are kept");
    let times: Vec<i64> = rows.iter().map(|row| row["saved"].as_i64().unwrap()).collect();
    let newest_first: Vec<i64> = saved.iter().rev().take(20).copied().collect();
    assert_eq!(times, newest_first);
    assert_eq!(rows[0]["savedBy"], "demo");
    assert_eq!(rows[0]["widgets"], 22);
    assert_eq!(rows[19]["widgets"], 3);
    assert_eq!(rows[0]["bytes"].as_i64().unwrap(), rectangles(22).len() as i64);

    // A kept version's document, as it was saved; one that was dropped, or never was, is "not found".
    let third = app.post(VERSION, &[("id", &page), ("saved", &saved[2].to_string())]).await;
    assert_eq!(third.code(), "200", "{:?}", third.body);
    assert_eq!(third.data()["saved"], saved[2]);
    assert_eq!(third.data()["document"]["widgets"].as_array().map(Vec::len), Some(3));
    let dropped = app.post(VERSION, &[("id", &page), ("saved", &saved[1].to_string())]).await;
    assert_eq!(dropped.code(), "1205", "{:?}", dropped.body);
    assert_eq!(app.post(VERSION, &[("id", &page), ("saved", "12")]).await.code(), "1205");
    let bad = app.post(VERSION, &[("id", &page), ("saved", "yesterday")]).await;
    assert_eq!(bad.code(), "1100", "{:?}", bad.body);
    assert!(bad.message().contains("saved"), "{}", bad.message());

    // The versions go with the page.
    assert_eq!(app.post("/lfscada/configuration/page/delete", &[("id", &page)]).await.code(), "200");
    assert_eq!(app.post(VERSIONS, &[("id", &page)]).await.code(), "1205");
    assert_eq!(app.post(VERSION, &[("id", &page), ("saved", &saved[21].to_string())]).await.code(), "1205");
});

both_backends!(versions_are_the_engineers_of_the_page_only, Options::default(), |app| {
    app.login_demo().await;
    let (_, page) = new_page(app).await;
    let saved = app.post(SAVE, &[("id", &page), ("document", &rectangles(2))]).await;
    let saved = saved.data()["updated"].to_string();
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();

    // Without the manage permission: refused like every change of a page.
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, VERSIONS, &[("id", &page)]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, VERSION, &[("id", &page), ("saved", &saved)]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, DESIGN, &[("id", &page)]).await.code(), "1011");

    // Another organisation's engineer: the page does not exist.
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    assert_ne!(admin.org_id, demo.org_id);
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    for (path, form) in [
        (VERSIONS, vec![("id", page.as_str())]),
        (VERSION, vec![("id", page.as_str()), ("saved", saved.as_str())]),
        (DESIGN, vec![("id", page.as_str())]),
    ] {
        let refused = post_as(app, &stranger, path, &form).await;
        assert_eq!(refused.code(), "1205", "{path}: {:?}", refused.body);
    }
});

both_backends!(a_protected_page_is_shown_only_after_its_password, Options::default(), |app| {
    app.login_demo().await;
    let (equipment, page) = new_page(app).await;
    assert_eq!(app.post(SAVE, &[("id", &page), ("document", &rectangles(1))]).await.code(), "200");

    // The rule is the sharing password's; a bad one changes nothing.
    for bad in ["abc", "with space", "a".repeat(33).as_str()] {
        let refused = app.post(SET_PASSWORD, &[("id", &page), ("password", bad)]).await;
        assert_eq!(refused.code(), "1100", "{bad}: {:?}", refused.body);
        assert!(refused.message().contains("password"), "{}", refused.message());
    }
    assert_eq!(app.post(INFO, &[("id", &page)]).await.data()["protected"], false);
    assert_eq!(app.post(SET_PASSWORD, &[("id", &page), ("password", "Secret1")]).await.code(), "200");

    // The viewer hears that it is protected and gets nothing of it; the list and the designer still show it.
    let locked = app.post(INFO, &[("id", &page)]).await;
    assert_eq!(locked.code(), "1240", "{:?}", locked.body);
    assert!(locked.body.get("data").is_none_or(Value::is_null), "{:?}", locked.body);
    let listed = app.post("/lfscada/configuration/page/query", &[("equipmentId", &equipment)]).await;
    assert_eq!(listed.data()[0]["protected"], true);
    let designed = app.post(DESIGN, &[("id", &page)]).await;
    assert_eq!(designed.code(), "200", "{:?}", designed.body);
    assert_eq!(designed.data()["document"]["widgets"][0]["id"], "r0");
    assert_eq!(designed.data()["protected"], true);

    // A wrong password is told; the right one opens the page for this session, not for another one.
    let wrong = app.post(VALID_PASSWORD, &[("id", &page), ("password", "secret1")]).await;
    assert_eq!(wrong.code(), "1241", "{:?}", wrong.body);
    assert_eq!(app.post(VALID_PASSWORD, &[("id", &page), ("password", "")]).await.code(), "1101", "missing");
    assert_eq!(app.post(VALID_PASSWORD, &[("id", &page), ("password", "Secret1")]).await.code(), "200");
    let opened = app.post(INFO, &[("id", &page)]).await;
    assert_eq!(opened.code(), "200", "{:?}", opened.body);
    assert_eq!(opened.data()["document"]["widgets"][0]["id"], "r0");
    let other_session = second_demo_session(app).await;
    assert_eq!(post_as(app, &other_session, INFO, &[("id", &page)]).await.code(), "1240");

    // A new password is asked again of everyone; removed, the page opens for all.
    assert_eq!(app.post(SET_PASSWORD, &[("id", &page), ("password", "Other22")]).await.code(), "200");
    assert_eq!(app.post(INFO, &[("id", &page)]).await.code(), "1240");
    assert_eq!(app.post(VALID_PASSWORD, &[("id", &page), ("password", "Secret1")]).await.code(), "1241");
    assert_eq!(app.post(SET_PASSWORD, &[("id", &page), ("password", "")]).await.code(), "200");
    assert_eq!(post_as(app, &other_session, INFO, &[("id", &page)]).await.code(), "200");
    let open = post_as(app, &other_session, VALID_PASSWORD, &[("id", &page), ("password", "anything")]).await;
    assert_eq!(open.code(), "200", "a page without a password needs none: {:?}", open.body);
});

both_backends!(page_password_guesses_are_throttled_and_it_is_the_engineers_to_set, Options::default(), |app| {
    app.login_demo().await;
    let (_, page) = new_page(app).await;
    assert_eq!(app.post(SET_PASSWORD, &[("id", &page), ("password", "Secret1")]).await.code(), "200");
    for _ in 0..5 {
        assert_eq!(app.post(VALID_PASSWORD, &[("id", &page), ("password", "guess")]).await.code(), "1241");
    }
    let throttled = app.post(VALID_PASSWORD, &[("id", &page), ("password", "Secret1")]).await;
    assert_eq!(throttled.code(), "1007", "even the right password waits once throttled: {:?}", throttled.body);
    assert_eq!(app.post(INFO, &[("id", &page)]).await.code(), "1240");

    // Another user of the organisation has guesses of their own; without the manage permission they cannot set it.
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, VALID_PASSWORD, &[("id", &page), ("password", "Secret1")]).await.code(), "200");
    assert_eq!(post_as(app, &viewer, INFO, &[("id", &page)]).await.code(), "200");
    assert_eq!(post_as(app, &viewer, SET_PASSWORD, &[("id", &page), ("password", "")]).await.code(), "1011");

    // Another organisation's user: the page does not exist, whatever the password.
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    assert_ne!(admin.org_id, demo.org_id);
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, VALID_PASSWORD, &[("id", &page), ("password", "Secret1")]).await.code(), "1205");
    assert_eq!(post_as(app, &stranger, SET_PASSWORD, &[("id", &page), ("password", "")]).await.code(), "1205");
    assert_eq!(app.post(INFO, &[("id", &page)]).await.code(), "1240", "the stranger removed nothing");
});

both_backends!(a_page_is_copied_whole_and_one_page_is_the_home_the_monitor_opens, Options::default(), |app| {
    app.login_demo().await;
    let (equipment, first) = new_page(app).await;
    assert_eq!(app.post(SAVE, &[("id", &first), ("document", &rectangles(3))]).await.code(), "200");
    assert_eq!(app.post(SET_PASSWORD, &[("id", &first), ("password", "Secret1")]).await.code(), "200");
    assert_eq!(card(app, &equipment).await["homePageId"].to_string(), first, "the first page until one is chosen");

    // A copy: the same document, canvas and password, under its own title; a bad title changes nothing.
    let bad = app.post(COPY, &[("id", &first), ("title", "  ")]).await;
    assert_eq!(bad.code(), "1101", "{:?}", bad.body);
    let copied = app.post(COPY, &[("id", &first), ("title", "Overview (copy)")]).await;
    assert_eq!(copied.code(), "200", "{:?}", copied.body);
    let copy = copied.data()["id"].to_string();
    let original = app.post(DESIGN, &[("id", &first)]).await;
    let duplicate = app.post(DESIGN, &[("id", &copy)]).await;
    assert_eq!(duplicate.data()["document"], original.data()["document"]);
    assert_eq!(duplicate.data()["title"], "Overview (copy)");
    assert_eq!(duplicate.data()["protected"], true);
    assert_eq!(app.post(VERSIONS, &[("id", &copy)]).await.data(), &json!([]));

    // The home page: marked in the list, opened by the monitor; a deleted home page falls back to the first.
    assert_eq!(homes(app, &equipment).await, vec![(first.clone(), true), (copy.clone(), false)]);
    assert_eq!(app.post(SET_HOME, &[("id", &copy)]).await.code(), "200");
    assert_eq!(homes(app, &equipment).await, vec![(first.clone(), false), (copy.clone(), true)]);
    assert_eq!(card(app, &equipment).await["homePageId"].to_string(), copy);
    assert_eq!(app.post("/lfscada/configuration/page/delete", &[("id", &copy)]).await.code(), "200");
    assert_eq!(homes(app, &equipment).await, vec![(first.clone(), true)]);
    assert_eq!(card(app, &equipment).await["homePageId"].to_string(), first);

    // Another organisation's engineer copies nothing and moves no home page.
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(post_as(app, &stranger, COPY, &[("id", &first), ("title", "Mine")]).await.code(), "1205");
    assert_eq!(post_as(app, &stranger, SET_HOME, &[("id", &first)]).await.code(), "1205");
    assert_eq!(homes(app, &equipment).await, vec![(first.clone(), true)]);
});

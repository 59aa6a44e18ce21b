//! External pages (docs/frame.md): the organisation's list of sites the console frames under Manage. The
//! administrator lists, adds, changes and deletes them; a manager who is not an administrator lists them only; an
//! account without `manage` does not even list them; another organisation's entries are "not found" (1362); the
//! 21st entry is refused (1363); bad addresses and titles are refused naming the field, nothing stored. The
//! console's page (`index.html`) names exactly the caller's organisation's origins in its `frame-src`.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use serde_json::{Value, json};

const LIST: &str = "/lfscada/system/frame/list";
const SAVE: &str = "/lfscada/system/frame/save";
const DELETE: &str = "/lfscada/system/frame/delete";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

/// The caller's list as `[{id, title, url}]`.
async fn listed(app: &TestApp, client: &reqwest::Client) -> Value {
    let list = post_as(app, client, LIST, &[]).await;
    assert_eq!(list.code(), "200", "{:?}", list.body);
    list.data().clone()
}

async fn add(app: &TestApp, client: &reqwest::Client, title: &str, url: &str) -> String {
    let added = post_as(app, client, SAVE, &[("title", title), ("url", url)]).await;
    assert_eq!(added.code(), "200", "{title} {url}: {:?}", added.body);
    added.data()["id"].to_string()
}

/// The Content-Security-Policy of the console's page as `client` is served it.
async fn console_policy(app: &TestApp, client: &reqwest::Client) -> String {
    let response = client.get(app.url("/manage/frame/1")).send().await.unwrap();
    let policies: Vec<&str> =
        response.headers().get_all("content-security-policy").iter().map(|v| v.to_str().unwrap()).collect();
    assert_eq!(policies.len(), 1, "one policy, not the default beside it: {policies:?}");
    policies[0].to_owned()
}

both_backends!(administrators_list_add_change_and_delete, Options::default(), |app| {
    app.login_demo().await;
    let client = &app.client;
    assert_eq!(listed(app, client).await, json!([]));
    let energy = add(app, client, " 能源看板 ", "HTTPS://Energy.Example.com:443/board?line=2#top").await;
    let video = add(app, client, "Video wall", "http://10.1.2.3:8080/wall").await;
    let (energy_id, video_id): (i64, i64) = (energy.parse().unwrap(), video.parse().unwrap());
    assert_eq!(
        listed(app, client).await,
        json!([
            // Trimmed, and the address as the parser writes it: what the frame loads is what the policy names.
            { "id": energy_id, "title": "能源看板", "url": "https://energy.example.com/board?line=2#top" },
            { "id": video_id, "title": "Video wall", "url": "http://10.1.2.3:8080/wall" },
        ])
    );

    let edit = [("id", energy.as_str()), ("title", "Energy"), ("url", "https://energy.example.com/v2")];
    let edited = post_as(app, client, SAVE, &edit).await;
    assert_eq!((edited.code(), edited.data()), ("200", &Value::Null), "{:?}", edited.body);
    assert_eq!(
        listed(app, client).await[0],
        json!({ "id": energy_id, "title": "Energy", "url": "https://energy.example.com/v2" })
    );

    assert_eq!(post_as(app, client, DELETE, &[("id", &video)]).await.code(), "200");
    assert_eq!(post_as(app, client, DELETE, &[("id", &video)]).await.code(), "1362", "already gone");
    assert_eq!(
        post_as(app, client, SAVE, &[("id", &video), ("title", "x"), ("url", "https://x.example/")]).await.code(),
        "1362"
    );
    assert_eq!(listed(app, client).await.as_array().unwrap().len(), 1);
    for bad_id in ["abc", "-1", "0"] {
        let refused =
            post_as(app, client, SAVE, &[("id", bad_id), ("title", "x"), ("url", "https://x.example/")]).await;
        assert_eq!((refused.code(), &refused.data()["field"]), ("1100", &json!("id")), "{bad_id}: {:?}", refused.body);
        let refused = post_as(app, client, DELETE, &[("id", bad_id)]).await;
        assert!(matches!(refused.code(), "1100" | "1362"), "{bad_id}: {:?}", refused.body);
    }
    assert_eq!(post_as(app, client, DELETE, &[]).await.code(), "1101");
    assert_eq!(listed(app, client).await.as_array().unwrap().len(), 1, "nothing changed by the refusals");

    // Each change is in the operation log, naming the entry.
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let log = app.store.operations_by_user(demo.id, 1, 100).await.unwrap().list;
    let changed = |action: &str, id: &str| log.iter().any(|op| op.action == action && op.object_id == id);
    assert!(changed("system.frame.save", &energy) && changed("system.frame.delete", &video), "{log:?}");
});

both_backends!(
    managers_list_others_are_refused_and_other_organisations_entries_are_not_found,
    Options::default(),
    |app| {
        app.login_demo().await;
        let ours = add(app, &app.client, "Board", "https://board.example/").await;
        let org_id = app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id;
        let before = listed(app, &app.client).await;

        // A manager who is not an administrator lists them (the Manage menu shows them) but changes nothing.
        let manager = app.browser_as_new_user("manager", org_id, &["manage"]).await;
        assert_eq!(listed(app, &manager).await, before);
        let form = [("id", ours.as_str()), ("title", "Mine"), ("url", "https://evil.example/")];
        assert_eq!(post_as(app, &manager, SAVE, &form).await.code(), "1011");
        assert_eq!(post_as(app, &manager, SAVE, &form[1..]).await.code(), "1011");
        assert_eq!(post_as(app, &manager, DELETE, &[("id", &ours)]).await.code(), "1011");
        // A sub-account limited to some equipment lists them too: they reach no equipment.
        let limited = crate::walk_fixture::account(app, "limited", org_id, "user", "authorised", &["manage"]).await;
        assert_eq!(listed(app, &limited).await, before);
        // Without manage: not even the list.
        let operator = app.browser_as_new_user("operator", org_id, &["monitor_write_data"]).await;
        assert_eq!(post_as(app, &operator, LIST, &[]).await.code(), "1011");
        assert_eq!(post_as(app, &operator, SAVE, &form[1..]).await.code(), "1011");

        // Another organisation's administrator: our entry is not found, whatever the call; its list is its own.
        let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
        let outsider = app.browser_as_new_admin("outsider", elsewhere).await;
        assert_eq!(listed(app, &outsider).await, json!([]));
        assert_eq!(post_as(app, &outsider, SAVE, &form).await.code(), "1362");
        assert_eq!(post_as(app, &outsider, DELETE, &[("id", &ours)]).await.code(), "1362");
        let theirs = add(app, &outsider, "Theirs", "https://theirs.example/").await;
        assert_eq!(post_as(app, &app.client, DELETE, &[("id", &theirs)]).await.code(), "1362");
        assert_eq!(listed(app, &app.client).await, before, "nothing of ours changed");
        assert_eq!(listed(app, &outsider).await.as_array().unwrap().len(), 1, "nothing of theirs changed");
        // Unauthenticated: 1010.
        let (stranger, _jar) = crate::helpers::browser(&app.base);
        assert_eq!(post_as(app, &stranger, LIST, &[]).await.code(), "1010");
    }
);

both_backends!(at_most_twenty_and_bad_input_is_refused_naming_the_field, Options::default(), |app| {
    app.login_demo().await;
    let client = &app.client;
    let mut ids = Vec::new();
    for i in 1..=20 {
        ids.push(add(app, client, &format!("Page {i}"), &format!("https://p{i}.example/")).await);
    }
    let refused = answer(
        client
            .post(app.url(SAVE))
            .header("accept-language", "en")
            .form(&[("title", "21"), ("url", "https://p21.example/")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(refused.code(), "1363", "{:?}", refused.body);
    assert!(refused.message().contains("20"), "{}", refused.message());
    assert_eq!(listed(app, client).await.as_array().unwrap().len(), 20);
    // Changing one of the twenty is still allowed; after a deletion one more fits.
    let edit = [("id", ids[0].as_str()), ("title", "Page one"), ("url", "https://p1.example/one")];
    assert_eq!(post_as(app, client, SAVE, &edit).await.code(), "200");
    assert_eq!(post_as(app, client, DELETE, &[("id", &ids[19])]).await.code(), "200");
    ids.pop();
    add(app, client, "Page 21", "https://p21.example/").await;
    let before = listed(app, client).await;

    let long_url = format!("https://x.example/{}", "a".repeat(500));
    let long_title = "长".repeat(31);
    for (field, value, code) in [
        ("url", "javascript:alert(1)", "1100"),
        ("url", "data:text/html,<script>alert(1)</script>", "1100"),
        ("url", "ftp://files.example/", "1100"),
        ("url", "http://", "1100"),
        ("url", "/manage/frame/1", "1100"),
        ("url", "https://user:pass@x.example/", "1100"),
        ("url", "https://user@x.example/", "1100"),
        ("url", "https://a;script-src*.example/", "1100"),
        ("url", "https://[::1]/", "1100"),
        ("url", long_url.as_str(), "1100"),
        ("url", "", "1101"),
        ("title", "", "1101"),
        ("title", "   ", "1101"),
        ("title", long_title.as_str(), "1100"),
        ("title", "a\u{1}b", "1100"),
    ] {
        let mut form = vec![("title", "Fine"), ("url", "https://fine.example/")];
        form.retain(|(name, _)| *name != field);
        form.push((field, value));
        // Refused as an addition (though the list is full, the field is judged first) and as a change.
        let forms = [form.clone(), [form.as_slice(), &[("id", ids[0].as_str())]].concat()];
        for form in forms {
            let refused = post_as(app, client, SAVE, &form).await;
            assert_eq!(
                (refused.code(), &refused.data()["field"]),
                (code, &json!(field)),
                "{field}={value} {form:?}: {:?}",
                refused.body
            );
        }
    }
    assert_eq!(listed(app, client).await, before, "nothing stored");
});

both_backends!(the_console_page_frames_exactly_the_callers_organisations_origins, Options::default(), |app| {
    // Without a session: only the console itself.
    let (stranger, _jar) = crate::helpers::browser(&app.base);
    assert_eq!(console_policy(app, &stranger).await, "frame-ancestors 'self'; frame-src 'self'");

    app.login_demo().await;
    assert_eq!(console_policy(app, &app.client).await, "frame-ancestors 'self'; frame-src 'self'", "no pages yet");
    add(app, &app.client, "Energy", "https://Energy.Example.com/board?x=1").await;
    add(app, &app.client, "Energy 2", "https://energy.example.com/other").await;
    add(app, &app.client, "Wall", "http://10.1.2.3:8080/wall").await;
    add(app, &app.client, "中国", "https://中国.example/").await;
    let ours = "frame-ancestors 'self'; frame-src 'self' https://energy.example.com http://10.1.2.3:8080 https://xn--fiqs8s.example";
    assert_eq!(console_policy(app, &app.client).await, ours);
    // Every console route, and index.html by its own name.
    for path in ["/monitor/eg/list", "/index.html", "/login"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.headers()["content-security-policy"], ours, "{path}");
        assert_eq!(response.headers()["x-frame-options"], "SAMEORIGIN", "{path}");
    }
    // API answers keep the default: nobody frames them, and they frame nothing.
    let api = app.client.post(app.url(LIST)).send().await.unwrap();
    assert_eq!(api.headers()["content-security-policy"], "frame-ancestors 'self'");

    // Another organisation's administrator gets its own origins, never ours.
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = app.browser_as_new_admin("outsider", elsewhere).await;
    assert_eq!(console_policy(app, &outsider).await, "frame-ancestors 'self'; frame-src 'self'");
    add(app, &outsider, "Theirs", "https://theirs.example:8443/").await;
    assert_eq!(
        console_policy(app, &outsider).await,
        "frame-ancestors 'self'; frame-src 'self' https://theirs.example:8443"
    );
    assert_eq!(console_policy(app, &app.client).await, ours);

    // An account of ours without manage (which the frame screens need) frames nothing; a manager frames ours.
    let org_id = app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id;
    let operator = app.browser_as_new_user("operator", org_id, &["monitor_write_data"]).await;
    assert_eq!(console_policy(app, &operator).await, "frame-ancestors 'self'; frame-src 'self'");
    let manager = app.browser_as_new_user("manager", org_id, &["manage"]).await;
    assert_eq!(console_policy(app, &manager).await, ours);

    // After logout the session is lost: only the console itself again.
    assert_eq!(app.post("/lfscada/user/logout", &[]).await.code(), "200");
    assert_eq!(console_policy(app, &app.client).await, "frame-ancestors 'self'; frame-src 'self'");
});

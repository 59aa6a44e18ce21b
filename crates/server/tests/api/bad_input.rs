//! Bad input: every call receives malformed bodies, wrong types, over-long fields, invalid UTF-8 and SQL
//! metacharacters. Each answers a code and a message, never a 5xx, and nothing is written.

use crate::both_backends;
use ironsight::routes::table;
use reqwest::Method;

/// Bodies no call accepts as they are, with the content type they claim.
fn malformed_bodies() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("application/json", b"{not json".to_vec()),
        ("application/json", b"[1,2,3]".to_vec()),
        ("application/x-www-form-urlencoded", b"content=%FF%FE%FD&config=%C0%AF".to_vec()),
        ("text/xml", b"<content>hello world again</content>".to_vec()),
        ("application/x-www-form-urlencoded", b"a.b.c.d.e.f.g.h.i.j=1".to_vec()),
    ]
}

/// Well-formed bodies with wrong types, huge values and SQL metacharacters.
fn hostile_json_bodies() -> Vec<String> {
    let long = "x".repeat(10_000);
    vec![
        r#"{"content": {"nested": 1}, "config": 5, "objectId": [1], "page": "one", "pageSize": -1, "loginname": {"a": 1}}"#.into(),
        r#"{"content": "';--", "objectId": "1 OR 1=1", "objectType": "user' --", "config": "'); DELETE FROM users; --"}"#.into(),
        format!(r#"{{"content": "{long}", "objectId": "{long}", "objectType": "{long}", "loginname": "{long}", "password": "{long}"}}"#),
        r#"{"page": 1e400, "pageSize": 1.5, "objectId": null, "content": null, "config": null}"#.into(),
    ]
}

both_backends!(every_call_answers_bad_input_with_a_code, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    app.post("/lfscada/user/config/save", &[("config.keep", "me")]).await;
    let config_before = app.store.user_config(demo.id).await.unwrap();
    let users_before = app.store.user_count().await.unwrap();

    for route in table() {
        // Logging out would end the session the rest of the loop needs; it reads no parameters anyway. The
        // OpenAPI document is not an envelope and reads nothing.
        if route.action == "user.logout" || route.action == "meta.openapi" {
            continue;
        }
        let method = Method::from_bytes(route.method.as_str().as_bytes()).unwrap();
        // (content type, body, must be refused): malformed bodies are refused by every call that reads
        // parameters; hostile but well-formed ones may be valid for some calls (a search for "1 OR 1=1" finds
        // nothing) and must simply never break anything.
        let mut requests: Vec<(String, Vec<u8>, bool)> =
            malformed_bodies().into_iter().map(|(t, b)| (t.to_owned(), b, true)).collect();
        requests
            .extend(hostile_json_bodies().into_iter().map(|b| ("application/json".to_owned(), b.into_bytes(), false)));
        requests.push(("application/x-www-form-urlencoded".into(), vec![b'a'; 2 * 1024 * 1024], true));
        for (content_type, body, must_refuse) in requests {
            let sent = app
                .client
                .request(method.clone(), app.url(route.path))
                .header("content-type", &content_type)
                .body(body.clone())
                .send()
                .await
                .unwrap();
            let reply = answer(sent).await;
            assert!(
                reply.status.as_u16() < 500,
                "{} answered {} to {content_type} {:?}",
                route.path,
                reply.status,
                String::from_utf8_lossy(&body[..body.len().min(80)])
            );
            assert!(!reply.message().is_empty(), "{} gave no message", route.path);
            if must_refuse && route.mutating() && !route.params.is_empty() {
                assert_ne!(
                    reply.code(),
                    "200",
                    "{} accepted {content_type} {:?}",
                    route.path,
                    String::from_utf8_lossy(&body[..body.len().min(80)])
                );
            }
        }
    }
    assert_eq!(app.store.feedback_count(demo.id).await.unwrap(), 0, "no feedback written");
    assert_eq!(app.store.user_config(demo.id).await.unwrap(), config_before, "settings unchanged");
    assert_eq!(app.store.user_count().await.unwrap(), users_before);
    assert_eq!(app.get("/lfscada/user/info?t=1").await.code(), "200", "still logged in, tables intact");

    // SQL metacharacters inside a valid value are data: stored and returned verbatim.
    let sneaky = r#"{"note":"'); DELETE FROM users; --"}"#;
    assert_eq!(app.post("/lfscada/user/config/save", &[("config", sneaky)]).await.code(), "200");
    assert_eq!(app.post("/lfscada/user/config/query", &[]).await.data()["note"], "'); DELETE FROM users; --");
    assert_eq!(app.store.user_count().await.unwrap(), users_before);
});

both_backends!(malformed_bodies_get_precise_codes, Options::default(), |app| {
    app.login_demo().await;
    let send = |content_type: &'static str, body: Vec<u8>| async move {
        answer(
            app.client
                .post(app.url("/lfscada/feedback/add"))
                .header("content-type", content_type)
                .header("accept-language", "en")
                .body(body)
                .send()
                .await
                .unwrap(),
        )
        .await
    };
    let bad_json = send("application/json", b"{oops".to_vec()).await;
    assert_eq!((bad_json.status.as_u16(), bad_json.code()), (400, "1102"));
    assert!(bad_json.message().contains("JSON"), "{}", bad_json.message());
    let bad_utf8 = send("application/x-www-form-urlencoded", b"content=%FF%FF%FF%FF%FF%FF%FF%FF%FF%FF".to_vec()).await;
    assert_eq!(bad_utf8.code(), "1102");
    assert!(bad_utf8.message().contains("UTF-8"));
    let too_large = send("application/x-www-form-urlencoded", vec![b'a'; 1024 * 1024 + 1]).await;
    assert_eq!((too_large.status.as_u16(), too_large.code()), (413, "1103"));
    let wrong_type = send("application/json", br#"{"content": ["a list", "of things"]}"#.to_vec()).await;
    assert_eq!(wrong_type.code(), "1100");
    assert!(wrong_type.message().contains("content"), "names the field: {}", wrong_type.message());
    let too_long = send("application/json", format!(r#"{{"content": "{}"}}"#, "y".repeat(2001)).into_bytes()).await;
    assert_eq!(too_long.code(), "1100");
    assert!(too_long.message().contains("2000"));
});

both_backends!(a_refused_field_is_named_in_the_data, Options::default(), |app| {
    app.login_demo().await;
    let missing = app.post("/lfscada/equipment/multi/add", &[]).await;
    assert_eq!(missing.code(), "1101");
    assert_eq!(missing.data(), &serde_json::json!({ "field": "equipName", "reason": { "kind": "required" } }));

    let long = "x".repeat(200);
    let too_long = app.post("/lfscada/equipment/multi/add", &[("equipName", long.as_str())]).await;
    assert_eq!(too_long.code(), "1100");
    assert_eq!(too_long.data()["field"], "equipName");
    assert_eq!(too_long.data()["reason"]["kind"], "tooLong", "{:?}", too_long.body);
    assert!(too_long.data()["reason"]["args"]["max"].as_u64().is_some());
    assert!(too_long.message().contains("equipName"), "the message still says it: {}", too_long.message());
});

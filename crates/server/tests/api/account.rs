//! The account area (docs/account.md): the caller's own basic profile, avatar and operation log. Every account
//! edits only itself, sub-accounts included; avatars are the spec's types under 100K, SVG with drawing content
//! only, served to the same organisation only.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use crate::images::{BOUNDARY, PNG, multipart};
use serde_json::json;

const AVATAR: &str = "/lfscada/user/avatar/upload";

async fn upload_avatar(app: &TestApp, client: &reqwest::Client, file_name: &str, bytes: &[u8]) -> Answer {
    let request = client
        .post(app.url(AVATAR))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .header("accept-language", "en")
        .body(multipart(&[], Some(("file", file_name, bytes))));
    answer(request.send().await.unwrap()).await
}

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

/// A 16×16 icon's header and directory entry (the image data is not looked at).
fn icon() -> Vec<u8> {
    let mut bytes = vec![0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 4, 0, 0, 0, 22, 0, 0, 0];
    bytes.extend_from_slice(&[0; 4]);
    bytes
}

both_backends!(profile_is_saved_whole_or_not_at_all, Options::default(), |app| {
    app.login_demo().await;
    let empty = app.post("/lfscada/user/profile/query", &[]).await;
    assert_eq!(empty.code(), "200");
    assert_eq!(
        empty.data(),
        &json!({ "loginname": "demo", "realName": "", "contact": "", "department": "", "tel": empty.data()["tel"],
                 "email": empty.data()["email"], "avatar": "" })
    );
    let form =
        [("realName", " 王工 "), ("contact", "值班室 021-5555"), ("department", "运行部"), ("tel", "138 0000 1111")];
    assert_eq!(app.post("/lfscada/user/profile/save", &form).await.code(), "200");
    let saved = app.post("/lfscada/user/profile/query", &[]).await;
    assert_eq!(saved.data()["realName"], "王工", "trimmed");
    assert_eq!(saved.data()["department"], "运行部");
    assert_eq!(saved.data()["tel"], "138 0000 1111");
    assert_eq!(app.get("/lfscada/user/info").await.data()["tel"], "138 0000 1111", "the account's own phone");

    // Bad input: the field named, nothing saved (not even the good fields beside it).
    for (field, value, code) in [
        ("realName", "一二三四五六七", "1100"),
        ("department", &"x".repeat(61), "1100"),
        ("contact", "a\u{7}b", "1100"),
        ("tel", "call me", "1100"),
    ] {
        let refused = app.post("/lfscada/user/profile/save", &[("realName", "李工"), (field, value)]).await;
        assert_eq!(refused.code(), code, "{field}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], field);
    }
    assert_eq!(app.post("/lfscada/user/profile/query", &[]).await.data(), saved.data(), "unchanged");

    // Without tel the phone number stays.
    assert_eq!(app.post("/lfscada/user/profile/save", &[("realName", "王工")]).await.code(), "200");
    let kept = app.post("/lfscada/user/profile/query", &[]).await;
    assert_eq!((kept.data()["tel"].as_str(), kept.data()["department"].as_str()), (Some("138 0000 1111"), Some("")));
});

both_backends!(each_account_edits_only_its_own_profile, Options::default(), |app| {
    app.login_demo().await;
    let org_id = app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id;
    // A sub-account without any permission edits its own profile (docs/account.md), and only its own.
    let plain = app.browser_as_new_user("plain", org_id, &[]).await;
    assert_eq!(post_as(app, &plain, "/lfscada/user/profile/save", &[("realName", "小张")]).await.code(), "200");
    assert_eq!(post_as(app, &plain, "/lfscada/user/profile/query", &[]).await.data()["realName"], "小张");
    assert_eq!(
        app.post("/lfscada/user/profile/query", &[]).await.data()["realName"],
        "",
        "the administrator's untouched"
    );
    // Another organisation's account: its own profile, nothing of this one.
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = app.browser_as_new_user("outsider", elsewhere, &["manage"]).await;
    let theirs = post_as(app, &outsider, "/lfscada/user/profile/query", &[]).await;
    assert_eq!((theirs.data()["loginname"].as_str(), theirs.data()["realName"].as_str()), (Some("outsider"), Some("")));
    // Not signed in: 1010.
    let (stranger, _) = crate::helpers::browser(&app.base);
    assert_eq!(post_as(app, &stranger, "/lfscada/user/profile/save", &[("realName", "x")]).await.code(), "1010");
    assert_eq!(upload_avatar(app, &stranger, "a.png", PNG).await.code(), "1010");
});

both_backends!(avatars_are_the_spec_types_under_100k_and_seen_by_colleagues_only, Options::default(), |app| {
    app.login_demo().await;
    let client = app.client.clone();
    let png = upload_avatar(app, &client, "me.png", PNG).await;
    assert_eq!(png.code(), "200", "{:?}", png.body);
    let first = png.data()["avatar"].as_str().unwrap().to_owned();
    assert!(first.starts_with("/userimg/") && first.ends_with(".png"), "{first}");
    assert_eq!(app.post("/lfscada/user/profile/query", &[]).await.data()["avatar"], first.as_str());
    assert_eq!(client.get(app.url(&first)).send().await.unwrap().status(), 200);

    // Refused, each naming the file, the avatar unchanged.
    let big = [PNG, &vec![0u8; 100 * 1024]].concat();
    let script = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
    let handler = br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>"#;
    let webp = b"RIFF\x10\0\0\0WEBPVP8 \0\0\0\0";
    for (name, bytes) in [
        ("big.png", big.as_slice()),
        ("x.svg", script.as_slice()),
        ("y.svg", handler.as_slice()),
        ("z.webp", webp.as_slice()),
        ("notes.txt", b"just some text".as_slice()),
        ("me.gif", PNG),
        ("empty.png", b"".as_slice()),
    ] {
        let refused = upload_avatar(app, &client, name, bytes).await;
        let code = if bytes.is_empty() { "1101" } else { "1100" };
        assert_eq!(refused.code(), code, "{name}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], "file", "{name}");
    }
    assert_eq!(app.post("/lfscada/user/profile/query", &[]).await.data()["avatar"], first.as_str(), "unchanged");

    // An icon and a clean SVG are taken; the replaced file is gone.
    let ico = upload_avatar(app, &client, "me.ico", &icon()).await;
    assert_eq!(ico.code(), "200", "{:?}", ico.body);
    let ico_path = ico.data()["avatar"].as_str().unwrap().to_owned();
    assert!(ico_path.ends_with(".ico"));
    let served = client.get(app.url(&ico_path)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/x-icon");
    assert_eq!(served.headers()["content-security-policy"], "sandbox");
    assert_eq!(client.get(app.url(&first)).send().await.unwrap().status(), 404, "the replaced avatar is removed");
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><circle r="4" fill="teal"/></svg>"#;
    let drawn = upload_avatar(app, &client, "me.svg", svg).await;
    assert_eq!(drawn.code(), "200", "{:?}", drawn.body);
    let avatar = drawn.data()["avatar"].as_str().unwrap().to_owned();

    // A colleague sees it (the header of a shared console, the log's names); another organisation never does.
    let org_id = app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id;
    let colleague = app.browser_as_new_user("colleague", org_id, &[]).await;
    assert_eq!(colleague.get(app.url(&avatar)).send().await.unwrap().status(), 200);
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = app.browser_as_new_user("outsider", elsewhere, &["manage"]).await;
    assert_eq!(outsider.get(app.url(&avatar)).send().await.unwrap().status(), 404);
});

both_backends!(the_own_log_lists_only_the_callers_operations, Options::default(), |app| {
    app.login_demo().await;
    let org_id = app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id;
    let other = app.browser_as_new_user("other", org_id, &[]).await;
    assert_eq!(post_as(app, &other, "/lfscada/user/config/save", &[("config.a", "1")]).await.code(), "200");
    assert_eq!(app.post("/lfscada/user/profile/save", &[("realName", "王工")]).await.code(), "200");

    let mine = app.post("/lfscada/user/operationlog/queryMine", &[("pageSize", "1")]).await;
    assert_eq!(mine.code(), "200");
    assert_eq!(mine.data()["total"], 2, "login and the profile save: {:?}", mine.body);
    let newest = &mine.data()["list"][0];
    assert_eq!((newest["action"].as_str(), newest["loginname"].as_str()), (Some("user.profile.save"), Some("demo")));
    // Every POST is recorded, the reading of the log too: now the query is the newest of three.
    let second = app.post("/lfscada/user/operationlog/queryMine", &[("pageSize", "1"), ("page", "3")]).await;
    assert_eq!(second.data()["total"], 3);
    assert_eq!(second.data()["list"][0]["action"], "user.login");

    let theirs = post_as(app, &other, "/lfscada/user/operationlog/queryMine", &[]).await;
    let actions: Vec<&str> =
        theirs.data()["list"].as_array().unwrap().iter().map(|o| o["action"].as_str().unwrap()).collect();
    assert_eq!(actions, vec!["user.config.save", "user.login"]);

    let bad = app.post("/lfscada/user/operationlog/queryMine", &[("pageSize", "1000")]).await;
    assert_eq!(bad.code(), "1100");
});

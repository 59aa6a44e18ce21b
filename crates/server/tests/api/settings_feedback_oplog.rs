//! Theme, user settings, feedback, operation log, unread count.

use crate::both_backends;
use ironsight_store::messages::NewMessage;
use serde_json::json;

both_backends!(theme_follows_the_organisation, Options::default(), |app| {
    let before = app.post("/org/StyleAction!loadStyle.action", &[]).await;
    assert_eq!(before.data(), &json!({ "title": "Ironsight", "faviconIco": "" }));
    app.login_demo().await;
    let after = app.post("/org/StyleAction!loadStyle.action", &[]).await;
    assert_eq!(after.data()["title"], "Ironsight 演示水厂", "the demo site, in the default language");
});

both_backends!(user_config_round_trips, Options::default(), |app| {
    app.login_demo().await;
    assert_eq!(app.post("/lfscada/user/config/query", &[]).await.data(), &json!({}));
    let saved = app.post("/lfscada/user/config/save", &[("config.designer.grid", "true"), ("config.lang", "en")]).await;
    assert_eq!(saved.code(), "200");
    assert_eq!(
        app.post("/lfscada/user/config/query", &[]).await.data(),
        &json!({ "designer": { "grid": "true" }, "lang": "en" })
    );

    let as_json_text =
        app.post("/lfscada/user/config/save", &[("config", r#"{"autoSave":false,"saveInterval":5}"#)]).await;
    assert_eq!(as_json_text.code(), "200");
    assert_eq!(
        app.post("/lfscada/user/config/query", &[]).await.data(),
        &json!({ "autoSave": false, "saveInterval": 5 })
    );

    let bad = app.post("/lfscada/user/config/save", &[("config", "[1,2]")]).await;
    assert_eq!(bad.code(), "1100");
    assert!(bad.message().contains("config"), "the message names the field: {}", bad.message());
    let missing = app.post("/lfscada/user/config/save", &[]).await;
    assert_eq!(missing.code(), "1101");
    assert_eq!(
        app.post("/lfscada/user/config/query", &[]).await.data(),
        &json!({ "autoSave": false, "saveInterval": 5 }),
        "unchanged"
    );
});

both_backends!(feedback_needs_ten_characters, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let short = app
        .client
        .post(app.url("/lfscada/feedback/add"))
        .header("accept-language", "en")
        .form(&[("content", "too short")])
        .send()
        .await
        .unwrap();
    let short = answer(short).await;
    assert_eq!((short.code(), short.message()), ("1200", "Opinions can not be less than 10 words!"));
    assert_eq!(app.post("/lfscada/feedback/add", &[]).await.code(), "1200", "absent is shorter than 10");
    assert_eq!(app.store.feedback_count(demo.id).await.unwrap(), 0);
    assert_eq!(app.post("/lfscada/feedback/add", &[("content", "报警声音可以调小一点吗？")]).await.code(), "200");
    assert_eq!(app.store.feedback_count(demo.id).await.unwrap(), 1);
});

both_backends!(operation_log_records_state_changes_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    app.post("/lfscada/user/config/save", &[("config.a", "1")]).await;
    let id = demo.id.to_string();

    let logins =
        app.post("/lfscada/user/operationlog/queryByObjectId", &[("objectType", "user"), ("objectId", &id)]).await;
    assert_eq!(logins.code(), "200");
    let entry = &logins.data()["list"][0];
    assert_eq!(
        (entry["action"].as_str(), entry["result"].as_str(), entry["loginname"].as_str()),
        (Some("user.login"), Some("200"), Some("demo"))
    );
    assert_eq!(entry["address"], "127.0.0.1");
    assert!(entry["gmtCreate"].as_i64().unwrap() > 0);

    let saves = app
        .post("/lfscada/user/operationlog/queryByObjectId", &[("objectType", "user_config"), ("objectId", &id)])
        .await;
    assert_eq!(saves.data()["total"], 1);
    assert_eq!(saves.data()["list"][0]["action"], "user.config.save");

    let page = app.post("/lfscada/user/operationlog/queryByObjectId", &[("objectId", &id), ("pageSize", "101")]).await;
    assert_eq!(page.code(), "1100", "page size is bounded");

    // The administrator is in another organisation and cannot read demo's log.
    let (admin, _jar) = browser(&app.base);
    let hash = ironsight::password::hash("Admin@12345").unwrap();
    let admin_user = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    app.store.set_password_hash(admin_user.id, &hash).await.unwrap();
    let login = admin.post(app.url("/lfscada/user/login?loginname=admin&password=Admin%4012345")).send().await.unwrap();
    assert_eq!(answer(login).await.code(), "200");
    let other = answer(
        admin
            .post(app.url("/lfscada/user/operationlog/queryByObjectId"))
            .form(&[("objectType", "user"), ("objectId", id.as_str())])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(other.data()["total"], 0);
});

both_backends!(unread_count_counts_unread_messages, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    assert_eq!(app.post("/lfscada/msg/queryUnReadMsgCount", &[]).await.data(), &json!(0));
    for title in ["Pump 1 overpressure", "Gateway offline"] {
        app.store.add_message(&NewMessage { user_id: demo.id, kind: "alarm", title, note: "" }).await.unwrap();
    }
    assert_eq!(app.post("/lfscada/msg/queryUnReadMsgCount", &[]).await.data(), &json!(2));
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    app.store
        .add_message(&NewMessage { user_id: admin.id, kind: "notice", title: "Not demo's", note: "" })
        .await
        .unwrap();
    assert_eq!(app.post("/lfscada/msg/queryUnReadMsgCount", &[]).await.data(), &json!(2), "only the caller's messages");
});

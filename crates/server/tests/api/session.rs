//! Sessions: user info, 1010 and 1006, logout, expiry, survival across a restart.

use crate::both_backends;
use ironsight_store::now_ms;

both_backends!(info_needs_a_session, Options::default(), |app| {
    let anonymous = app.get("/lfscada/user/info?t=1").await;
    assert_eq!(anonymous.code(), "1010", "no session: not logged in");

    app.jar.add_cookie_str("ironsight_session=never-issued", &app.base.parse().unwrap());
    assert_eq!(app.get("/lfscada/user/info?t=2").await.code(), "1010", "a token we never issued");

    app.login_demo().await;
    let info = app.get("/lfscada/user/info?t=3").await;
    assert_eq!(info.code(), "200");
    let data = info.data();
    for field in [
        "loginname",
        "tel",
        "userId",
        "styleId",
        "orgId",
        "deptId",
        "roleId",
        "roleType",
        "authRegion",
        "dataRange",
        "prompType",
        "scadaAdaption",
        "equipDisplay",
        "auths",
    ] {
        assert!(data.get(field).is_some(), "user info lacks {field}: {data}");
    }
    assert!(data["auths"].as_array().unwrap().iter().any(|a| a == "monitor_multi_designer_alarm"));
});

both_backends!(logout_ends_the_session_with_1006, Options::default(), |app| {
    app.login_demo().await;
    let token = app.cookie("ironsight_session").unwrap();
    assert_eq!(app.post("/lfscada/user/logout", &[]).await.code(), "200");
    assert_eq!(app.cookie("ironsight_session"), None, "the cookie is cleared");
    app.jar.add_cookie_str(&format!("ironsight_session={token}"), &app.base.parse().unwrap());
    assert_eq!(app.get("/lfscada/user/info?t=1").await.code(), "1006", "an ended session is lost, not unknown");
    assert_eq!(app.post("/lfscada/msg/queryUnReadMsgCount", &[]).await.code(), "1006");
});

both_backends!(expired_session_is_lost, Options::default(), |app| {
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let token = "expired-token-value";
    let now = now_ms();
    app.store
        .create_session(&ironsight::session::token_hash(token), demo.id, now - 10_000, now - 1, "127.0.0.1")
        .await
        .unwrap();
    app.jar.add_cookie_str(&format!("ironsight_session={token}"), &app.base.parse().unwrap());
    assert_eq!(app.get("/lfscada/user/info?t=1").await.code(), "1006");
});

both_backends!(sessions_survive_a_restart, Options::default(), |app| {
    app.login_demo().await;
    // A second server on the same database stands in for the restarted one.
    let twin = app.start_twin().await;
    let info = answer(app.client.get(format!("{twin}/lfscada/user/info?t=1")).send().await.unwrap()).await;
    assert_eq!(info.code(), "200");
    assert_eq!(info.data()["loginname"], "demo");
});

//! The gateway registry: secret shown once and stored hashed, rotation, validation, isolation, permission.

use crate::both_backends;
use ironsight::api::gateways::verify_secret;

both_backends!(register_rotate_and_delete_a_gateway, Options::default(), |app| {
    app.login_demo().await;
    let added =
        app.post("/lfscada/gateway/add", &[("sn", "EG-0001"), ("name", "1号泵站网关"), ("model", "EG-200")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let secret = added.data()["secret"].as_str().unwrap().to_owned();
    assert!(secret.len() >= 40, "a long random secret");
    assert!(verify_secret(app.state(), "EG-0001", &secret).await.unwrap());
    assert!(!verify_secret(app.state(), "EG-0001", "guess").await.unwrap());
    assert!(!verify_secret(app.state(), "EG-9999", &secret).await.unwrap(), "unknown serial number");

    let info = app.post("/lfscada/gateway/info", &[("sn", "EG-0001")]).await;
    assert_eq!(info.data()["name"], "1号泵站网关");
    assert_eq!(info.data()["online"], false);
    assert!(!info.body.to_string().contains(&secret) && !info.body.to_string().contains("argon2"), "never the secret");

    let duplicate = app.post("/lfscada/gateway/add", &[("sn", "EG-0001")]).await;
    assert_eq!(duplicate.code(), "1213");

    let rotated = app.post("/lfscada/gateway/rotateSecret", &[("sn", "EG-0001")]).await;
    let new_secret = rotated.data()["secret"].as_str().unwrap().to_owned();
    assert_ne!(new_secret, secret);
    assert!(!verify_secret(app.state(), "EG-0001", &secret).await.unwrap(), "the old secret stops working");
    assert!(verify_secret(app.state(), "EG-0001", &new_secret).await.unwrap());

    let listed = app.post("/lfscada/gateway/query", &[("keyword", "0001")]).await;
    assert_eq!(listed.data()["total"], 1);
    assert_eq!(app.post("/lfscada/gateway/query", &[("keyword", "%")]).await.data()["total"], 0, "% is literal");

    assert_eq!(app.post("/lfscada/gateway/delete", &[("sn", "EG-0001")]).await.code(), "200");
    assert_eq!(app.post("/lfscada/gateway/info", &[("sn", "EG-0001")]).await.code(), "2001");
    assert_eq!(app.post("/lfscada/gateway/delete", &[("sn", "EG-0001")]).await.code(), "2001");
});

both_backends!(a_secret_stored_with_argon2_becomes_a_digest_at_its_next_login, Options::default(), |app| {
    app.login_demo().await;
    let added = app.post("/lfscada/gateway/add", &[("sn", "EG-OLD")]).await;
    let secret = added.data()["secret"].as_str().unwrap().to_owned();
    // As a gateway registered before digests was stored.
    let digest = app.store.gateway_secret_hash("EG-OLD").await.unwrap().unwrap();
    let argon = ironsight::password::hash_blocking(secret.clone()).await.unwrap();
    assert!(app.store.upgrade_gateway_secret_hash("EG-OLD", &digest, &argon).await.unwrap());

    assert!(!verify_secret(app.state(), "EG-OLD", "guess").await.unwrap());
    assert_eq!(
        app.store.gateway_secret_hash("EG-OLD").await.unwrap().unwrap(),
        argon,
        "a wrong secret changes nothing"
    );
    assert!(verify_secret(app.state(), "EG-OLD", &secret).await.unwrap());
    let stored = app.store.gateway_secret_hash("EG-OLD").await.unwrap().unwrap();
    assert!(stored.starts_with("sha256$"), "re-hashed as a digest: {stored}");
    assert!(verify_secret(app.state(), "EG-OLD", &secret).await.unwrap(), "and still accepted");
});

both_backends!(gateway_fields_are_validated, Options::default(), |app| {
    app.login_demo().await;
    for (sn, expected) in [("a/b", "1100"), ("EG+1", "1100"), ("", "1101"), ("网关", "1100")] {
        let reply = app.post("/lfscada/gateway/add", &[("sn", sn)]).await;
        assert_eq!(reply.code(), expected, "{sn:?}");
        assert!(reply.message().contains("sn"), "names the field: {}", reply.message());
    }
    let long_name = "名".repeat(61);
    assert_eq!(app.post("/lfscada/gateway/add", &[("sn", "EG-2"), ("name", &long_name)]).await.code(), "1100");
    assert_eq!(app.post("/lfscada/gateway/query", &[]).await.data()["total"], 0, "nothing registered");
});

both_backends!(gateways_are_isolated_per_organisation_and_need_manage, Options::default(), |app| {
    app.login_demo().await;
    let secret =
        app.post("/lfscada/gateway/add", &[("sn", "EG-DEMO")]).await.data()["secret"].as_str().unwrap().to_owned();
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();

    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    let call = |client: &reqwest::Client, path: &str, sn: &str| {
        let request = client.post(app.url(path)).form(&[("sn", sn)]);
        async move { answer(request.send().await.unwrap()).await }
    };
    assert_eq!(call(&stranger, "/lfscada/gateway/info", "EG-DEMO").await.code(), "2001");
    assert_eq!(call(&stranger, "/lfscada/gateway/rotateSecret", "EG-DEMO").await.code(), "2001");
    assert_eq!(call(&stranger, "/lfscada/gateway/delete", "EG-DEMO").await.code(), "2001");
    assert_eq!(call(&stranger, "/lfscada/gateway/query", "").await.data()["total"], 0);
    assert!(verify_secret(app.state(), "EG-DEMO", &secret).await.unwrap(), "untouched");
    assert_eq!(call(&stranger, "/lfscada/gateway/add", "EG-DEMO").await.code(), "1213", "serial numbers are global");

    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(call(&viewer, "/lfscada/gateway/info", "EG-DEMO").await.code(), "200", "reading needs no manage");
    let refused = call(&viewer, "/lfscada/gateway/rotateSecret", "EG-DEMO").await;
    assert_eq!(refused.code(), "1011");
    assert_eq!(call(&viewer, "/lfscada/gateway/add", "EG-V").await.code(), "1011");
    assert_eq!(call(&viewer, "/lfscada/gateway/delete", "EG-DEMO").await.code(), "1011");
    assert!(verify_secret(app.state(), "EG-DEMO", &secret).await.unwrap(), "untouched");
});

both_backends!(a_new_secret_comes_with_the_broker_address_for_the_agent, Options::default(), |app| {
    app.login_demo().await;
    let added = app.post("/lfscada/gateway/add", &[("sn", "EG-ADDR-1")]).await;
    let broker = added.data()["broker"].as_str().unwrap().to_owned();
    assert_eq!(broker, app.broker_url(), "the embedded broker, on the host the console was reached at");
    let rotated = app.post("/lfscada/gateway/rotateSecret", &[("sn", "EG-ADDR-1")]).await;
    assert_eq!(rotated.data()["broker"], broker.as_str());
});

both_backends!(gateway_settings_change_only_what_is_given_and_reach_the_gateway, Options::default(), |app| {
    app.login_demo().await;
    assert_eq!(app.post("/lfscada/gateway/add", &[("sn", "EG-SET-1")]).await.code(), "200");
    let before = app.post("/lfscada/gateway/info", &[("sn", "EG-SET-1")]).await.data().clone();
    let edited =
        app.post("/lfscada/gateway/edit", &[("sn", "EG-SET-1"), ("interval", "2000"), ("economizeOpen", "true")]).await;
    assert_eq!(edited.code(), "200", "{:?}", edited.body);
    let after = app.post("/lfscada/gateway/info", &[("sn", "EG-SET-1")]).await.data().clone();
    assert_eq!((after["interval"].as_i64(), after["economizeOpen"].as_bool()), (Some(2000), Some(true)));
    assert_eq!(after["name"], before["name"], "not given, not changed");
    assert_eq!(after["configVersion"], before["configVersion"], "the gateway's configuration did not change");
    // A new sample period is part of the gateway's configuration: a new version is pushed.
    app.post("/lfscada/gateway/edit", &[("sn", "EG-SET-1"), ("sampleInterval", "30000")]).await;
    let pushed = app.post("/lfscada/gateway/info", &[("sn", "EG-SET-1")]).await.data().clone();
    assert!(pushed["configVersion"].as_i64() > after["configVersion"].as_i64(), "{pushed}");
    for (field, value) in [("interval", "10"), ("sampleInterval", "99999999"), ("economizeOpen", "maybe"), ("name", "")]
    {
        let refused = app.post("/lfscada/gateway/edit", &[("sn", "EG-SET-1"), (field, value)]).await;
        assert!(refused.message().contains(field), "{field}: {:?}", refused.body);
    }
    assert_eq!(app.post("/lfscada/gateway/edit", &[("sn", "EG-NONE")]).await.code(), "2001");
});

// The monitor window's open takes the gateway's interval setting, so both take one range
// (`limits::MONITOR_INTERVAL_MS_MIN` to `MAX`), the route row's, refused with its bounds before anything is sent.
both_backends!(the_monitor_interval_has_one_range_for_the_setting_and_the_open, Options::default(), |app| {
    app.login_demo().await;
    assert_eq!(app.post("/lfscada/gateway/add", &[("sn", "EG-INT-1")]).await.code(), "200");
    let equipment =
        app.post("/lfscada/equipment/multi/add", &[("equipName", "Interval")]).await.data()["id"].to_string();
    let open = |interval: &'static str| {
        let equipment = equipment.clone();
        async move {
            app.post("/lfscada/monitor/multi/open", &[("equipmentId", equipment.as_str()), ("interval", interval)])
                .await
        }
    };
    for (interval, accepted) in [("199", false), ("200", true), ("60000", true), ("60001", false), ("3600000", false)] {
        let edited = app.post("/lfscada/gateway/edit", &[("sn", "EG-INT-1"), ("interval", interval)]).await;
        let opened = open(interval).await;
        if accepted {
            assert_eq!(edited.code(), "200", "edit {interval}: {:?}", edited.body);
            // In range: the open goes on to find no gateway bound to the equipment.
            assert_eq!(opened.code(), "2001", "open {interval}: {:?}", opened.body);
        } else {
            for refused in [&edited, &opened] {
                assert_eq!(refused.code(), "1100", "{interval}: {:?}", refused.body);
                assert_eq!(refused.data()["field"], "interval");
                assert_eq!(
                    refused.data()["reason"],
                    serde_json::json!({"kind": "outOfRange", "args": {"min": 200, "max": 60000}})
                );
            }
        }
    }
    // Left out, the open takes the row's default and the edit keeps the setting.
    assert_eq!(app.post("/lfscada/monitor/multi/open", &[("equipmentId", &equipment)]).await.code(), "2001");
    assert_eq!(app.post("/lfscada/gateway/info", &[("sn", "EG-INT-1")]).await.data()["interval"], 60000);
});

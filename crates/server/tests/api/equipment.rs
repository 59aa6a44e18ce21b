//! Equipment: add, edit, query (search, sort, paging), info, delete, gateway binding; validation, isolation.

use crate::both_backends;

both_backends!(equipment_lifecycle_and_gateway_binding, Options::default(), |app| {
    app.login_demo().await;
    let added = app
        .post(
            "/lfscada/equipment/multi/add",
            &[
                ("equipName", "1号水泵"),
                ("model", "WQ-200"),
                ("latitude", "30.55"),
                ("longitude", "114.3"),
                ("address", "东湖泵站"),
            ],
        )
        .await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let id = added.data()["id"].as_i64().unwrap().to_string();
    app.post("/lfscada/equipment/multi/add", &[("equipName", "Aeration blower")]).await;

    let info = app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await;
    assert_eq!(info.data()["equipName"], "1号水泵");
    assert_eq!((info.data()["display"].as_str(), info.data()["ruleType"].as_str()), (Some("list"), Some("00")));
    assert_eq!(info.data()["latitude"], 30.55);
    assert_eq!(info.data()["gatewaySn"], serde_json::Value::Null);

    let by_name = app.post("/lfscada/equipment/multi/query", &[("sort", "name")]).await;
    assert_eq!(by_name.data()["total"], 2);
    assert_eq!(by_name.data()["list"][0]["equipName"], "1号水泵", "name order");
    let newest = app.post("/lfscada/equipment/multi/query", &[("sort", "time"), ("pageSize", "1")]).await;
    assert_eq!(newest.data()["list"][0]["equipName"], "Aeration blower", "newest first");
    assert_eq!(newest.data()["list"].as_array().unwrap().len(), 1, "page size");
    assert_eq!(app.post("/lfscada/equipment/multi/query", &[("keyword", "泵站")]).await.data()["total"], 1);

    let edited = app
        .post("/lfscada/equipment/multi/edit", &[("id", &id), ("equipName", "1号水泵（主）"), ("display", "page")])
        .await;
    assert_eq!(edited.code(), "200");
    let info = app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await;
    assert_eq!(
        (info.data()["equipName"].as_str(), info.data()["display"].as_str()),
        (Some("1号水泵（主）"), Some("page"))
    );
    assert_eq!(info.data()["latitude"], serde_json::Value::Null, "edit replaces the fields it is given");

    assert_eq!(app.post("/lfscada/equipment/multi/bindGateway", &[("id", &id), ("sn", "EG-1")]).await.code(), "2001");
    app.post("/lfscada/gateway/add", &[("sn", "EG-1")]).await;
    assert_eq!(app.post("/lfscada/equipment/multi/bindGateway", &[("id", &id), ("sn", "EG-1")]).await.code(), "200");
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.data()["gatewaySn"], "EG-1");
    assert_eq!(app.post("/lfscada/equipment/multi/unbindGateway", &[("id", &id)]).await.code(), "200");
    assert_eq!(
        app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.data()["gatewaySn"],
        serde_json::Value::Null
    );

    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &id)]).await.code(), "200");
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.code(), "1214");
    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &id)]).await.code(), "1214");
});

both_backends!(equipment_fields_are_validated, Options::default(), |app| {
    app.login_demo().await;
    let name61 = "泵".repeat(61);
    for (form, field) in [
        (vec![("equipName", "")], "equipName"),
        (vec![("equipName", name61.as_str())], "equipName"),
        (vec![("equipName", "x"), ("display", "grid")], "display"),
        (vec![("equipName", "x"), ("ruleType", "02")], "ruleType"),
        (vec![("equipName", "x"), ("latitude", "91")], "latitude"),
        (vec![("equipName", "x"), ("longitude", "east")], "longitude"),
        (vec![("equipName", "x"), ("latitude", "NaN")], "latitude"),
    ] {
        let reply = app.post("/lfscada/equipment/multi/add", &form).await;
        assert!(reply.code() == "1100" || reply.code() == "1101", "{form:?}: {:?}", reply.body);
        assert!(reply.message().contains(field), "{form:?}: {}", reply.message());
    }
    assert_eq!(app.post("/lfscada/equipment/multi/query", &[]).await.data()["total"], 0, "nothing written");
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", "abc")]).await.code(), "1100");
});

both_backends!(equipment_is_isolated_per_organisation, Options::default(), |app| {
    app.login_demo().await;
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", "Demo pump")]).await.data()["id"].to_string();
    app.post("/lfscada/gateway/add", &[("sn", "EG-D")]).await;
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    let call = |path: &str, form: Vec<(&str, &str)>| {
        let request = stranger.post(app.url(path)).form(&form);
        async move { answer(request.send().await.unwrap()).await }
    };
    assert_eq!(call("/lfscada/equipment/multi/info", vec![("id", &id)]).await.code(), "1214");
    assert_eq!(call("/lfscada/equipment/multi/edit", vec![("id", &id), ("equipName", "mine")]).await.code(), "1214");
    assert_eq!(call("/lfscada/equipment/multi/delete", vec![("id", &id)]).await.code(), "1214");
    assert_eq!(call("/lfscada/equipment/multi/unbindGateway", vec![("id", &id)]).await.code(), "1214");
    assert_eq!(call("/lfscada/equipment/multi/query", vec![]).await.data()["total"], 0);
    // The stranger's own equipment cannot be bound to demo's gateway.
    let own = call("/lfscada/equipment/multi/add", vec![("equipName", "Own")]).await.data()["id"].to_string();
    assert_eq!(call("/lfscada/equipment/multi/bindGateway", vec![("id", &own), ("sn", "EG-D")]).await.code(), "2001");
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.data()["equipName"], "Demo pump");

    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    let refused =
        answer(viewer.post(app.url("/lfscada/equipment/multi/delete")).form(&[("id", &id)]).send().await.unwrap())
            .await;
    assert_eq!(refused.code(), "1011");
});

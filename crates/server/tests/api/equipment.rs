//! Equipment: add, edit, query (search, filters, sort, paging), info, delete, gateway binding; validation,
//! isolation.

use crate::both_backends;
use serde_json::{Value, json};

const QUERY: &str = "/lfscada/equipment/multi/query";

fn names(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|c| c["equipName"].as_str().unwrap().to_owned()).collect()
}

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

both_backends!(equipment_query_filters_by_online_gateway_and_group, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let add = |name: &'static str, manufacturer: &'static str| async move {
        let added =
            app.post("/lfscada/equipment/multi/add", &[("equipName", name), ("manufacturer", manufacturer)]).await;
        assert_eq!(added.code(), "200", "{:?}", added.body);
        added.data()["id"].as_i64().unwrap().to_string()
    };
    let pump = add("Feed pump", "ACME").await;
    let fan = add("Exhaust fan", "").await;
    let valve = add("Loose valve", "").await;
    let chiller = add("Chiller", "").await;
    for (sn, name, id) in [("EG-ON", "Hall gateway", &pump), ("EG-OFF", "Yard gateway", &fan)] {
        assert_eq!(app.post("/lfscada/gateway/add", &[("sn", sn), ("name", name)]).await.code(), "200");
        let bound = app.post("/lfscada/equipment/multi/bindGateway", &[("id", id), ("sn", sn)]).await;
        assert_eq!(bound.code(), "200", "{:?}", bound.body);
    }
    let bound = app.post("/lfscada/equipment/multi/bindGateway", &[("id", &chiller), ("sn", "EG-ON")]).await;
    assert_eq!(bound.code(), "200");
    let status = serde_json::from_value(json!({"online": true, "t": 0, "vpn": false})).unwrap();
    app.store.set_gateway_status("EG-ON", &status).await.unwrap();
    let group = app.post("/lfscada/monitor/group/add", &[("name", "Line A")]).await.data()["id"].to_string();
    for id in [&pump, &fan] {
        let moved =
            app.post("/lfscada/monitor/group/equipment/move", &[("equipmentId", id), ("groupId", &group)]).await;
        assert_eq!(moved.code(), "200", "{:?}", moved.body);
    }
    let gateway_on = app.store.gateway_by_sn(demo.org_id, "EG-ON").await.unwrap().unwrap().id.to_string();
    let gateway_off = app.store.gateway_by_sn(demo.org_id, "EG-OFF").await.unwrap().unwrap().id.to_string();

    // Each row carries its gateway's serial number, name and online state and its group, from the server.
    let all = app.post(QUERY, &[("sort", "name")]).await;
    assert_eq!(all.code(), "200", "{:?}", all.body);
    assert_eq!(names(&all.data()["list"]), ["Chiller", "Exhaust fan", "Feed pump", "Loose valve"]);
    let row =
        |name: &str| all.data()["list"].as_array().unwrap().iter().find(|r| r["equipName"] == name).unwrap().clone();
    let pump_row = row("Feed pump");
    assert_eq!(
        (pump_row["gatewaySn"].as_str(), pump_row["gatewayName"].as_str(), pump_row["online"].as_bool()),
        (Some("EG-ON"), Some("Hall gateway"), Some(true))
    );
    assert_eq!((pump_row["groupId"].to_string(), pump_row["groupName"].as_str()), (group.clone(), Some("Line A")));
    let fan_row = row("Exhaust fan");
    assert_eq!((fan_row["gatewayName"].as_str(), fan_row["online"].as_bool()), (Some("Yard gateway"), Some(false)));
    let valve_row = row("Loose valve");
    assert_eq!(valve_row["id"].to_string(), valve);
    assert_eq!(
        (valve_row["gatewaySn"].clone(), valve_row["gatewayName"].clone(), valve_row["online"].as_bool()),
        (Value::Null, Value::Null, Some(false))
    );
    assert_eq!((valve_row["groupId"].clone(), valve_row["groupName"].clone()), (Value::Null, Value::Null));
    let info = app.post("/lfscada/equipment/multi/info", &[("id", &pump)]).await;
    assert_eq!(
        (info.data()["gatewayName"].as_str(), info.data()["online"].as_bool()),
        (Some("Hall gateway"), Some(true))
    );

    let listed = |form: Vec<(&'static str, String)>| async move {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut form = form;
        form.push(("sort", "name"));
        let reply = app.post(QUERY, &form).await;
        assert_eq!(reply.code(), "200", "{form:?}: {:?}", reply.body);
        (reply.data()["total"].as_i64().unwrap(), names(&reply.data()["list"]))
    };
    assert_eq!(listed(vec![("online", "true".into())]).await, (2, vec!["Chiller".into(), "Feed pump".into()]));
    assert_eq!(
        listed(vec![("online", "false".into())]).await,
        (2, vec!["Exhaust fan".into(), "Loose valve".into()]),
        "unbound counts as offline"
    );
    assert_eq!(listed(vec![("gatewayId", gateway_off.clone())]).await, (1, vec!["Exhaust fan".into()]));
    assert_eq!(listed(vec![("gatewayId", gateway_on.clone())]).await.0, 2);
    assert_eq!(listed(vec![("groupId", group.clone())]).await, (2, vec!["Exhaust fan".into(), "Feed pump".into()]));
    assert_eq!(listed(vec![("groupId", "0".into())]).await, (2, vec!["Chiller".into(), "Loose valve".into()]));
    // Filters combine, and the total counts every page of the filtered list.
    assert_eq!(
        listed(vec![("online", "true".into()), ("groupId", group.clone()), ("gatewayId", gateway_on.clone())]).await,
        (1, vec!["Feed pump".into()])
    );
    let one_per_page = app
        .post(
            QUERY,
            &[("online", "true"), ("gatewayId", &gateway_on), ("pageSize", "1"), ("page", "2"), ("sort", "name")],
        )
        .await;
    assert_eq!(
        (one_per_page.data()["total"].as_i64(), names(&one_per_page.data()["list"])),
        (Some(2), vec!["Feed pump".into()])
    );
    assert_eq!(listed(vec![("online", "false".into()), ("gatewayId", gateway_on.clone())]).await, (0, vec![]));
    // The keyword reads as the monitor's: manufacturer too, in any case.
    assert_eq!(listed(vec![("keyword", "acme".into())]).await, (1, vec!["Feed pump".into()]));
    assert_eq!(
        listed(vec![("keyword", "VALVE".into()), ("online", "false".into())]).await,
        (1, vec!["Loose valve".into()])
    );
    // Empty values are no filter.
    assert_eq!(listed(vec![("online", "".into()), ("keyword", "".into())]).await.0, 4);

    // Bad filters are refused naming the field; a group of nobody's is 1215.
    for (field, value) in [
        ("online", "yes"),
        ("online", "1"),
        ("gatewayId", "EG-ON"),
        ("groupId", "Line A"),
        ("groupId", "-1"),
        ("sort", "size"),
    ] {
        let refused = app.post(QUERY, &[(field, value)]).await;
        assert_eq!(refused.code(), "1100", "{field}={value}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{field}: {}", refused.message());
    }
    assert_eq!(app.post(QUERY, &[("groupId", "999999")]).await.code(), "1215");

    // Another organisation's gateway and group filter nothing in: its gateway matches none of its equipment,
    // and its group is not found.
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    let call = |form: Vec<(&str, &str)>| {
        let request = stranger.post(app.url(QUERY)).form(&form);
        async move { answer(request.send().await.unwrap()).await }
    };
    let other = call(vec![("gatewayId", &gateway_on)]).await;
    assert_eq!((other.code(), other.data()["total"].as_i64()), ("200", Some(0)));
    assert_eq!(call(vec![("groupId", &group)]).await.code(), "1215");
});

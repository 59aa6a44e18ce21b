//! Sub-accounts and per-device authorisation: an administrator creates an ordinary account limited to the
//! equipment granted to it; that account then reaches, through every call that names an equipment (or a signal,
//! alarm, report, page or command of one), only the granted equipment, and every list shows only those. The
//! account management calls are the administrator's alone; disabling and password resets end sessions.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer, browser};
use crate::walk_fixture::{Seed, seed_alarm_and_command};
use serde_json::{Value, json};

const ADD: &str = "/lfscada/user/sub/add";
const AUTHORISE: &str = "/lfscada/user/sub/authorise";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn login_as(app: &TestApp, loginname: &str, password: &str) -> (reqwest::Client, Answer) {
    let (client, _jar) = browser(&app.base);
    let url = reqwest::Url::parse_with_params(
        &app.url("/lfscada/user/login"),
        &[("loginname", loginname), ("password", password)],
    )
    .unwrap();
    let answer = answer(client.post(url).send().await.unwrap()).await;
    (client, answer)
}

/// One equipment made by the administrator, with a signal, a page, a report, an alarm record and a command.
struct Made {
    id: String,
    signal: String,
    page: String,
    report: String,
    alarm: String,
    command: String,
}

async fn make_equipment(app: &TestApp, org_id: i64, name: &str) -> Made {
    let added = app
        .post("/lfscada/equipment/multi/add", &[("equipName", name), ("manufacturer", &format!("{name} Works"))])
        .await;
    let id = added.data()["id"].to_string();
    let equipment_id: i64 = id.parse().unwrap();
    let signals =
        json!([{"name": "Speed", "area": "holding_register", "address": 0, "dataType": "uint16", "writable": true}]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &signals.to_string())])
        .await;
    let signal = saved.data()["ids"][0].to_string();
    let page = app.post("/lfscada/configuration/page/add", &[("equipmentId", &id), ("title", "Main")]).await;
    assert_eq!(page.code(), "200", "{:?}", page.body);
    let report = app
        .post(
            "/lfscada/equipment/multi/report/save",
            &[
                ("equipmentId", &id),
                ("name", "Hourly"),
                ("periodMs", "3600000"),
                ("columns", &format!(r#"[{{"signalId": {signal}, "statistic": "avg"}}]"#)),
            ],
        )
        .await;
    assert_eq!(report.code(), "200", "{:?}", report.body);
    let label = equipment_id.to_string();
    let on = Seed {
        org_id,
        equipment_id,
        signal_id: signal.parse().unwrap(),
        equipment: name,
        signal: "Speed",
        gateway_sn: "EG-X",
        label: &label,
    };
    let (alarm, command) = seed_alarm_and_command(app, on).await;
    Made { id, signal, page: page.data()["id"].to_string(), report: report.data()["id"].to_string(), alarm, command }
}

/// The calls that name one equipment (or something of one), as `(path, form)` for equipment `m`. Each must
/// answer the sub-account for a granted equipment and refuse it for any other.
fn calls_naming(m: &Made) -> Vec<(&'static str, Vec<(&'static str, String)>)> {
    let id = || m.id.clone();
    vec![
        ("/lfscada/equipment/multi/info", vec![("id", id())]),
        ("/usual/EquipAction!getEquipDetail.action", vec![("id", id())]),
        (
            "/lfscada/equipment/multi/edit",
            vec![
                ("id", id()),
                ("equipName", "Renamed".into()),
                ("manufacturer", "Renamed Works".into()),
                ("latitude", "31.2".into()),
                ("longitude", "121.5".into()),
            ],
        ),
        ("/lfscada/equipment/multi/unbindGateway", vec![("id", id())]),
        ("/lfscada/equipment/multi/signal/query", vec![("equipmentId", id())]),
        ("/lfscada/equipment/multi/share/info", vec![("equipId", id())]),
        ("/lfscada/equipment/multi/share/editPwd", vec![("equipId", id()), ("password", "abcd".into())]),
        ("/lfscada/equipment/multi/share/editAuth", vec![("equipId", id()), ("auth", "view".into())]),
        ("/lfscada/configuration/page/query", vec![("equipmentId", id())]),
        ("/lfscada/configuration/page/add", vec![("equipmentId", id()), ("title", "Second".into())]),
        ("/lfscada/configuration/page/edit", vec![("id", m.page.clone()), ("title", "Renamed".into())]),
        ("/lfscada/configuration/page/info", vec![("id", m.page.clone())]),
        ("/lfscada/configuration/page/save", vec![("id", m.page.clone()), ("document", r#"{"widgets":[]}"#.into())]),
        ("/lfscada/monitor/equipment/setFollow", vec![("equipmentId", id())]),
        ("/lfscada/monitor/equipment/cancleFollow", vec![("equipmentId", id())]),
        ("/lfscada/monitor/equipment/setStick", vec![("equipmentId", id())]),
        ("/lfscada/monitor/equipment/cancelStick", vec![("equipmentId", id())]),
        ("/lfscada/monitor/group/equipment/move", vec![("equipmentId", id()), ("groupId", "0".into())]),
        ("/lfscada/monitor/multi/signal/query", vec![("equipmentId", id())]),
        ("/lfscada/monitor/multi/signal/data", vec![("equipmentId", id())]),
        ("/lfscada/monitor/multi/equipment/detailInfo", vec![("equipmentId", id())]),
        ("/lfscada/monitor/multi/history/queryAll", vec![("equipmentId", id())]),
        (
            "/lfscada/monitor/multi/history/query",
            vec![("signalIds", m.signal.clone()), ("startTime", "0".into()), ("endTime", "1000".into())],
        ),
        ("/lfscada/signal/info", vec![("id", m.signal.clone())]),
        ("/lfscada/equipment/multi/alarm/rule/query", vec![("equipmentId", id())]),
        ("/lfscada/equipment/multi/alarm/rule/save", vec![("signalId", m.signal.clone()), ("rules", "[]".into())]),
        ("/lfscada/monitor/multi/alarm/query", vec![("equipmentId", id())]),
        ("/lfscada/monitor/multi/alarm/isReleaseByAlarmId", vec![("alarmId", m.alarm.clone())]),
        ("/lfscada/monitor/multi/alarm/confirm", vec![("alarmId", m.alarm.clone())]),
        ("/lfscada/monitor/multi/report/queryAll", vec![("equipmentId", id())]),
        (
            "/lfscada/monitor/multi/report/queryCols",
            vec![("reportId", m.report.clone()), ("startTime", "0".into()), ("endTime", "3600000".into())],
        ),
        ("/lfscada/equipment/multi/callback", vec![("uuid", m.command.clone())]),
        ("/lfscada/websocket/monitor/token", vec![("equipmentId", id())]),
        ("/lfscada/user/operationlog/queryByObjectId", vec![("objectType", "equipment".into()), ("objectId", id())]),
        ("/lfscada/equipment/model/fromEquipment", vec![("equipmentId", id()), ("name", format!("From {}", m.id))]),
    ]
}

/// The ids in a list answer (`data` an array, or `data.list`), by `field`.
fn ids_in(answer: &Answer, field: &str) -> Vec<i64> {
    let data = answer.data();
    let list = data.get("list").unwrap_or(data);
    list.as_array().unwrap_or_else(|| panic!("{:?}", answer.body)).iter().map(|e| e[field].as_i64().unwrap()).collect()
}

both_backends!(a_sub_account_reaches_only_the_equipment_granted_to_it, Options::default(), |app| {
    app.login_demo().await;
    let org_id = app.get("/lfscada/user/info").await.data()["orgId"].as_i64().unwrap();
    let granted = make_equipment(app, org_id, "Granted pump").await;
    let hidden = make_equipment(app, org_id, "Hidden pump").await;
    let (granted_id, hidden_id): (i64, i64) = (granted.id.parse().unwrap(), hidden.id.parse().unwrap());
    let group = app.post("/lfscada/monitor/group/add", &[("name", "Line 1")]).await.data()["id"].to_string();
    for m in [&granted, &hidden] {
        let moved =
            app.post("/lfscada/monitor/group/equipment/move", &[("equipmentId", &m.id), ("groupId", &group)]).await;
        assert_eq!(moved.code(), "200", "{:?}", moved.body);
        let located = app
            .post(
                "/lfscada/equipment/multi/edit",
                &[
                    ("id", &m.id),
                    ("equipName", "Located"),
                    ("manufacturer", &format!("{} Works", m.id)),
                    ("latitude", "31.2"),
                    ("longitude", "121.5"),
                ],
            )
            .await;
        assert_eq!(located.code(), "200", "{:?}", located.body);
    }
    let both = format!("{},{}", granted.id, hidden.id);
    let scene =
        app.post("/lfscada/scene/add", &[("name", "Board"), ("equipmentIds", &both)]).await.data()["id"].to_string();
    let project =
        app.post("/lfscada/project/add", &[("name", "Plant"), ("equipmentIds", &both)]).await.data()["id"].to_string();

    let all_auths = "monitor_multi_designer_alarm,monitor_multi_designer_repair,monitor_equipinfo_menu_alarm,monitor_designer_menu_alarm,monitor_write_data,manage";
    let added = app
        .post(
            ADD,
            &[("loginname", "operator1"), ("password", "Op@123456"), ("dataRange", "authorised"), ("auths", all_auths)],
        )
        .await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let operator_id = added.data()["userId"].to_string();
    let authorised = app.post(AUTHORISE, &[("userId", &operator_id), ("equipmentIds", &granted.id)]).await;
    assert_eq!(authorised.data()["count"], 1, "{:?}", authorised.body);
    let foreign = format!("{},999999", hidden.id);
    assert_eq!(app.post(AUTHORISE, &[("userId", &operator_id), ("equipmentIds", &foreign)]).await.code(), "1214");
    let kept = app.post("/lfscada/user/sub/equipment", &[("userId", &operator_id)]).await;
    assert_eq!(kept.data()["equipmentIds"], json!([granted_id]), "a refused grant changes nothing");
    let (op, login) = login_as(app, "operator1", "Op@123456").await;
    assert_eq!(login.code(), "200", "{:?}", login.body);
    assert_eq!(login.data()["dataRange"], "authorised");

    // Every call naming the hidden equipment is refused as if it did not exist, and changes nothing.
    for (path, form) in calls_naming(&hidden) {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let refused = post_as(app, &op, path, &form).await;
        assert!(
            matches!(refused.code(), "1214" | "1100" | "1205"),
            "{path} answered a sub-account for equipment it may not see: {:?}",
            refused.body
        );
    }
    let untouched = app.post("/lfscada/equipment/multi/info", &[("id", &hidden.id)]).await;
    assert_eq!(untouched.data()["equipName"], "Located", "the hidden equipment was not renamed");
    assert_eq!(
        app.post("/lfscada/equipment/multi/share/info", &[("equipId", &hidden.id)]).await.data()["hasPassword"],
        false
    );
    let pages = app.post("/lfscada/configuration/page/query", &[("equipmentId", &hidden.id)]).await;
    assert_eq!(pages.data().as_array().map(Vec::len), Some(1), "no page added: {:?}", pages.body);
    let alarm = app.post("/lfscada/monitor/multi/alarm/query", &[("equipmentId", &hidden.id)]).await;
    assert!(alarm.data()["list"][0]["confirmUser"].is_null(), "not confirmed: {:?}", alarm.body);
    for (path, form) in [
        ("/lfscada/equipment/multi/delete", vec![("id", hidden.id.as_str())]),
        ("/lfscada/equipment/multi/bindGateway", vec![("id", hidden.id.as_str()), ("sn", "EG-X")]),
        ("/lfscada/equipment/multi/driver/save", vec![("id", hidden.id.as_str()), ("driver", "{}")]),
        ("/lfscada/equipment/multi/signal/save", vec![("equipmentId", hidden.id.as_str()), ("signals", "[]")]),
        ("/lfscada/configuration/page/delete", vec![("id", hidden.page.as_str())]),
        ("/lfscada/equipment/multi/report/delete", vec![("id", hidden.report.as_str())]),
        ("/lfscada/monitor/multi/signal/singleVal", vec![("signalId", hidden.signal.as_str())]),
        ("/lfscada/monitor/multi/signal/write", vec![("signalId", hidden.signal.as_str()), ("value", "1")]),
        ("/lfscada/monitor/multi/open", vec![("equipmentId", hidden.id.as_str())]),
        ("/lfscada/monitor/multi/gateway/info", vec![("equipmentId", hidden.id.as_str())]),
    ] {
        let refused = post_as(app, &op, path, &form).await;
        assert!(matches!(refused.code(), "1214" | "1100" | "1205"), "{path}: {:?}", refused.body);
    }
    // The picture upload (multipart) and applying a model name the equipment too.
    let picture = crate::images::upload_as(app, &op, &hidden.id, "pump.png", crate::images::PNG).await;
    assert_eq!(picture.code(), "1214", "{:?}", picture.body);
    let blank = app.post("/lfscada/equipment/multi/add", &[("equipName", "Blank")]).await.data()["id"].to_string();
    let model_signals = json!([{"name": "Level", "area": "input_register", "address": 0, "dataType": "uint16"}]);
    let model = app
        .post("/lfscada/equipment/model/add", &[("name", "Tank"), ("signals", &model_signals.to_string())])
        .await
        .data()["id"]
        .to_string();
    let applied = post_as(app, &op, "/lfscada/equipment/model/apply", &[("id", &model), ("equipmentId", &blank)]).await;
    assert_eq!(applied.code(), "1214", "{:?}", applied.body);
    let blank_signals = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &blank)]).await;
    assert_eq!(blank_signals.data(), &json!([]), "no model applied");
    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &blank)]).await.code(), "200");
    let signals = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &hidden.id)]).await;
    assert_eq!(signals.data().as_array().map(Vec::len), Some(1), "signals kept: {:?}", signals.body);
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", &hidden.id)]).await.code(), "200", "not deleted");

    // The same calls answer for the granted equipment (and its picture).
    let picture = crate::images::upload_as(app, &op, &granted.id, "pump.png", crate::images::PNG).await;
    assert_eq!(picture.code(), "200", "{:?}", picture.body);
    for (path, form) in calls_naming(&granted) {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let answered = post_as(app, &op, path, &form).await;
        assert_eq!(answered.code(), "200", "{path} refused the granted equipment: {:?}", answered.body);
    }

    // Lists and counts show only the granted equipment (the move above took it out of its group).
    let moved = post_as(
        app,
        &op,
        "/lfscada/monitor/group/equipment/move",
        &[("equipmentId", &granted.id), ("groupId", &group)],
    )
    .await;
    assert_eq!(moved.code(), "200", "{:?}", moved.body);
    let only_granted = vec![granted_id];
    let listed = post_as(app, &op, "/lfscada/equipment/multi/query", &[]).await;
    assert_eq!((listed.data()["total"].as_i64(), ids_in(&listed, "id")), (Some(1), only_granted.clone()));
    for path in [
        "/lfscada/monitor/equipment/query",
        "/lfscada/monitor/equipment/queryAll",
        "/lfscada/monitor/equipment/queryAllForMap",
    ] {
        let cards = post_as(app, &op, path, &[]).await;
        let ids: Vec<i64> = match cards.data().get("list") {
            Some(_) => ids_in(&cards, "id"),
            None => cards
                .data()
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.get("card").unwrap_or(c)["id"].as_i64().unwrap_or_else(|| c["id"].as_i64().unwrap()))
                .collect(),
        };
        assert_eq!(ids, only_granted, "{path}: {:?}", cards.body);
    }
    let groups = post_as(app, &op, "/lfscada/monitor/group/query", &[]).await;
    assert_eq!(groups.data()[0]["equipmentCount"], 1, "{:?}", groups.body);
    let by_group = post_as(app, &op, "/lfscada/monitor/group/equipment/queryAllByGroup", &[]).await;
    let named: Vec<Value> =
        by_group.data().as_array().unwrap().iter().flat_map(|g| g["equipment"].as_array().unwrap().clone()).collect();
    assert_eq!(
        named.iter().map(|e| e["id"].as_i64().unwrap()).collect::<Vec<_>>(),
        only_granted,
        "{:?}",
        by_group.body
    );
    let by_group = post_as(app, &op, "/lfscada/monitor/group/equipment/queryByGroup", &[("groupId", &group)]).await;
    assert_eq!(ids_in(&by_group, "id"), only_granted, "{:?}", by_group.body);
    let makers = post_as(app, &op, "/lfscada/equipment/multi/extra/queryAllManufacturer", &[]).await;
    assert_eq!(makers.data(), &json!(["Renamed Works"]));
    let all_makers = app.post("/lfscada/equipment/multi/extra/queryAllManufacturer", &[]).await;
    assert_eq!(all_makers.data(), &json!([format!("{} Works", hidden.id), "Renamed Works".to_owned()]));
    let scene_info = post_as(app, &op, "/lfscada/scene/info", &[("id", &scene)]).await;
    assert_eq!(scene_info.data()["equipment"].as_array().unwrap().len(), 1, "{:?}", scene_info.body);
    assert_eq!(scene_info.data()["equipment"][0]["id"].as_i64(), Some(granted_id));
    assert_eq!(post_as(app, &op, "/lfscada/scene/query", &[]).await.data()[0]["equipmentCount"], 1);
    let project_info = post_as(app, &op, "/lfscada/project/info", &[("id", &project)]).await;
    assert_eq!(project_info.data()["equipment"].as_array().unwrap().len(), 1, "{:?}", project_info.body);
    assert_eq!(post_as(app, &op, "/lfscada/project/query", &[]).await.data()["list"][0]["equipmentCount"], 1);
    let counts = post_as(app, &op, "/lfscada/equipment/model/equipment", &[]).await;
    assert_eq!(ids_in(&counts, "id"), only_granted, "{:?}", counts.body);
    let home = post_as(app, &op, "/lfscada/configuration/page/queryHome", &[]).await;
    assert_eq!(home.data()["id"].to_string(), granted.page, "{:?}", home.body);
    // The administrator still sees both.
    assert_eq!(app.post("/lfscada/equipment/multi/query", &[]).await.data()["total"], 2);

    // Sets spanning the organisation are the whole-organisation accounts' to change.
    assert_eq!(
        post_as(app, &op, "/lfscada/scene/edit", &[("id", &scene), ("name", "Mine"), ("equipmentIds", &granted.id)])
            .await
            .code(),
        "1011"
    );
    assert_eq!(post_as(app, &op, "/lfscada/project/delete", &[("id", &project)]).await.code(), "1011");
    assert_eq!(
        post_as(app, &op, "/lfscada/scene/add", &[("name", "New"), ("equipmentIds", &granted.id)]).await.code(),
        "1011"
    );

    // Equipment the sub-account adds is granted to it.
    let own = post_as(app, &op, "/lfscada/equipment/multi/add", &[("equipName", "Own fan")]).await;
    let own_id = own.data()["id"].to_string();
    assert_eq!(post_as(app, &op, "/lfscada/equipment/multi/info", &[("id", &own_id)]).await.code(), "200");
    let granted_now = app.post("/lfscada/user/sub/equipment", &[("userId", &operator_id)]).await;
    assert_eq!(granted_now.data()["equipmentIds"], json!([granted_id, own_id.parse::<i64>().unwrap()]));

    // Revoking takes effect on the next call.
    assert_eq!(app.post(AUTHORISE, &[("userId", &operator_id), ("equipmentIds", "")]).await.data()["count"], 0);
    assert_eq!(post_as(app, &op, "/lfscada/equipment/multi/info", &[("id", &granted.id)]).await.code(), "1214");
    assert_eq!(post_as(app, &op, "/lfscada/equipment/multi/query", &[]).await.data()["total"], 0);
    // Widening the data range shows the whole organisation again.
    let widened = app
        .post("/lfscada/user/sub/edit", &[("userId", &operator_id), ("dataRange", "all"), ("auths", "manage")])
        .await;
    assert_eq!(widened.code(), "200", "{:?}", widened.body);
    assert_eq!(post_as(app, &op, "/lfscada/equipment/multi/query", &[]).await.data()["total"], 3);
    assert_eq!(post_as(app, &op, "/lfscada/equipment/multi/info", &[("id", &hidden.id)]).await.code(), "200");
    let _ = hidden_id;
});

both_backends!(sub_accounts_are_managed_by_administrators_only, Options::default(), |app| {
    app.login_demo().await;
    // Field errors, each naming its field, and nothing created.
    for (form, field) in [
        (vec![("password", "Op@123456")], "loginname"),
        (vec![("loginname", "op2")], "password"),
        (vec![("loginname", "op2"), ("password", "short")], "password"),
        (vec![("loginname", "op2"), ("password", "Op@123456"), ("tel", "12ab")], "tel"),
        (vec![("loginname", "op2"), ("password", "Op@123456"), ("email", "no-at-sign")], "email"),
        (vec![("loginname", "op2"), ("password", "Op@123456"), ("dataRange", "some")], "dataRange"),
        (vec![("loginname", "op2"), ("password", "Op@123456"), ("auths", "manage,root")], "auths.1"),
    ] {
        let refused = app.post(ADD, &form).await;
        assert!(matches!(refused.code(), "1100" | "1101"), "{form:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{form:?}: {}", refused.message());
    }
    assert_eq!(app.post("/lfscada/user/sub/query", &[]).await.data(), &json!([]));
    assert_eq!(app.post(ADD, &[("loginname", "demo"), ("password", "Op@123456")]).await.code(), "1201");

    let added = app
        .post(
            ADD,
            &[
                ("loginname", "op2"),
                ("password", "Op@123456"),
                ("tel", "+86 138 0000 0000"),
                ("email", "op2@plant.example"),
                ("auths", "manage"),
            ],
        )
        .await;
    let id = added.data()["userId"].to_string();
    let listed = app.post("/lfscada/user/sub/query", &[]).await;
    assert_eq!(listed.data().as_array().unwrap().len(), 1);
    let entry = &listed.data()[0];
    assert_eq!(
        (entry["loginname"].as_str(), entry["dataRange"].as_str(), entry["auths"].clone(), entry["disabled"].as_bool()),
        (Some("op2"), Some("authorised"), json!(["manage"]), Some(false))
    );
    assert!(!listed.body.to_string().contains("argon"), "never the password hash");

    // A sub-account cannot manage accounts, nor reach the administrator through these calls.
    let (op, _) = login_as(app, "op2", "Op@123456").await;
    for path in [
        "/lfscada/user/sub/query",
        ADD,
        "/lfscada/user/sub/edit",
        "/lfscada/user/sub/resetPwd",
        "/lfscada/user/sub/disable",
        "/lfscada/user/sub/equipment",
        AUTHORISE,
    ] {
        let refused = post_as(app, &op, path, &[("userId", &id), ("loginname", "x1"), ("password", "Op@123456")]).await;
        assert_eq!(refused.code(), "1011", "{path}: {:?}", refused.body);
    }
    let admin_id = app.get("/lfscada/user/info").await.data()["userId"].to_string();
    for (path, form) in [
        ("/lfscada/user/sub/resetPwd", vec![("userId", admin_id.as_str()), ("password", "Op@123456")]),
        ("/lfscada/user/sub/disable", vec![("userId", admin_id.as_str()), ("disabled", "true")]),
        ("/lfscada/user/sub/edit", vec![("userId", admin_id.as_str())]),
        ("/lfscada/user/sub/equipment", vec![("userId", "999999")]),
    ] {
        assert_eq!(app.post(path, &form).await.code(), "1217", "{path}");
    }
    assert_eq!(app.post(AUTHORISE, &[("userId", &id), ("equipmentIds", "999999")]).await.code(), "1214");

    // A password reset ends the account's sessions; the new password works, the old does not.
    assert_eq!(post_as(app, &op, "/lfscada/msg/queryUnReadMsgCount", &[]).await.code(), "200");
    assert_eq!(app.post("/lfscada/user/sub/resetPwd", &[("userId", &id), ("password", "weak")]).await.code(), "1100");
    assert_eq!(
        app.post("/lfscada/user/sub/resetPwd", &[("userId", &id), ("password", "New@12345")]).await.code(),
        "200"
    );
    assert_eq!(post_as(app, &op, "/lfscada/msg/queryUnReadMsgCount", &[]).await.code(), "1006");
    assert_eq!(login_as(app, "op2", "Op@123456").await.1.code(), "1002");
    let (op, login) = login_as(app, "op2", "New@12345").await;
    assert_eq!(login.code(), "200");

    // Disabling ends the sessions and refuses log-ins with their own message; enabling lets the account back.
    assert_eq!(app.post("/lfscada/user/sub/disable", &[("userId", &id), ("disabled", "maybe")]).await.code(), "1100");
    assert_eq!(app.post("/lfscada/user/sub/disable", &[("userId", &id), ("disabled", "true")]).await.code(), "200");
    assert_eq!(post_as(app, &op, "/lfscada/msg/queryUnReadMsgCount", &[]).await.code(), "1006");
    assert_eq!(login_as(app, "op2", "New@12345").await.1.code(), "1009");
    assert_eq!(login_as(app, "op2", "Wrong@12345").await.1.code(), "1002", "a wrong password says nothing more");
    assert_eq!(app.post("/lfscada/user/sub/query", &[]).await.data()[0]["disabled"], true);
    assert_eq!(app.post("/lfscada/user/sub/disable", &[("userId", &id), ("disabled", "false")]).await.code(), "200");
    assert_eq!(login_as(app, "op2", "New@12345").await.1.code(), "200");
});

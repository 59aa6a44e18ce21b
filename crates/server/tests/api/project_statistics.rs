//! The project monitor's statistics (spec section 7: `monitor/project/equip/queryCount` and
//! `monitor/project/alarm/queryCount`, the system keys of a project page): counted over the project's equipment
//! only; online by the gateway; open alarms only; refused to a limited account that does not see every equipment
//! of the project, to another organisation, and (alarm counts) to an account without the alarm permission; a bad
//! flag names its field.

use crate::both_backends;
use crate::monitor_list::alarm as open_alarm;
use crate::walk_fixture::{account, post_as};
use ironsight_domain::permission;
use ironsight_store::alarms::AlarmKey;
use serde_json::json;

const EQUIP_COUNT: &str = "/lfscada/monitor/project/equip/queryCount";
const ALARM_COUNT: &str = "/lfscada/monitor/project/alarm/queryCount";

both_backends!(a_project_page_counts_its_equipment_online_offline_alarmed_and_open_alarms, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let add = |name: &'static str| async move {
        let added = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await;
        added.data()["id"].as_i64().unwrap()
    };
    let (online, offline, loose, outside) =
        (add("Online").await, add("Offline").await, add("Loose").await, add("Outside").await);
    for (sn, id) in [("EG-ON", online), ("EG-OFF", offline), ("EG-OUT", outside)] {
        assert_eq!(app.post("/lfscada/gateway/add", &[("sn", sn)]).await.code(), "200");
        let bound = app.post("/lfscada/equipment/multi/bindGateway", &[("id", &id.to_string()), ("sn", sn)]).await;
        assert_eq!(bound.code(), "200", "{:?}", bound.body);
    }
    for sn in ["EG-ON", "EG-OUT"] {
        let status =
            serde_json::from_value(json!({"online": true, "t": 0, "vpn": false, "signalStrength": 80})).unwrap();
        app.store.set_gateway_status(sn, &status).await.unwrap();
    }
    // Open alarms: two on the online equipment, one on the offline one; a released one and one outside the project
    // do not count.
    for (equipment, key) in [(online, 1), (online, 2), (offline, 3), (offline, 4), (outside, 5)] {
        app.store.add_alarm(&open_alarm(org, equipment, key)).await.unwrap();
    }
    app.store.release_alarm(AlarmKey::SignalNoData(4), 1_800_000_009_000).await.unwrap();
    let members = format!("{online},{offline},{loose}");
    let project = app.post("/lfscada/project/add", &[("name", "Site"), ("equipmentIds", &members)]).await;
    let project = project.data()["id"].to_string();

    let count = |client: reqwest::Client, path: &'static str, form: Vec<(&'static str, &'static str)>| {
        let project = project.clone();
        async move {
            let mut form: Vec<(&str, &str)> = form;
            form.push(("projectId", project.as_str()));
            post_as(app, &client, path, &form).await
        }
    };
    let demo = app.client.clone();
    for (form, expected) in [
        (vec![], 3),
        (vec![("online", "true")], 1),
        (vec![("online", "false")], 2),
        (vec![("alarm", "true")], 2),
        (vec![("online", "true"), ("alarm", "true")], 1),
    ] {
        let answer = count(demo.clone(), EQUIP_COUNT, form.clone()).await;
        assert_eq!((answer.code(), answer.data().as_i64()), ("200", Some(expected)), "{form:?}: {:?}", answer.body);
    }
    let alarms = count(demo.clone(), ALARM_COUNT, vec![]).await;
    assert_eq!((alarms.code(), alarms.data().as_i64()), ("200", Some(3)), "{:?}", alarms.body);

    // Bad input names its field; an unknown project is not found.
    let bad = count(demo.clone(), EQUIP_COUNT, vec![("online", "maybe")]).await;
    assert_eq!((bad.code(), bad.body["data"]["field"].as_str()), ("1100", Some("online")));
    let bad = count(demo.clone(), EQUIP_COUNT, vec![("alarm", "1")]).await;
    assert_eq!((bad.code(), bad.body["data"]["field"].as_str()), ("1100", Some("alarm")));
    assert_eq!(app.post(EQUIP_COUNT, &[]).await.code(), "1101");
    assert_eq!(app.post(ALARM_COUNT, &[("projectId", "999999")]).await.code(), "1253");

    // A limited account sees the counts only while every equipment of the project is granted to it.
    let alarm_auths = [permission::EQUIPINFO_MENU_ALARM, permission::DESIGNER_MENU_ALARM];
    let limited = account(app, "limited", org, "user", "authorised", &alarm_auths).await;
    let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    for equipment in [online, offline] {
        app.store.grant_equipment(limited_id, equipment).await.unwrap();
    }
    assert_eq!(count(limited.clone(), EQUIP_COUNT, vec![]).await.code(), "1253", "the loose one is not granted");
    assert_eq!(count(limited.clone(), ALARM_COUNT, vec![]).await.code(), "1253");
    app.store.grant_equipment(limited_id, loose).await.unwrap();
    assert_eq!(count(limited.clone(), EQUIP_COUNT, vec![("alarm", "true")]).await.data().as_i64(), Some(2));
    assert_eq!(count(limited.clone(), ALARM_COUNT, vec![]).await.data().as_i64(), Some(3));

    // Without the alarm permission: the equipment counts, not the alarms.
    let plain = account(app, "plain", org, "user", "all", &[]).await;
    assert_eq!(count(plain.clone(), EQUIP_COUNT, vec![("online", "false")]).await.data().as_i64(), Some(2));
    assert_eq!(count(plain.clone(), EQUIP_COUNT, vec![("alarm", "true")]).await.code(), "1211");
    assert_eq!(count(plain.clone(), ALARM_COUNT, vec![]).await.code(), "1211");

    // Another organisation's administrator is told the project does not exist.
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let stranger = account(app, "stranger", elsewhere, "admin", "all", &alarm_auths).await;
    assert_eq!(count(stranger.clone(), EQUIP_COUNT, vec![]).await.code(), "1253");
    assert_eq!(count(stranger, ALARM_COUNT, vec![]).await.code(), "1253");
});

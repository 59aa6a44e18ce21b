//! The message centre: the caller's messages listed by type, read state and equipment; marked read (one, some,
//! all, an equipment's alarms) and deleted; a list naming another user's message refused whole; a limited account
//! sees only messages of equipment granted to it; a notice opens its announcement.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use crate::walk_fixture::account;
use ironsight_store::messages::{NewAlarmMessage, NewMessage};
use serde_json::Value;

const QUERY: &str = "/lfscada/msg/query";
const INFO: &str = "/lfscada/msg/info";
const MARK: &str = "/lfscada/msg/markAsRead";
const MARK_ALL: &str = "/lfscada/msg/allMarkAsRead";
const MARK_EQUIP: &str = "/lfscada/msg/markAsReadForEquipAlarm";
const DELETE: &str = "/lfscada/msg/delete";
const UNREAD: &str = "/lfscada/msg/queryUnReadMsgCount";
const NOTICE: &str = "/lfscada/notice/detail";

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn equipment(app: &TestApp, name: &str) -> i64 {
    app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].as_i64().unwrap()
}

async fn alarm_message(app: &TestApp, user_id: i64, equipment_id: i64, title: &str) -> i64 {
    let m =
        NewAlarmMessage { user_id, title, title_en: title, note: "1", equipment_id, alarm_id: 1, broadcast_times: 3 };
    app.store.add_alarm_message(&m).await.unwrap().id
}

fn ids(answer: &Answer) -> Vec<i64> {
    answer.data()["list"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect()
}

/// Every message of the user as the store holds it (read and deleted flags), to show a refused call changed
/// nothing.
async fn state_of(app: &TestApp) -> Vec<Value> {
    let all = app.post(QUERY, &[("pageSize", "100")]).await;
    all.data()["list"].as_array().unwrap().iter().map(|m| serde_json::json!([m["id"], m["read"]])).collect()
}

both_backends!(message_centre_lists_marks_and_deletes, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let (pump, tank) = (equipment(app, "Pump").await, equipment(app, "Tank").await);
    let on_pump = alarm_message(app, demo.id, pump, "Pump overpressure").await;
    let on_tank = alarm_message(app, demo.id, tank, "Tank high").await;
    let notice = NewMessage { user_id: demo.id, kind: "notice", title: "Shutdown on Friday", note: "" };
    let notice = app.store.add_message(&notice).await.unwrap();
    let foreign = NewMessage { user_id: admin.id, kind: "notice", title: "Not demo's", note: "" };
    let foreign = app.store.add_message(&foreign).await.unwrap().to_string();

    let all = app.post(QUERY, &[]).await;
    assert_eq!(all.code(), "200", "{:?}", all.body);
    assert_eq!(all.data()["total"], 3, "the caller's own only");
    assert_eq!(ids(&all), vec![notice, on_tank, on_pump], "newest first");
    let first = &all.data()["list"][1];
    assert_eq!(
        (first["type"].as_str(), first["dataId"].as_str(), first["equipId"].as_i64(), first["read"].as_bool()),
        (Some("alarm"), Some(tank.to_string().as_str()), Some(tank), Some(false))
    );
    assert_eq!(first["alarmBroadcastTimes"], 3);
    assert_eq!(ids(&app.post(QUERY, &[("type", "alarm")]).await), vec![on_tank, on_pump]);
    assert_eq!(ids(&app.post(QUERY, &[("equipId", &pump.to_string())]).await), vec![on_pump]);
    let paged = app.post(QUERY, &[("page", "2"), ("pageSize", "2")]).await;
    assert_eq!((paged.data()["total"].as_i64(), ids(&paged)), (Some(3), vec![on_pump]));

    // One read: the unread list and the count follow; reading it again changes nothing.
    let marked = app.post(MARK, &[("ids", &on_pump.to_string())]).await;
    assert_eq!(marked.data()["changed"], 1, "{:?}", marked.body);
    assert_eq!(app.post(UNREAD, &[]).await.data(), 2);
    assert_eq!(ids(&app.post(QUERY, &[("readStatus", "read")]).await), vec![on_pump]);
    assert_eq!(ids(&app.post(QUERY, &[("readStatus", "unread")]).await), vec![notice, on_tank]);
    assert_eq!(app.post(MARK, &[("ids", &on_pump.to_string())]).await.data()["changed"], 0);
    let info = app.post(INFO, &[("id", &on_pump.to_string())]).await;
    assert_eq!((info.data()["title"].as_str(), info.data()["read"].as_bool()), (Some("Pump overpressure"), Some(true)));

    // A list naming another user's message is refused whole, and so is a look at it.
    let before = state_of(app).await;
    let mixed = format!("{on_tank},{foreign}");
    assert_eq!(app.post(MARK, &[("ids", &mixed)]).await.code(), "1280");
    assert_eq!(app.post(DELETE, &[("ids", &mixed)]).await.code(), "1280");
    assert_eq!(app.post(INFO, &[("id", &foreign)]).await.code(), "1280");
    assert_eq!(app.post(MARK, &[("ids", "999999")]).await.code(), "1280");
    assert_eq!(state_of(app).await, before, "nothing changed");
    assert_eq!(app.store.unread_message_count(&admin.viewer()).await.unwrap(), 1, "the other user's stays unread");

    // Bad input names its field and changes nothing.
    for (form, code, field) in [
        (vec![("type", "bogus")], "1100", "type"),
        (vec![("readStatus", "maybe")], "1100", "readStatus"),
        (vec![("pageSize", "101")], "1100", "pageSize"),
    ] {
        let refused = app.post(QUERY, &form).await;
        assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), (code, Some(field)), "{form:?}");
    }
    assert_eq!(app.post(MARK, &[]).await.body["data"]["field"], "ids");
    assert_eq!(app.post(MARK, &[("ids", "one")]).await.body["data"]["field"], "ids");
    let too_many = (1..=101).map(|n| n.to_string()).collect::<Vec<_>>().join(",");
    assert_eq!(app.post(DELETE, &[("ids", &too_many)]).await.body["data"]["field"], "ids");
    assert_eq!(app.post(MARK_ALL, &[("type", "spam")]).await.body["data"]["field"], "type");
    assert_eq!(app.post(MARK_EQUIP, &[("dataId", &pump.to_string()), ("equipType", "x")]).await.code(), "1100");
    assert_eq!(state_of(app).await, before, "nothing changed");

    // An equipment's alarms read at once; then everything else.
    let by_equipment = app.post(MARK_EQUIP, &[("dataId", &tank.to_string()), ("equipType", "eg")]).await;
    assert_eq!(by_equipment.data()["changed"], 1, "{:?}", by_equipment.body);
    assert_eq!(ids(&app.post(QUERY, &[("readStatus", "unread")]).await), vec![notice]);
    assert_eq!(app.post(MARK_ALL, &[("type", "alarm")]).await.data()["changed"], 0, "no unread alarm left");
    assert_eq!(app.post(MARK_ALL, &[]).await.data()["changed"], 1);
    assert_eq!(app.post(UNREAD, &[]).await.data(), 0);

    // Deleted: gone from the list, the look-up and a second delete.
    let deleted = app.post(DELETE, &[("ids.0", &on_pump.to_string()), ("ids.1", &notice.to_string())]).await;
    assert_eq!(deleted.data()["changed"], 2, "{:?}", deleted.body);
    assert_eq!(ids(&app.post(QUERY, &[]).await), vec![on_tank]);
    assert_eq!(app.post(INFO, &[("id", &notice.to_string())]).await.code(), "1280");
    assert_eq!(app.post(DELETE, &[("ids", &notice.to_string())]).await.code(), "1280");
});

both_backends!(a_limited_account_sees_messages_of_granted_equipment_only, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let (granted, hidden) = (equipment(app, "Granted pump").await, equipment(app, "Hidden pump").await);
    let limited = account(app, "limited", demo.org_id, "user", "authorised", &[]).await;
    let user = app.store.user_by_loginname("limited").await.unwrap().unwrap();
    app.store.grant_equipment(user.id, granted).await.unwrap();
    let seen = alarm_message(app, user.id, granted, "Granted pump fault").await;
    let unseen = alarm_message(app, user.id, hidden, "Hidden pump fault").await;
    let notice = NewMessage { user_id: user.id, kind: "notice", title: "For everyone", note: "" };
    let notice = app.store.add_message(&notice).await.unwrap();

    let listed = post_as(app, &limited, QUERY, &[]).await;
    assert_eq!(ids(&listed), vec![notice, seen], "the hidden equipment's message is not listed");
    assert!(!listed.body.to_string().contains("Hidden"));
    assert_eq!(post_as(app, &limited, UNREAD, &[]).await.data(), 2, "nor counted");
    let hidden_id = hidden.to_string();
    assert_eq!(post_as(app, &limited, INFO, &[("id", &unseen.to_string())]).await.code(), "1280");
    assert_eq!(post_as(app, &limited, MARK, &[("ids", &unseen.to_string())]).await.code(), "1280");
    assert_eq!(post_as(app, &limited, QUERY, &[("equipId", &hidden_id)]).await.code(), "1214");
    assert_eq!(post_as(app, &limited, MARK_EQUIP, &[("dataId", &hidden_id)]).await.code(), "1214");
    assert_eq!(post_as(app, &limited, MARK_ALL, &[]).await.data()["changed"], 2);
    let hidden_message = app.store.message(&whole_org_viewer(&user), unseen).await.unwrap().unwrap();
    assert!(!hidden_message.read, "marking all did not reach the hidden equipment's message");

    // Another organisation's equipment is refused like an ungranted one.
    let outsider = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let other = account(app, "outsider2", outsider.org_id, "admin", "all", &[]).await;
    assert_eq!(post_as(app, &other, QUERY, &[("equipId", &granted.to_string())]).await.code(), "1214");
});

/// The user as a viewer of its whole organisation: the store's look-up past the grant.
fn whole_org_viewer(user: &ironsight_store::users::User) -> ironsight_store::access::Viewer {
    ironsight_store::access::Viewer { org_id: user.org_id, user_id: user.id, granted_only: false }
}

both_backends!(a_notice_opens_its_announcement, Options::default(), |app| {
    app.login_demo().await;
    let id =
        app.post("/lfscada/announcement/add", &[("title", "停水通知"), ("content", "周五 9:00 <b>停水</b>")]).await;
    let id = id.data()["id"].to_string();
    assert_eq!(app.post(NOTICE, &[("id", &id)]).await.code(), "1235", "a draft is nobody's notice yet");
    assert_eq!(app.post("/lfscada/announcement/publish", &[("id", &id)]).await.code(), "200");
    let detail = app.post(NOTICE, &[("id", &id)]).await;
    assert_eq!(
        (detail.data()["title"].as_str(), detail.data()["content"].as_str(), detail.data()["status"].as_str()),
        (Some("停水通知"), Some("周五 9:00 <b>停水</b>"), Some("published"))
    );
    let notices = app.post(QUERY, &[("type", "notice")]).await;
    assert_eq!(notices.data()["list"][0]["dataId"], id.as_str(), "the notice message names it");

    let outsider = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let other = account(app, "outsider3", outsider.org_id, "admin", "all", &[]).await;
    assert_eq!(post_as(app, &other, NOTICE, &[("id", &id)]).await.code(), "1235", "another organisation's");
    assert_eq!(app.post(NOTICE, &[("id", "0")]).await.code(), "1235");
    assert_eq!(app.post(NOTICE, &[]).await.body["data"]["field"], "id");
});

//! The shared equipment's configuration pages in the public share view (docs/share.md): the page list with the
//! equipment's display, a page with its document, the history and alarm records its tables read, each only for
//! the share session's equipment: another equipment's page and a project's page answer as a page that does not
//! exist (1214), a page with its own password 1345, another equipment's signal is refused by field, a revoked
//! visit 1343, the owner's console session is no share session, and bad input is refused without a 500.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer, browser};
use ironsight_store::alarms::{AlarmKey, NewAlarm};
use ironsight_store::readings::StoredReading;
use serde_json::json;

const OPEN: &str = "/lfscada/share/open";
const PAGES: &str = "/lfscada/share/pages";
const PAGE_INFO: &str = "/lfscada/share/page/info";
const HISTORY: &str = "/lfscada/share/history";
const ALARMS: &str = "/lfscada/share/alarms";
const PASSWORD: &str = "/lfscada/equipment/multi/share/editPwd";
const AUTH: &str = "/lfscada/equipment/multi/share/editAuth";
const PAGE_ADD: &str = "/lfscada/configuration/page/add";
/// A reading's time, and the range the history and alarm reads ask for around it.
const T: i64 = 1_800_000_000_000;

async fn get_as(app: &TestApp, client: &reqwest::Client, path: &str, query: &[(&str, &str)]) -> Answer {
    answer(client.get(app.url(path)).query(query).send().await.unwrap()).await
}

/// A new equipment with one signal → (equipment id, signal id).
async fn equipment(app: &TestApp, name: &str) -> (String, String) {
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", name), ("display", "page")]).await.data()["id"]
        .to_string();
    let signals = json!([{"name": format!("{name} speed"), "area": "holding_register", "address": 0,
        "dataType": "uint16", "writable": true, "max": 2000}]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &signals.to_string())])
        .await;
    (id, saved.data()["ids"][0].to_string())
}

async fn page(app: &TestApp, owner: (&str, &str), title: &str) -> String {
    let path = if owner.0 == "projectId" { "/lfscada/project/page/add" } else { PAGE_ADD };
    let added = app.post(path, &[owner, ("title", title)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    added.data()["id"].to_string()
}

both_backends!(a_visitor_opens_the_shared_equipments_pages_and_nothing_else, Options::default(), |app| {
    app.login_demo().await;
    let (pump, speed) = equipment(app, "Pump").await;
    let (fan, fan_speed) = equipment(app, "Fan").await;
    let overview = page(app, ("equipmentId", &pump), "Overview").await;
    let details = page(app, ("equipmentId", &pump), "Details").await;
    let locked = page(app, ("equipmentId", &pump), "Locked").await;
    let set = app.post("/lfscada/configuration/page/setPassword", &[("id", &locked), ("password", "pg12")]).await;
    assert_eq!(set.code(), "200", "{:?}", set.body);
    assert_eq!(app.post("/lfscada/configuration/page/setHome", &[("id", &details)]).await.code(), "200");
    let fan_page = page(app, ("equipmentId", &fan), "Fan page").await;
    let project =
        app.post("/lfscada/project/add", &[("name", "Plant"), ("equipmentIds", &format!("{pump},{fan}"))]).await;
    assert_eq!(project.code(), "200", "{:?}", project.body);
    let project_page = page(app, ("projectId", &project.data()["id"].to_string()), "Plant overview").await;

    let pump_id: i64 = pump.parse().unwrap();
    let reading = StoredReading {
        signal_id: speed.parse().unwrap(),
        equipment_id: pump_id,
        t: T,
        v: Some(1450.0),
        good: true,
        error_code: None,
    };
    app.store.write_readings(&[reading]).await.unwrap();
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    for (equipment_id, signal_id) in [(pump_id, &speed), (fan.parse().unwrap(), &fan_speed)] {
        let signal_id = signal_id.parse().unwrap();
        let alarm = NewAlarm {
            key: AlarmKey::SignalNoData(signal_id),
            org_id: org,
            equipment_id,
            signal_id: Some(signal_id),
            level: 1,
            equip_title: "Equipment",
            signal_title: "speed",
            gmt_trigger: T,
            value: None,
            msg_zh: "无数据",
            msg_en: "No data",
        };
        app.store.add_alarm(&alarm).await.unwrap();
    }

    // Nothing before the password.
    let (visitor, _) = browser(&app.url(""));
    assert_eq!(get_as(app, &visitor, PAGES, &[("equipId", &pump)]).await.code(), "1343");
    assert_eq!(get_as(app, &visitor, PAGE_INFO, &[("equipId", &pump), ("pageId", &overview)]).await.code(), "1343");
    assert_eq!(app.post(PASSWORD, &[("equipId", &pump), ("password", "ab12")]).await.code(), "200");
    assert_eq!(app.post(PASSWORD, &[("equipId", &fan), ("password", "fan1")]).await.code(), "200");
    let opened = answer(
        visitor.post(app.url(OPEN)).form(&[("equipId", &pump), ("password", &"ab12".into())]).send().await.unwrap(),
    )
    .await;
    assert_eq!(opened.code(), "200", "{:?}", opened.body);

    // The list: the equipment's display and its own pages without a password, the home page marked.
    let pages = get_as(app, &visitor, PAGES, &[("equipId", &pump)]).await;
    assert_eq!(pages.code(), "200", "{:?}", pages.body);
    assert_eq!(pages.data()["display"], "page");
    let listed: Vec<(String, bool)> = pages.data()["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["title"].as_str().unwrap().to_owned(), p["home"] == true))
        .collect();
    assert_eq!(listed, [("Overview".to_owned(), false), ("Details".to_owned(), true)]);

    // A page of the equipment, with its document; any other page answers as one that does not exist.
    let info = get_as(app, &visitor, PAGE_INFO, &[("equipId", &pump), ("pageId", &overview)]).await;
    assert_eq!(info.code(), "200", "{:?}", info.body);
    assert_eq!((info.data()["title"].as_str(), info.data()["equipmentId"].as_i64()), (Some("Overview"), Some(pump_id)));
    assert!(info.data()["document"].is_object(), "{:?}", info.body);
    for other in [fan_page.as_str(), project_page.as_str(), "999999"] {
        let refused = get_as(app, &visitor, PAGE_INFO, &[("equipId", &pump), ("pageId", other)]).await;
        assert_eq!(refused.code(), "1214", "page {other}: {:?}", refused.body);
    }
    let protected = get_as(app, &visitor, PAGE_INFO, &[("equipId", &pump), ("pageId", &locked)]).await;
    assert_eq!(protected.code(), "1345", "{:?}", protected.body);
    // Another equipment's calls: 1214 as for the other share calls.
    for (path, query) in [
        (PAGES, vec![("equipId", fan.as_str())]),
        (PAGE_INFO, vec![("equipId", fan.as_str()), ("pageId", fan_page.as_str())]),
        (ALARMS, vec![("equipId", fan.as_str())]),
    ] {
        assert_eq!(get_as(app, &visitor, path, &query).await.code(), "1214", "{path}");
    }

    // History of the equipment's signals only; alarm records of the equipment only.
    let (start, end) = ((T - 60_000).to_string(), (T + 60_000).to_string());
    let range = [("startTime", start.as_str()), ("endTime", end.as_str())];
    let mut asked = vec![("equipId", pump.as_str()), ("signalIds", speed.as_str())];
    asked.extend(range);
    let history = get_as(app, &visitor, HISTORY, &asked).await;
    assert_eq!(history.code(), "200", "{:?}", history.body);
    assert_eq!(history.data()["series"][0]["points"][0][1], 1450.0, "{:?}", history.body);
    let both = format!("{speed},{fan_speed}");
    let mut elsewhere = vec![("equipId", pump.as_str()), ("signalIds", both.as_str())];
    elsewhere.extend(range);
    let refused = get_as(app, &visitor, HISTORY, &elsewhere).await;
    assert!(refused.code() == "1100" && refused.message().contains("signalIds.1"), "{:?}", refused.body);
    let alarms = get_as(app, &visitor, ALARMS, &[("equipId", &pump)]).await;
    assert_eq!(alarms.code(), "200", "{:?}", alarms.body);
    assert_eq!(alarms.data()["total"], 1);
    assert_eq!(alarms.data()["list"][0]["equipId"].as_i64(), Some(pump_id), "{:?}", alarms.body);

    // The owner's console session is no share session; the visitor's cookie opens no console page call.
    assert_eq!(app.get(&format!("{PAGES}?equipId={pump}")).await.code(), "1343");
    let console = answer(
        visitor.post(app.url("/lfscada/configuration/page/info")).form(&[("id", &overview)]).send().await.unwrap(),
    )
    .await;
    assert_eq!(console.code(), "1010");

    // Bad input: a clear field error, never a 500.
    for (path, query) in [
        (PAGE_INFO, vec![("equipId", pump.as_str())]),
        (PAGE_INFO, vec![("equipId", pump.as_str()), ("pageId", "abc")]),
        (HISTORY, vec![("equipId", pump.as_str()), ("signalIds", speed.as_str())]),
        (HISTORY, vec![("equipId", pump.as_str()), ("signalIds", "x"), ("startTime", "1"), ("endTime", "2")]),
        (
            HISTORY,
            vec![("equipId", pump.as_str()), ("signalIds", speed.as_str()), ("startTime", "5"), ("endTime", "1")],
        ),
        (ALARMS, vec![("equipId", pump.as_str()), ("page", "0")]),
        (PAGES, vec![("equipId", "abc")]),
    ] {
        let refused = get_as(app, &visitor, path, &query).await;
        assert!(matches!(refused.code(), "1100" | "1101"), "{path} {query:?}: {:?}", refused.body);
    }

    // A new authority revokes the visit for the page calls too.
    assert_eq!(app.post(AUTH, &[("equipId", &pump), ("auth", "control")]).await.code(), "200");
    for (path, query) in [
        (PAGES, vec![("equipId", pump.as_str())]),
        (PAGE_INFO, vec![("equipId", pump.as_str()), ("pageId", overview.as_str())]),
        (ALARMS, vec![("equipId", pump.as_str())]),
        (HISTORY, asked.clone()),
    ] {
        assert_eq!(get_as(app, &visitor, path, &query).await.code(), "1343", "{path}");
    }
});

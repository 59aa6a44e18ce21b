//! The project monitor's live calls (spec section 7, "Project monitor"; docs/project-monitor.md): the project
//! token and socket, the gateways of a page, their monitor windows, the current values of a page's signals, and the
//! page with its password. Each is answered for the administrator as the site was set up, refused to a limited
//! account that does not see every equipment of the project and to another organisation (as unknown), and bad
//! input names its field and changes nothing.

use crate::both_backends;
use crate::helpers::TestApp;
use crate::live_sessions::{Socket, closes};
use crate::project_site::{Site, call, names_field, site};
use futures_util::StreamExt;
use ironsight::answers::live::EgFrame;
use ironsight_store::readings::StoredReading;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const TOKEN: &str = "/lfscada/websocket/monitor/project/token";
const GATEWAYS: &str = "/lfscada/monitor/project/gateway/query";
const OPEN: &str = "/lfscada/monitor/project/gateway/open";
const VALUES: &str = "/lfscada/monitor/project/signal/query";
const PAGE_INFO: &str = "/lfscada/monitor/project/page/info";
const PAGE_PASSWORD: &str = "/lfscada/monitor/project/page/validPassword";

/// Opens `client`'s project socket of `page` for `equipment` (comma-joined).
async fn open(app: &TestApp, client: &reqwest::Client, page: &str, equipment: &str) -> Socket {
    let token = call(app, client, TOKEN, &[("pageId", page), ("dataEquip", equipment)]).await;
    let token = token.data().as_str().unwrap_or_else(|| panic!("{:?}", token.body)).to_owned();
    let url = format!("{}/lfscada/ws/project/signal/subscribe/{token}", app.base.replace("http://", "ws://"));
    tokio_tungstenite::connect_async(&url).await.expect("socket opens").0
}

/// The next text frame of `socket`, as JSON (bounded only against hanging).
async fn next_frame(socket: &mut Socket) -> Value {
    let message = tokio::time::timeout(Duration::from_secs(15), socket.next()).await.expect("a frame in time");
    let message = message.expect("the socket is open").expect("a frame");
    serde_json::from_str(message.to_text().unwrap()).unwrap()
}

/// An EG frame of `equipment` with a gateway alarm count that names it.
fn frame_of(equipment: &str, alarms: i64) -> (i64, EgFrame) {
    (equipment.parse().unwrap(), EgFrame { gateway_alarm: alarms, ..EgFrame::default() })
}

both_backends!(
    the_project_socket_pushes_the_pages_equipment_only_and_closes_with_the_session,
    Options::default(),
    |app| {
        let s = site(app).await;
        let both = format!("{},{}", s.a(), s.b());
        let mut socket = open(app, &app.client, &s.page, &both).await;
        // Elsewhere's frame first: were it forwarded, it would be among the two that arrive.
        for (equipment, alarms) in [(s.elsewhere(), 30), (s.a(), 10), (s.b(), 20)] {
            let (id, frame) = frame_of(equipment, alarms);
            app.state().live.publish_equipment(id, &frame);
        }
        let mut got = [next_frame(&mut socket).await, next_frame(&mut socket).await];
        got.sort_by_key(|f| f["gatewayAlarm"].as_i64());
        let a: i64 = s.a().parse().unwrap();
        let b: i64 = s.b().parse().unwrap();
        assert_eq!(got[0], json!({"equipmentId": a, "signalVal": {}, "gatewayAlarm": 10, "signalAlarm": {}}));
        assert_eq!((got[1]["equipmentId"].as_i64(), got[1]["gatewayAlarm"].as_i64()), (Some(b), Some(20)));
        // Idle texts need no answer and keep the socket open.
        use futures_util::SinkExt;
        socket.send(Message::Text("project monitor idle".into())).await.unwrap();
        let (id, frame) = frame_of(s.a(), 11);
        app.state().live.publish_equipment(id, &frame);
        assert_eq!(next_frame(&mut socket).await["gatewayAlarm"], 11);

        // A token opens one socket only, and not the EG socket.
        let token = call(app, &app.client, TOKEN, &[("pageId", &s.page), ("dataEquip", s.a())]).await;
        let token = token.data().as_str().unwrap().to_owned();
        let eg = format!("{}/lfscada/ws/eg/signal/subscribe/{token}", app.base.replace("http://", "ws://"));
        assert!(tokio_tungstenite::connect_async(&eg).await.is_err(), "a project token is not an EG token");

        // Refused: the limited account (not every equipment of the project), another organisation, an equipment's page.
        for client in [&s.limited, &s.stranger] {
            assert_eq!(call(app, client, TOKEN, &[("pageId", &s.page), ("dataEquip", s.a())]).await.code(), "1205");
        }
        let equipment_page =
            call(app, &app.client, TOKEN, &[("pageId", &s.equipment_page), ("dataEquip", s.a())]).await;
        assert_eq!(equipment_page.code(), "1205");
        // The same code as a page that does not exist.
        let missing = call(app, &app.client, TOKEN, &[("pageId", "999999"), ("dataEquip", s.a())]).await;
        assert_eq!(missing.code(), "1205");
        // Whoever sees the whole project watches it, permission codes or not.
        assert_eq!(call(app, &s.plain, TOKEN, &[("pageId", &s.page), ("dataEquip", s.a())]).await.code(), "200");
        // Bad input names dataEquip: an equipment outside the project, not an id, none, too many.
        let outside = format!("{},{}", s.a(), s.elsewhere());
        let too_many = vec!["1"; 101].join(",");
        for equipment in [outside.as_str(), "x", "", too_many.as_str()] {
            let refused = call(app, &app.client, TOKEN, &[("pageId", &s.page), ("dataEquip", equipment)]).await;
            names_field(&refused, "dataEquip");
        }

        // The session ends (logout): the socket closes.
        let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
        app.store.grant_equipment(limited_id, s.b().parse().unwrap()).await.unwrap();
        let mut limited = open(app, &s.limited, &s.page, &both).await;
        assert_eq!(call(app, &s.limited, "/lfscada/user/logout", &[]).await.code(), "200");
        closes(&mut limited, "logout").await;
        // The account stops seeing every equipment of the project: its socket closes, even watching only the other.
        let (plain_sub, plain_id) = sub_account(app, &s).await;
        let mut watching_a = open(app, &plain_sub, &s.page, s.a()).await;
        let revoked = app.post("/lfscada/user/sub/authorise", &[("userId", &plain_id), ("equipmentIds", s.a())]).await;
        assert_eq!(revoked.code(), "200", "{:?}", revoked.body);
        closes(&mut watching_a, "Feeder B's grant revoked").await;
        // The administrator's socket is still open.
        let (id, frame) = frame_of(s.b(), 21);
        app.state().live.publish_equipment(id, &frame);
        assert_eq!(next_frame(&mut socket).await["gatewayAlarm"], 21);
    }
);

/// A sub-account granted both equipment of the project, logged in, and its id.
async fn sub_account(app: &TestApp, s: &Site) -> (reqwest::Client, String) {
    let added = app
        .post("/lfscada/user/sub/add", &[("loginname", "watcher"), ("password", "Watch@12345"), ("auths", "manage")])
        .await;
    let id = added.data()["userId"].to_string();
    let both = format!("{},{}", s.a(), s.b());
    assert_eq!(
        app.post("/lfscada/user/sub/authorise", &[("userId", &id), ("equipmentIds", &both)]).await.code(),
        "200"
    );
    let (client, _jar) = crate::helpers::browser(&app.base);
    let url = format!("{}/lfscada/user/login?loginname=watcher&password=Watch%4012345", app.base);
    assert_eq!(crate::helpers::answer(client.post(url).send().await.unwrap()).await.code(), "200");
    (client, id)
}

both_backends!(a_project_pages_gateways_windows_and_values, Options::default(), |app| {
    let s = site(app).await;
    let both = format!("{},{}", s.b(), s.a());
    let page = [("pageId", s.page.as_str()), ("dataEquip", both.as_str())];

    // The gateways, in the order asked: B's offline, A's online.
    let gateways = call(app, &app.client, GATEWAYS, &page).await;
    assert_eq!(gateways.code(), "200", "{:?}", gateways.body);
    let items = gateways.data().as_array().unwrap();
    let (a, b): (i64, i64) = (s.a().parse().unwrap(), s.b().parse().unwrap());
    assert_eq!(
        (items[0]["equipmentId"].as_i64(), &items[0]["online"], &items[0]["sn"]),
        (Some(b), &json!(false), &json!("EG-PB"))
    );
    assert_eq!(
        (items[1]["equipmentId"].as_i64(), &items[1]["online"], &items[1]["vpn"]),
        (Some(a), &json!(true), &json!(false))
    );
    assert!(items[1]["interval"].as_i64().is_some_and(|i| i > 0), "{items:?}");
    // An equipment without a gateway is listed offline, without interval.
    assert_eq!(app.post("/lfscada/equipment/multi/unbindGateway", &[("id", s.b())]).await.code(), "200");
    let unbound = call(app, &app.client, GATEWAYS, &page).await;
    assert_eq!(
        unbound.data()[0],
        json!({"equipmentId": b, "sn": null, "interval": null, "online": false, "vpn": false})
    );

    // Opening windows: A's (online) with delay 3600; B's has no gateway now (2001); Elsewhere is not the project's.
    let open = |equipment: &str, delay: &str| {
        let form = [
            ("projectId", s.project.clone()),
            ("equipmentId", equipment.to_owned()),
            ("interval", "1000".to_owned()),
            ("delay", delay.to_owned()),
        ];
        async move {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            call(app, &app.client, OPEN, &form).await
        }
    };
    assert_eq!(open(s.a(), "3600").await.code(), "200", "{:?}", open(s.a(), "3600").await.body);
    assert_eq!(open(s.b(), "3600").await.code(), "2001");
    names_field(&open(s.elsewhere(), "3600").await, "equipmentId");
    names_field(&open(s.a(), "0").await, "delay");
    let offline = app.post("/lfscada/equipment/multi/bindGateway", &[("id", s.b()), ("sn", "EG-PB")]).await;
    assert_eq!(offline.code(), "200");
    assert_eq!(open(s.b(), "3600").await.code(), "1207", "B's gateway is offline");

    // Current values: the project's signals asked for; Elsewhere's (and an unknown id) left out.
    let now = ironsight_store::now_ms();
    let readings: Vec<StoredReading> = (0..3)
        .map(|i| StoredReading {
            signal_id: s.signals[i].parse().unwrap(),
            equipment_id: s.equipment[i].parse().unwrap(),
            t: now,
            v: Some(10.0 * (i + 1) as f64),
            good: true,
            error_code: None,
        })
        .collect();
    app.store.write_readings(&readings).await.unwrap();
    let asked = format!("{},{},999999", s.signals.join(","), s.signals[0]);
    let values = call(app, &app.client, VALUES, &[("pageId", &s.page), ("dataSignal", &asked)]).await;
    assert_eq!(values.code(), "200", "{:?}", values.body);
    let found = values.data()["signalVal"].as_object().unwrap();
    let keys: Vec<&String> = found.keys().collect();
    let mut expected = vec![&s.signals[0], &s.signals[1]];
    expected.sort();
    assert_eq!(keys, expected);
    assert_eq!(
        (found[&s.signals[0]]["value"].as_f64(), found[&s.signals[1]]["value"].as_f64()),
        (Some(10.0), Some(20.0))
    );
    names_field(&call(app, &app.client, VALUES, &[("pageId", &s.page), ("dataSignal", "a")]).await, "dataSignal");
    names_field(&call(app, &app.client, VALUES, &[("pageId", &s.page)]).await, "dataSignal");

    // Refused as unknown: the limited account, another organisation; an equipment's page is no project page.
    for client in [&s.limited, &s.stranger] {
        assert_eq!(call(app, client, GATEWAYS, &page).await.code(), "1205");
        assert_eq!(
            call(app, client, VALUES, &[("pageId", &s.page), ("dataSignal", &s.signals[0])]).await.code(),
            "1205"
        );
    }
    assert_eq!(call(app, &s.limited, OPEN, &[("projectId", &s.project), ("equipmentId", s.a())]).await.code(), "1253");
    assert_eq!(call(app, &s.stranger, OPEN, &[("projectId", &s.project), ("equipmentId", s.a())]).await.code(), "1253");
    let equipment_page = [("pageId", s.equipment_page.as_str()), ("dataSignal", s.signals[0].as_str())];
    assert_eq!(call(app, &app.client, VALUES, &equipment_page).await.code(), "1205");
    // Without permission codes, a whole-organisation account reads the page as the administrator does.
    assert_eq!(call(app, &s.plain, GATEWAYS, &page).await.data().as_array().map(Vec::len), Some(2));
});

both_backends!(a_project_page_loads_with_its_password_and_an_equipments_page_is_not_one, Options::default(), |app| {
    let s = site(app).await;
    let info = call(app, &app.client, PAGE_INFO, &[("id", &s.page)]).await;
    assert_eq!(info.code(), "200", "{:?}", info.body);
    assert_eq!((info.data()["projectId"].to_string(), &info.data()["title"]), (s.project.clone(), &json!("Board")));
    assert_eq!(call(app, &app.client, PAGE_INFO, &[("id", &s.equipment_page)]).await.code(), "1205");
    assert_eq!(
        call(app, &app.client, PAGE_PASSWORD, &[("id", &s.equipment_page), ("password", "abcd")]).await.code(),
        "1205"
    );
    for client in [&s.limited, &s.stranger] {
        assert_eq!(call(app, client, PAGE_INFO, &[("id", &s.page)]).await.code(), "1205");
        assert_eq!(call(app, client, PAGE_PASSWORD, &[("id", &s.page), ("password", "abcd")]).await.code(), "1205");
    }

    // Protected: asked for until this session gives the password; wrong ones counted as the configuration page's.
    let set = app.post("/lfscada/configuration/page/setPassword", &[("id", &s.page), ("password", "site42")]).await;
    assert_eq!(set.code(), "200");
    assert_eq!(call(app, &s.plain, PAGE_INFO, &[("id", &s.page)]).await.code(), "1240");
    names_field(&call(app, &s.plain, PAGE_PASSWORD, &[("id", &s.page)]).await, "password");
    for _ in 0..5 {
        assert_eq!(call(app, &s.plain, PAGE_PASSWORD, &[("id", &s.page), ("password", "wrong1")]).await.code(), "1241");
    }
    assert_eq!(
        call(app, &s.plain, PAGE_PASSWORD, &[("id", &s.page), ("password", "site42")]).await.code(),
        "1007",
        "locked out"
    );
    assert_eq!(call(app, &app.client, PAGE_PASSWORD, &[("id", &s.page), ("password", "site42")]).await.code(), "200");
    let opened = call(app, &app.client, PAGE_INFO, &[("id", &s.page)]).await;
    assert_eq!((opened.code(), opened.data()["protected"].as_bool()), ("200", Some(true)));
    // The same unlock serves the configuration call: one page, one password.
    assert_eq!(app.post("/lfscada/configuration/page/info", &[("id", &s.page)]).await.code(), "200");
    let _ = s.org_id;
});

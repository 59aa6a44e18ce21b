//! EZVIZ video keys and live addresses (docs/ezviz.md) against a stand-in of the EZVIZ open API that the test runs
//! on a free port: it checks every form field, issues tokens and addresses, counts its calls, can call a token
//! expired once (the server gets a new one and asks again), refuses one serial number and a wrong key, and is
//! stopped to prove "unreachable". The secret is never in any answer; only administrators link or unlink the key;
//! a viewer gets the camera its page's widget names, never another; naming a serial takes the manage permission
//! and a grant on the equipment or project; another organisation sees nothing; the cache spares EZVIZ a second
//! ask; one account cannot burn the organisation's quota.

use crate::helpers::{Answer, Backend, Options, answer, spawn_app};
use crate::walk_fixture::account;
use axum::extract::{Form, State};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

const KEY_QUERY: &str = "/lfscada/ezviz/key/query";
const KEY_SAVE: &str = "/lfscada/ezviz/key/save";
const KEY_DELETE: &str = "/lfscada/ezviz/key/delete";
const LIVE: &str = "/lfscada/ezviz/live/address";
const PREVIEW: &str = "/lfscada/ezviz/live/preview";

const APP_KEY: &str = "KEY1";
const SECRET: &str = "SECRET1xyz";
/// The serial number the stand-in says does not exist.
const MISSING_DEVICE: &str = "GONE1";

/// The stand-in's state: calls counted, the tokens it issued, the form problems it saw.
#[derive(Default)]
struct StandIn {
    tokens: AtomicUsize,
    addresses: AtomicUsize,
    issued: Mutex<Vec<String>>,
    /// Calls the next address ask's token expired (EZVIZ's 10002), once.
    expire_token: AtomicBool,
    /// What a call sent that the protocol does not allow (empty when all was right).
    problems: Mutex<Vec<String>>,
    /// Where its HLS addresses point.
    base: Mutex<String>,
}

fn refusal(code: &str, msg: &str) -> Json<Value> {
    Json(json!({"code": code, "msg": msg, "data": null}))
}

async fn token(State(s): State<Arc<StandIn>>, Form(form): Form<HashMap<String, String>>) -> Json<Value> {
    s.tokens.fetch_add(1, Ordering::SeqCst);
    if form.len() != 2 {
        s.problems.lock().unwrap().push(format!("token form {:?}", form.keys().collect::<Vec<_>>()));
    }
    if form.get("appKey").map(String::as_str) != Some(APP_KEY) {
        return refusal("10017", "appKey不存在");
    }
    if form.get("appSecret").map(String::as_str) != Some(SECRET) {
        return refusal("10030", "appKey与appSecret不匹配");
    }
    let mut issued = s.issued.lock().unwrap();
    let token = format!("at.{}", issued.len() + 1);
    issued.push(token.clone());
    let expires = ironsight_store::now_ms() + 7 * 86_400_000;
    Json(json!({"code": "200", "msg": "操作成功", "data": {"accessToken": token, "expireTime": expires}}))
}

async fn address(State(s): State<Arc<StandIn>>, Form(form): Form<HashMap<String, String>>) -> Json<Value> {
    s.addresses.fetch_add(1, Ordering::SeqCst);
    let field = |name: &str| form.get(name).cloned().unwrap_or_default();
    for (name, expected) in [("protocol", "2"), ("quality", "1")] {
        if field(name) != expected {
            s.problems.lock().unwrap().push(format!("{name}={:?}", field(name)));
        }
    }
    if form.len() != 5 || field("deviceSerial").is_empty() || field("channelNo").parse::<i64>().is_err() {
        s.problems.lock().unwrap().push(format!("address form {form:?}"));
    }
    let token = field("accessToken");
    let latest = s.issued.lock().unwrap().last().cloned();
    if latest.as_deref() != Some(token.as_str()) || s.expire_token.swap(false, Ordering::SeqCst) {
        return refusal("10002", "accessToken过期或异常");
    }
    if field("deviceSerial") == MISSING_DEVICE {
        return refusal("20002", "设备不存在");
    }
    let url = format!("{}/hls/{}/{}.m3u8", s.base.lock().unwrap(), field("deviceSerial"), field("channelNo"));
    let expires = ironsight_store::now_ms() + 3_600_000;
    Json(json!({"code": "200", "msg": "操作成功", "data": {"id": "x", "url": url, "expireTime": expires}}))
}

/// Starts the stand-in → (its base URL, its state, the sender that stops it and the task to wait for).
async fn start_stand_in() -> (String, Arc<StandIn>, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let state = Arc::new(StandIn::default());
    let app = Router::new()
        .route("/api/lapp/token/get", post(token))
        .route("/api/lapp/v2/live/address/get", post(address))
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    *state.base.lock().unwrap() = url.clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
            })
            .await
            .unwrap();
    });
    (url, state, stop, task)
}

fn counts(s: &StandIn) -> (usize, usize) {
    (s.tokens.load(Ordering::SeqCst), s.addresses.load(Ordering::SeqCst))
}

/// Every answer the test saw, to prove the secret is in none.
#[derive(Default)]
struct Seen(Mutex<Vec<String>>);

impl Seen {
    fn keep(&self, answer: Answer) -> Answer {
        self.0.lock().unwrap().push(answer.body.to_string());
        answer
    }
}

async fn keys_and_live_addresses(backend: Backend) {
    let (url, stand_in, stop, task) = start_stand_in().await;
    let ezviz_url = Some(&*Box::leak(url.clone().into_boxed_str()));
    let test_app = spawn_app(backend, Options { ezviz_url, ..Options::default() }).await;
    let app = &test_app;
    let seen = Seen::default();
    app.login_demo().await;
    let org_id = app.get("/lfscada/user/info").await.data()["orgId"].as_i64().unwrap();

    // An equipment with a page of four widgets, and an equipment of its own for a limited sub-account.
    let camera_host =
        app.post("/lfscada/equipment/multi/add", &[("equipName", "Intake")]).await.data()["id"].to_string();
    let other = app.post("/lfscada/equipment/multi/add", &[("equipName", "Other")]).await.data()["id"].to_string();
    let added =
        app.post("/lfscada/configuration/page/add", &[("equipmentId", &camera_host), ("title", "Cameras")]).await;
    let page = added.data()["id"].to_string();
    let at = json!({"x": 0, "y": 0, "width": 320, "height": 240});
    let document = json!({"widgets": [
        {"id": "cam", "widgetType": "ComplexVideo", "position": at, "data": {"dataAddon": {"type": "ezviz", "serialNumber": "D123", "channelNumber": 2}}},
        {"id": "hls", "widgetType": "ComplexVideo", "position": at, "data": {"dataAddon": {"type": "stream", "hlsReserve": "/live/a.m3u8"}}},
        {"id": "blank", "widgetType": "ComplexVideo", "position": at, "data": {"dataAddon": {"type": "ezviz", "serialNumber": ""}}},
        {"id": "words", "widgetType": "UsualText", "position": at},
    ]});
    let saved =
        app.post("/lfscada/configuration/page/save", &[("id", &page), ("document", &document.to_string())]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let live = |widget: &'static str| [("pageId", page.clone()), ("widgetId", widget.to_owned())];
    let as_form = |pairs: &[(&'static str, String)]| -> Vec<(&'static str, String)> { pairs.to_vec() };
    let ask = |client: &reqwest::Client, path: &'static str, form: Vec<(&'static str, String)>| {
        let request = client.post(app.url(path)).form(&form);
        async move { answer(request.send().await.unwrap()).await }
    };

    // Nothing linked: the key says so, a widget says an administrator must link it (both languages), EZVIZ is not
    // asked.
    let none = seen.keep(app.post(KEY_QUERY, &[]).await);
    assert_eq!(none.data(), &json!({"appKey": "", "secretSet": false}));
    let unlinked = seen.keep(ask(&app.client, LIVE, as_form(&live("cam"))).await);
    assert_eq!(unlinked.code(), "1370", "{:?}", unlinked.body);
    assert!(unlinked.message().contains("管理员"), "{}", unlinked.message());
    let request = app.client.post(app.url(LIVE)).header("accept-language", "en").form(&live("cam"));
    let english = answer(request.send().await.unwrap()).await;
    assert!(english.message().contains("an administrator must link the EZVIZ"), "{}", english.message());
    assert_eq!(counts(&stand_in), (0, 0));

    // Only administrators link the key; a manager sub-account reads the key but never the secret.
    let manager = account(app, "cam-manager", org_id, "user", "all", &["manage"]).await;
    let by_manager = ask(&manager, KEY_SAVE, vec![("appKey", APP_KEY.into()), ("appSecret", SECRET.into())]).await;
    assert_eq!(by_manager.code(), "1011");
    assert_eq!(ask(&manager, KEY_DELETE, vec![]).await.code(), "1011");
    assert_eq!(app.post(KEY_QUERY, &[]).await.data()["secretSet"], false, "the refused save stored nothing");
    let no_secret = app.post(KEY_SAVE, &[("appKey", APP_KEY), ("appSecret", "")]).await;
    assert_eq!((no_secret.code(), no_secret.message().contains("appSecret")), ("1101", true), "{:?}", no_secret.body);
    for (key, secret, field) in [("a b", SECRET, "appKey"), (APP_KEY, "x'; --", "appSecret"), ("", SECRET, "appKey")] {
        let refused = app.post(KEY_SAVE, &[("appKey", key), ("appSecret", secret)]).await;
        assert!(refused.code().starts_with("110"), "{key}/{secret}: {:?}", refused.body);
        assert!(refused.message().contains(field), "{}", refused.message());
    }
    let too_long = "k".repeat(65);
    assert_eq!(app.post(KEY_SAVE, &[("appKey", &too_long), ("appSecret", SECRET)]).await.code(), "1100");
    assert_eq!(seen.keep(app.post(KEY_SAVE, &[("appKey", APP_KEY), ("appSecret", SECRET)]).await).code(), "200");
    let linked = seen.keep(app.post(KEY_QUERY, &[]).await);
    assert_eq!(linked.data(), &json!({"appKey": APP_KEY, "secretSet": true}));
    let read_by_manager = seen.keep(ask(&manager, KEY_QUERY, vec![]).await);
    assert_eq!(read_by_manager.data(), linked.data());
    // An empty secret keeps the stored one (EZVIZ still accepts it below).
    assert_eq!(app.post(KEY_SAVE, &[("appKey", APP_KEY), ("appSecret", "  ")]).await.code(), "200");

    // The widget's camera: one token, one address, every form field as the protocol says; then the cache.
    let first = seen.keep(ask(&app.client, LIVE, as_form(&live("cam"))).await);
    assert_eq!(first.code(), "200", "{:?}", first.body);
    assert_eq!(first.data()["url"], format!("{url}/hls/D123/2.m3u8"));
    assert!(first.data()["expireTime"].as_i64().unwrap() > ironsight_store::now_ms());
    assert_eq!(counts(&stand_in), (1, 1));
    let again = seen.keep(ask(&app.client, LIVE, as_form(&live("cam"))).await);
    assert_eq!(again.data(), first.data());
    assert_eq!(counts(&stand_in), (1, 1), "the second ask is answered from the cache");

    // Widgets that are no EZVIZ camera, and pages or widgets that do not exist: refused, EZVIZ not asked.
    for (widget, code) in [("hls", "1373"), ("words", "1373"), ("nothing", "1373"), ("blank", "1375")] {
        let refused = seen.keep(ask(&app.client, LIVE, as_form(&live(widget))).await);
        assert_eq!(refused.code(), code, "{widget}: {:?}", refused.body);
    }
    let no_page = ask(&app.client, LIVE, vec![("pageId", "999999".into()), ("widgetId", "cam".into())]).await;
    assert_eq!(no_page.code(), "1205");
    assert_eq!(ask(&app.client, LIVE, vec![("pageId", page.clone())]).await.code(), "1101");
    assert_eq!(counts(&stand_in), (1, 1));

    // A token EZVIZ calls expired is replaced once and the address asked again.
    stand_in.expire_token.store(true, Ordering::SeqCst);
    let preview = |serial: &str| vec![("equipmentId", camera_host.clone()), ("serialNumber", serial.to_owned())];
    let renewed = seen.keep(ask(&app.client, PREVIEW, preview("D555")).await);
    assert_eq!(renewed.code(), "200", "{:?}", renewed.body);
    assert_eq!(renewed.data()["url"], format!("{url}/hls/D555/1.m3u8"), "channel 1 by default");
    assert_eq!(counts(&stand_in), (2, 3));

    // EZVIZ's own refusal, with its code and message.
    let missing = seen.keep(ask(&app.client, PREVIEW, preview(MISSING_DEVICE)).await);
    assert_eq!((missing.code(), missing.status.as_u16()), ("1372", 200), "{:?}", missing.body);
    assert!(missing.message().contains("20002") && missing.message().contains("设备不存在"), "{}", missing.message());
    for (serial, field) in [("", "serialNumber"), ("D1 OR 1", "serialNumber"), (&"D".repeat(65), "serialNumber")] {
        let refused = ask(&app.client, PREVIEW, preview(serial)).await;
        assert!(refused.code().starts_with("110") && refused.message().contains(field), "{:?}", refused.body);
    }
    let channel =
        vec![("equipmentId", camera_host.clone()), ("serialNumber", "D1".into()), ("channelNumber", "0".into())];
    assert_eq!(ask(&app.client, PREVIEW, channel).await.code(), "1100");
    let ownerless = ask(&app.client, PREVIEW, vec![("serialNumber", "D1".to_owned())]).await;
    assert!(ownerless.code() == "1101" && ownerless.message().contains("equipmentId"), "{:?}", ownerless.body);

    // Who may ask. A sub-account granted another equipment sees neither the page nor the camera host; one
    // without manage may watch the page but not name a serial; another organisation sees nothing of this one.
    let limited = account(app, "cam-limited", org_id, "user", "authorised", &["manage"]).await;
    let limited_id = app.store.user_by_loginname("cam-limited").await.unwrap().unwrap().id;
    app.store.set_granted_equipment(org_id, limited_id, &[other.parse().unwrap()]).await.unwrap();
    let viewer = account(app, "cam-viewer", org_id, "user", "all", &[]).await;
    let elsewhere = app.store.create_org("cams-elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "cam-outsider", elsewhere, "admin", "all", &["manage"]).await;
    let before = counts(&stand_in);
    for (who, client, path, form, code) in [
        ("limited", &limited, LIVE, as_form(&live("cam")), "1205"),
        ("limited", &limited, PREVIEW, preview("D123"), "1214"),
        ("outsider", &outsider, LIVE, as_form(&live("cam")), "1205"),
        ("outsider", &outsider, PREVIEW, preview("D123"), "1214"),
        ("viewer", &viewer, PREVIEW, preview("D123"), "1011"),
        ("viewer", &viewer, KEY_QUERY, vec![], "1011"),
        ("viewer", &viewer, KEY_SAVE, vec![("appKey", "X".into()), ("appSecret", "Y".into())], "1011"),
    ] {
        let refused = seen.keep(ask(client, path, form).await);
        assert_eq!(refused.code(), code, "{who} {path}: {:?}", refused.body);
        assert!(!refused.body.to_string().contains("hls/D123"), "{who} {path}: {:?}", refused.body);
    }
    assert_eq!(counts(&stand_in), before, "no refused caller reached EZVIZ");
    let watched = seen.keep(ask(&viewer, LIVE, as_form(&live("cam"))).await);
    assert_eq!(watched.data()["url"], first.data()["url"], "a viewer of the page watches its camera");
    // The other organisation's key is its own: not linked there.
    assert_eq!(seen.keep(ask(&outsider, KEY_QUERY, vec![]).await).data()["secretSet"], false);
    // A manager with the equipment granted may preview by serial.
    let own = vec![("equipmentId", other.clone()), ("serialNumber", "D42".into()), ("channelNumber", "3".into())];
    assert_eq!(seen.keep(ask(&limited, PREVIEW, own).await).data()["url"], format!("{url}/hls/D42/3.m3u8"));

    // A protected page: its camera only for a session that gave the page's password.
    let set = app.post("/lfscada/configuration/page/setPassword", &[("id", &page), ("password", "cam1")]).await;
    assert_eq!(set.code(), "200");
    assert_eq!(ask(&viewer, LIVE, as_form(&live("cam"))).await.code(), "1240");
    let unlocked = ask(
        &viewer,
        "/lfscada/configuration/page/validPassword",
        vec![("id", page.clone()), ("password", "cam1".into())],
    );
    assert_eq!(unlocked.await.code(), "200");
    assert_eq!(ask(&viewer, LIVE, as_form(&live("cam"))).await.code(), "200");
    let removed = app.post("/lfscada/configuration/page/setPassword", &[("id", &page), ("password", "")]).await;
    assert_eq!(removed.code(), "200");

    // One account may not burn the organisation's quota: 30 upstream asks a minute, then 1374 (cache hits free).
    let burner = account(app, "cam-burner", org_id, "user", "all", &["manage"]).await;
    for i in 0..30 {
        let asked = ask(&burner, PREVIEW, preview(&format!("B{i}"))).await;
        assert_eq!(asked.code(), "200", "{i}: {:?}", asked.body);
    }
    let throttled = ask(&burner, PREVIEW, preview("B30")).await;
    assert_eq!(throttled.code(), "1374", "{:?}", throttled.body);
    assert_eq!(ask(&burner, PREVIEW, preview("B3")).await.code(), "200", "a cached camera is still answered");

    // A wrong key linked: EZVIZ's refusal of it; the old key's token and addresses are forgotten.
    assert_eq!(app.post(KEY_SAVE, &[("appKey", APP_KEY), ("appSecret", "WRONG")]).await.code(), "200");
    let wrong = seen.keep(ask(&app.client, LIVE, as_form(&live("cam"))).await);
    assert!(wrong.code() == "1372" && wrong.message().contains("10030"), "{:?}", wrong.body);
    assert_eq!(app.post(KEY_SAVE, &[("appKey", APP_KEY), ("appSecret", SECRET)]).await.code(), "200");

    // EZVIZ unreachable: 1371, a business answer, never a 500.
    stop.send(()).unwrap();
    task.await.unwrap();
    let down = seen.keep(ask(&app.client, LIVE, as_form(&live("cam"))).await);
    assert_eq!((down.code(), down.status.as_u16()), ("1371", 200), "{:?}", down.body);
    assert_eq!(down.message(), "萤石开放平台暂时无法访问，请稍后再试");

    // Unlinked: the widget says so again.
    assert_eq!(app.post(KEY_DELETE, &[]).await.code(), "200");
    assert_eq!(seen.keep(app.post(KEY_QUERY, &[]).await).data(), &json!({"appKey": "", "secretSet": false}));
    assert_eq!(ask(&app.client, LIVE, as_form(&live("cam"))).await.code(), "1370");

    assert!(stand_in.problems.lock().unwrap().is_empty(), "{:?}", stand_in.problems.lock().unwrap());
    for body in seen.0.lock().unwrap().iter() {
        assert!(!body.contains(SECRET), "the secret reached an answer: {body}");
    }
    let log = app.post("/lfscada/user/operationlog/queryMine", &[("pageSize", "100")]).await;
    assert!(!log.body.to_string().contains(SECRET), "the secret reached the operation log");
    test_app.finish().await;
}

#[tokio::test]
async fn ezviz_sqlite() {
    keys_and_live_addresses(Backend::Sqlite).await;
}

#[tokio::test]
async fn ezviz_postgres() {
    keys_and_live_addresses(Backend::Postgres).await;
}

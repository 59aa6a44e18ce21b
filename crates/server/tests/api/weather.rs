//! The weather widget's calls against a stand-in for the Open-Meteo services that the test runs on a free port
//! (fixed answers, calls counted): the county's weather mapped from the forecast, located first through the
//! geocoding call; answered from the cache within 10 minutes (the stand-in is not called again); an unknown county,
//! a server without the setting, a provider that is down or answers garbage each refused with their own code;
//! nothing for a caller who is not logged in; the place picker's tree.

use crate::helpers::{Backend, Options, TestApp, answer, browser, spawn_app};
use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

const QUERY: &str = "/lfscada/weather/query";
const REGIONS: &str = "/lfscada/weather/regions";

/// Haidian (Beijing) in the geocoding answer, after a namesake elsewhere the server must not take.
const SEARCH: &str = r#"{"results":[
    {"name":"海淀区","latitude":1.5,"longitude":2.5,"country_code":"CN","admin1":"广东省","admin2":"广州市"},
    {"name":"海淀区","latitude":39.96,"longitude":116.3,"country_code":"CN","admin1":"北京市","admin2":"北京市"}]}"#;
const FORECAST: &str = r#"{"latitude":39.96,"longitude":116.3,
    "current":{"time":"2026-11-26T12:00","temperature_2m":21.5,"relative_humidity_2m":43,"weather_code":61,"wind_speed_10m":12.2},
    "daily":{"time":["2026-11-26","2026-11-27","2026-11-28"],"weather_code":[61,0,null],
             "temperature_2m_max":[23.4,25,19],"temperature_2m_min":[12.1,13,null]}}"#;

/// The stand-in: counts its calls; answers garbage while `garbage` is set.
#[derive(Default)]
struct StandIn {
    searches: AtomicUsize,
    forecasts: AtomicUsize,
    garbage: AtomicBool,
    /// The last forecast query, to check the position asked for.
    last_forecast: std::sync::Mutex<HashMap<String, String>>,
}

async fn start_stand_in() -> (String, Arc<StandIn>) {
    let state = Arc::new(StandIn::default());
    let app = Router::new()
        .route(
            "/v1/search",
            get(|State(s): State<Arc<StandIn>>, Query(q): Query<HashMap<String, String>>| async move {
                s.searches.fetch_add(1, Ordering::SeqCst);
                assert_eq!(q.get("language").map(String::as_str), Some("zh"));
                if s.garbage.load(Ordering::SeqCst) { "<html>oops".to_owned() } else { SEARCH.to_owned() }
            }),
        )
        .route(
            "/v1/forecast",
            get(|State(s): State<Arc<StandIn>>, Query(q): Query<HashMap<String, String>>| async move {
                s.forecasts.fetch_add(1, Ordering::SeqCst);
                *s.last_forecast.lock().unwrap() = q;
                if s.garbage.load(Ordering::SeqCst) { "{\"current\":42}".to_owned() } else { FORECAST.to_owned() }
            }),
        )
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, state)
}

/// A server whose weather URL is `url` (leaked: the test options are `Copy`).
async fn app_with(backend: Backend, url: Option<String>) -> TestApp {
    let weather_url = url.map(|u| &*Box::leak(u.into_boxed_str()));
    spawn_app(backend, Options { weather_url, ..Options::default() }).await
}

async fn query(app: &TestApp, county: &str) -> crate::helpers::Answer {
    app.get(&format!("{QUERY}?countyId={county}")).await
}

async fn weather_is_mapped_cached_and_refused_honestly(backend: Backend) {
    let (url, stand_in) = start_stand_in().await;
    let app = app_with(backend, Some(url)).await;

    // Not logged in: nothing, and no call upstream.
    let outsider =
        answer(browser(&app.base).0.get(app.url(&format!("{QUERY}?countyId=110108"))).send().await.unwrap()).await;
    assert_eq!(outsider.code(), "1010");
    assert_eq!(answer(browser(&app.base).0.get(app.url(REGIONS)).send().await.unwrap()).await.code(), "1010");
    app.login_demo().await;

    let first = query(&app, "110108").await;
    assert_eq!(first.code(), "200", "{:?}", first.body);
    let data = first.data();
    assert_eq!(data["place"]["county"], "海淀区");
    assert_eq!(data["place"]["province"], "北京市");
    assert_eq!(data["place"]["cityId"], "110100");
    assert_eq!(data["current"]["temperature"], 21.5);
    assert_eq!(data["current"]["humidity"], 43.0);
    assert_eq!(data["current"]["windSpeed"], 12.2);
    assert_eq!(data["current"]["code"], 61);
    assert_eq!(data["daily"].as_array().unwrap().len(), 3);
    assert_eq!(data["daily"][0]["date"], "2026-11-26");
    assert_eq!((data["daily"][0]["min"].clone(), data["daily"][0]["max"].clone()), (12.1.into(), 23.4.into()));
    assert!(data["daily"][2]["min"].is_null() && data["daily"][2]["code"].is_null(), "a missing value stays missing");
    assert!(data["fetchedMs"].as_i64().unwrap() > 0);
    let asked = stand_in.last_forecast.lock().unwrap().clone();
    assert_eq!((asked["latitude"].as_str(), asked["longitude"].as_str()), ("39.9600", "116.3000"), "Beijing's Haidian");
    assert_eq!(asked["forecast_days"], "3");
    assert_eq!((stand_in.searches.load(Ordering::SeqCst), stand_in.forecasts.load(Ordering::SeqCst)), (1, 1));

    // Within 10 minutes: the cache answers, the provider is not asked again.
    let second = query(&app, "110108").await;
    assert_eq!(second.code(), "200");
    assert_eq!(second.data()["fetchedMs"], data["fetchedMs"]);
    assert_eq!((stand_in.searches.load(Ordering::SeqCst), stand_in.forecasts.load(Ordering::SeqCst)), (1, 1));

    // Unknown or malformed counties: 1271, nothing asked upstream.
    for bad in ["999999", "110000", "abc", "..%2F..%2Fetc"] {
        let refused = query(&app, bad).await;
        assert_eq!(refused.code(), "1271", "{bad}: {:?}", refused.body);
        assert_eq!(refused.status, reqwest::StatusCode::OK);
    }
    assert_eq!(app.get(QUERY).await.code(), "1101", "countyId is required");
    assert_eq!(stand_in.forecasts.load(Ordering::SeqCst), 1);

    // A provider answering garbage: 1272, never a 500; the next county is not cached from it.
    stand_in.garbage.store(true, Ordering::SeqCst);
    let garbage = query(&app, "110105").await;
    assert_eq!(garbage.code(), "1272", "{:?}", garbage.body);
    assert_eq!(garbage.status, reqwest::StatusCode::OK);
    assert!(
        garbage.message().contains("天气服务") || garbage.message().contains("weather service"),
        "{}",
        garbage.message()
    );

    // The place picker's tree: provinces → cities → counties, from the server's one table.
    let regions = app.get(REGIONS).await;
    assert_eq!(regions.code(), "200");
    let provinces = regions.data().as_array().unwrap();
    assert!(provinces.len() >= 30);
    let beijing = provinces.iter().find(|p| p["code"] == "110000").unwrap();
    assert_eq!(beijing["name"], "北京市");
    let county =
        &beijing["children"][0]["children"].as_array().unwrap().iter().find(|c| c["code"] == "110108").unwrap();
    assert_eq!(county["name"], "海淀区");
    assert!(county.get("children").is_none(), "a county is a leaf");
    app.finish().await;
}

async fn unconfigured_and_unreachable_services_are_refused(backend: Backend) {
    let app = app_with(backend, None).await;
    app.login_demo().await;
    let refused = query(&app, "110108").await;
    assert_eq!(refused.code(), "1270", "{:?}", refused.body);
    assert_eq!(refused.message(), "天气服务未配置");
    let en = answer(
        app.client
            .get(app.url(&format!("{QUERY}?countyId=110108")))
            .header("accept-language", "en")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(en.message(), "Weather service not configured");
    app.finish().await;

    // A provider that is not there (a port nobody listens on): 1272.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}", closed.local_addr().unwrap().port());
    drop(closed);
    let app = app_with(backend, Some(url)).await;
    app.login_demo().await;
    let down = query(&app, "110108").await;
    assert_eq!(down.code(), "1272", "{:?}", down.body);
    app.finish().await;
}

#[tokio::test]
async fn weather_sqlite() {
    weather_is_mapped_cached_and_refused_honestly(Backend::Sqlite).await;
}

#[tokio::test]
async fn weather_postgres() {
    weather_is_mapped_cached_and_refused_honestly(Backend::Postgres).await;
}

#[tokio::test]
async fn weather_refusals_sqlite() {
    unconfigured_and_unreachable_services_are_refused(Backend::Sqlite).await;
}

#[tokio::test]
async fn weather_refusals_postgres() {
    unconfigured_and_unreachable_services_are_refused(Backend::Postgres).await;
}

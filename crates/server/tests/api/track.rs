//! Track playback (docs/track.md): the path from the stored history of an equipment's latitude and longitude
//! signals, paired by time, thinned on the server to at most 2,000 points; history's range rules; who may ask.

use crate::both_backends;
use crate::helpers::TestApp;
use crate::walk_fixture::{account, post_as};
use ironsight_store::readings::StoredReading;
use serde_json::json;

const QUERY: &str = "/lfscada/monitor/multi/track/query";
const T0: i64 = 1_800_000_000_000;

/// A new equipment of the signed-in administrator with signals of these names → (equipment id, signal ids).
async fn equipment(app: &TestApp, name: &str, signals: &[&str]) -> (String, Vec<i64>) {
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].to_string();
    let defs: Vec<_> = signals
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"name": s, "area": "holding_register", "address": i * 4, "dataType": "float64"}))
        .collect();
    let saved = app
        .post(
            "/lfscada/equipment/multi/signal/save",
            &[("equipmentId", &id), ("signals", &serde_json::Value::from(defs).to_string())],
        )
        .await;
    let ids = saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    (id, ids)
}

fn reading(equipment: &str, signal_id: i64, t: i64, v: Option<f64>, good: bool) -> StoredReading {
    StoredReading { signal_id, equipment_id: equipment.parse().unwrap(), t, v, good, error_code: None }
}

fn range(equipment: &str, start: i64, end: i64) -> [(&'static str, String); 3] {
    [("equipmentId", equipment.to_owned()), ("startTime", start.to_string()), ("endTime", end.to_string())]
}

fn form<'a>(fields: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    fields.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

both_backends!(a_track_pairs_positions_by_time_and_thins_a_long_one, Options::default(), |app| {
    app.login_demo().await;
    let (truck, ids) = equipment(app, "Truck", &["Speed", "GPS 纬度", "GPS 经度"]).await;
    let (lat, lng) = (ids[1], ids[2]);
    // Positions reported by exception: the longitude moves first, a bad reading and a speed are ignored.
    app.store
        .write_readings(&[
            reading(&truck, lng, T0, Some(121.50), true),
            reading(&truck, lat, T0 + 1000, Some(31.20), true),
            reading(&truck, lng, T0 + 2000, Some(121.51), true),
            reading(&truck, lat, T0 + 3000, None, false),
            reading(&truck, lat, T0 + 4000, Some(31.21), true),
            reading(&truck, lng, T0 + 4000, Some(121.52), true),
            reading(&truck, ids[0], T0 + 5000, Some(60.0), true),
        ])
        .await
        .unwrap();
    let answer = app.post(QUERY, &form(&range(&truck, T0, T0 + 10_000))).await;
    assert_eq!(answer.code(), "200", "{:?}", answer.body);
    assert_eq!(answer.data()["latitudeSignalId"], lat);
    assert_eq!(answer.data()["longitudeSignalId"], lng);
    assert_eq!(
        answer.data()["points"],
        json!([
            {"t": T0 + 1000, "lat": 31.20, "lng": 121.50},
            {"t": T0 + 2000, "lat": 31.20, "lng": 121.51},
            {"t": T0 + 4000, "lat": 31.21, "lng": 121.52},
        ])
    );
    assert_eq!((answer.data()["total"].clone(), answer.data()["simplified"].clone()), (json!(3), json!(false)));
    let before = app.post(QUERY, &form(&range(&truck, T0 - 10_000, T0 - 1))).await;
    assert_eq!(before.data()["points"], json!([]), "an empty range is an empty path: {:?}", before.body);

    // A day at one position a second: thinned to 2,000 points, its ends and time order kept.
    let (van, ids) = equipment(app, "Van", &["latitude", "longitude"]).await;
    let start = T0 + 100_000;
    let n = 50_000_i64;
    let rows: Vec<_> = (0..n)
        .flat_map(|i| {
            let a = i as f64 / 500.0;
            [
                reading(&van, ids[0], start + i * 1000, Some(31.2 + a.sin() * 0.01), true),
                reading(&van, ids[1], start + i * 1000, Some(121.5 + a * 0.001), true),
            ]
        })
        .collect();
    for chunk in rows.chunks(10_000) {
        app.store.write_readings(chunk).await.unwrap();
    }
    let answer = app.post(QUERY, &form(&range(&van, start, start + n * 1000))).await;
    assert_eq!(answer.code(), "200", "{:?}", answer.message());
    let points = answer.data()["points"].as_array().unwrap();
    assert_eq!((points.len(), answer.data()["total"].as_i64()), (2000, Some(n)));
    assert_eq!(answer.data()["simplified"], true);
    assert_eq!(points[0]["t"], start);
    assert_eq!(points[1999]["t"], start + (n - 1) * 1000);
    assert!(points.windows(2).all(|w| w[0]["t"].as_i64() < w[1]["t"].as_i64()), "time order kept");
});

both_backends!(a_track_query_refuses_bad_ranges_and_equipment_without_positions, Options::default(), |app| {
    app.login_demo().await;
    let (truck, _) = equipment(app, "Truck", &["Latitude", "Longitude"]).await;
    let (mixer, _) = equipment(app, "Mixer", &["Speed", "Latitude"]).await;
    let backwards = app.post(QUERY, &form(&range(&truck, T0, T0 - 1))).await;
    assert!(backwards.code() == "1100" && backwards.message().contains("endTime"), "{:?}", backwards.body);
    let too_long = app.post(QUERY, &form(&range(&truck, T0, T0 + 31 * 86_400_000))).await;
    assert!(too_long.code() == "1100" && too_long.message().contains("endTime"), "{:?}", too_long.body);
    let thirty_days = app.post(QUERY, &form(&range(&truck, T0, T0 + 30 * 86_400_000))).await;
    assert_eq!(thirty_days.code(), "200", "30 days is allowed: {:?}", thirty_days.body);
    let missing = app.post(QUERY, &[("equipmentId", truck.as_str()), ("startTime", "0")]).await;
    assert!(missing.code() == "1101" && missing.message().contains("endTime"), "{:?}", missing.body);
    let not_a_number = app.post(QUERY, &[("equipmentId", &truck), ("startTime", "soon"), ("endTime", "1")]).await;
    assert_eq!(not_a_number.code(), "1100", "{:?}", not_a_number.body);
    let no_position = app.post(QUERY, &form(&range(&mixer, T0, T0 + 1000))).await;
    assert_eq!(no_position.code(), "1340", "{:?}", no_position.body);
    assert!(no_position.message().contains("latitude"), "said in the caller's language: {}", no_position.message());
    let unknown = app.post(QUERY, &form(&range("999999", T0, T0 + 1000))).await;
    assert_eq!(unknown.code(), "1214");
});

both_backends!(a_track_is_shown_only_to_those_who_see_the_equipment, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let (granted, ids) = equipment(app, "Granted truck", &["纬度", "经度"]).await;
    let (hidden, hidden_ids) = equipment(app, "Hidden truck", &["纬度", "经度"]).await;
    app.store
        .write_readings(&[
            reading(&granted, ids[0], T0, Some(31.0), true),
            reading(&granted, ids[1], T0, Some(121.0), true),
            reading(&hidden, hidden_ids[0], T0, Some(30.0), true),
            reading(&hidden, hidden_ids[1], T0, Some(120.0), true),
        ])
        .await
        .unwrap();
    let limited = account(app, "limited", org, "user", "authorised", &[]).await;
    let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    app.store.grant_equipment(limited_id, granted.parse().unwrap()).await.unwrap();
    let everything = account(app, "viewer", org, "user", "all", &[]).await;
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &["manage"]).await;

    for (who, client, equipment, code) in [
        ("granted sub-account", &limited, &granted, "200"),
        ("granted sub-account", &limited, &hidden, "1214"),
        ("whole-organisation account without permissions", &everything, &hidden, "200"),
        ("another organisation", &outsider, &granted, "1214"),
        ("another organisation", &outsider, &hidden, "1214"),
    ] {
        let answer = post_as(app, client, QUERY, &form(&range(equipment, T0, T0 + 1000))).await;
        assert_eq!(answer.code(), code, "{who} on {equipment}: {:?}", answer.body);
        if code != "200" {
            assert!(!answer.body.to_string().contains("30.0") && answer.data().is_null(), "{:?}", answer.body);
        }
    }
    let (stranger, _) = crate::helpers::browser(&app.url(""));
    let signed_out = post_as(app, &stranger, QUERY, &form(&range(&granted, T0, T0 + 1000))).await;
    assert_eq!(signed_out.code(), "1010");
});

//! History queries (spec section 5: at most 10 signals, at most 30 days, end not before start; the latest 200,000
//! points): exact values as points while a signal fits its share of the budget, min/max buckets beyond it, so a
//! spike survives.

use crate::both_backends;
use ironsight_store::readings::StoredReading;
use serde_json::json;

both_backends!(history_answers_points_within_the_budget_and_min_max_buckets_beyond, Options::default(), |app| {
    app.login_demo().await;
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Mixer")]).await.data()["id"].to_string();
    let signals: Vec<_> = (0..10)
        .map(|i| json!({"name": format!("S{i}"), "area": "holding_register", "address": i * 4, "dataType": "float64"}))
        .collect();
    let saved = app
        .post(
            "/lfscada/equipment/multi/signal/save",
            &[("equipmentId", &equipment), ("signals", &serde_json::Value::from(signals).to_string())],
        )
        .await;
    let ids: Vec<i64> = saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    let equipment_id: i64 = equipment.parse().unwrap();
    let reading = |signal_id, t, v: Option<f64>, good| StoredReading {
        signal_id,
        equipment_id,
        t,
        v,
        good,
        error_code: (!good).then_some(1715),
    };

    // Ten signals share 200,000 points: 20,000 each. The first has 25,000 readings with one spike; the second a few
    // readings whose values must come back exactly, a bad one included.
    let t0 = 1_800_000_000_000_i64;
    let mut dense: Vec<StoredReading> = (0..25_000).map(|i| reading(ids[0], t0 + i * 1000, Some(1.0), true)).collect();
    dense[12_345].v = Some(987.5);
    dense[20_000].v = Some(-3.25);
    for chunk in dense.chunks(5_000) {
        app.store.write_readings(chunk).await.unwrap();
    }
    let exact = [0.1 + 0.2, f64::MAX, -1.0e-300];
    let mut sparse: Vec<StoredReading> =
        exact.iter().enumerate().map(|(i, v)| reading(ids[1], t0 + i as i64 * 1000, Some(*v), true)).collect();
    sparse.push(reading(ids[1], t0 + 10_000, None, false));
    app.store.write_readings(&sparse).await.unwrap();

    let all: Vec<String> = ids.iter().map(i64::to_string).collect();
    let end = (t0 + 25_000 * 1000).to_string();
    let answer = app
        .post(
            "/lfscada/monitor/multi/history/query",
            &[("signalIds", &all.join(",")), ("startTime", &t0.to_string()), ("endTime", &end)],
        )
        .await;
    assert_eq!(answer.code(), "200", "{:?}", answer.body);
    let series = answer.data()["series"].as_array().unwrap().clone();
    assert_eq!(series.len(), 10);

    let bucketed = &series[0];
    assert_eq!(bucketed["rows"], 25_000);
    assert!(bucketed["bucketMs"].as_i64().unwrap() > 1000, "{}", bucketed["bucketMs"]);
    let points = bucketed["points"].as_array().unwrap();
    assert!(points.len() <= 20_000 && points.len() >= 2, "{}", points.len());
    let values: Vec<f64> = points.iter().map(|p| p[1].as_f64().unwrap()).collect();
    assert!(values.contains(&987.5), "the spike survives as a bucket's high");
    assert!(values.contains(&-3.25), "the dip survives as a bucket's low");

    let plain = &series[1];
    assert_eq!(plain["bucketMs"], serde_json::Value::Null);
    assert_eq!(plain["signalTitle"], "S1");
    let points = plain["points"].as_array().unwrap();
    let got: Vec<(i64, Option<f64>, bool)> =
        points.iter().map(|p| (p[0].as_i64().unwrap(), p[1].as_f64(), p[2].as_bool().unwrap())).collect();
    let mut expected: Vec<(i64, Option<f64>, bool)> =
        exact.iter().enumerate().map(|(i, v)| (t0 + i as i64 * 1000, Some(*v), true)).collect();
    expected.push((t0 + 10_000, None, false));
    assert_eq!(got, expected, "values exactly as stored, oldest first");
    assert_eq!(series[2]["points"], json!([]), "a signal without history");

    // The spec's limits, each naming its field.
    let start = t0.to_string();
    let before = (t0 - 1).to_string();
    let refused = app
        .post(
            "/lfscada/monitor/multi/history/query",
            &[("signalIds", &all[0]), ("startTime", &start), ("endTime", &before)],
        )
        .await;
    assert!(refused.code() != "200" && refused.message().contains("endTime"), "{:?}", refused.body);
    let too_long = (t0 + 31 * 86_400_000).to_string();
    let refused = app
        .post(
            "/lfscada/monitor/multi/history/query",
            &[("signalIds", &all[0]), ("startTime", &start), ("endTime", &too_long)],
        )
        .await;
    assert!(refused.code() != "200" && refused.message().contains("endTime"), "{:?}", refused.body);
    let eleven = format!("{},{}", all.join(","), ids[0]);
    let refused = app
        .post(
            "/lfscada/monitor/multi/history/query",
            &[("signalIds", &eleven), ("startTime", &start), ("endTime", &end)],
        )
        .await;
    assert!(refused.code() != "200" && refused.message().contains("signalIds"), "{:?}", refused.body);
});

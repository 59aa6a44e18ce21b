//! Reports: definitions validated against the equipment's signals; the table samples history on the period.

use crate::both_backends;
use ironsight_store::readings::StoredReading;
use serde_json::json;

both_backends!(a_report_samples_the_last_value_of_each_period, Options::default(), |app| {
    app.login_demo().await;
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Boiler")]).await.data()["id"].to_string();
    let signals = json!([
        {"name": "Temperature", "area": "input_register", "address": 0, "dataType": "int16", "unit": "°C"},
        {"name": "Pressure", "area": "input_register", "address": 1, "dataType": "uint16", "unit": "kPa"},
    ]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equipment), ("signals", &signals.to_string())])
        .await;
    let ids: Vec<i64> = saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    let equipment_id: i64 = equipment.parse().unwrap();

    // Field errors first: period not whole minutes, a signal of no such equipment, no name.
    let list = format!("{},{}", ids[0], ids[1]);
    let refused = app
        .post(
            "/lfscada/equipment/multi/report/save",
            &[("equipmentId", &equipment), ("name", "Hourly"), ("periodMs", "90000"), ("signalIds", &list)],
        )
        .await;
    assert!(refused.message().contains("periodMs"), "{:?}", refused.body);
    let refused = app
        .post(
            "/lfscada/equipment/multi/report/save",
            &[("equipmentId", &equipment), ("name", "Hourly"), ("signalIds", "999999")],
        )
        .await;
    assert!(refused.message().contains("signalIds.0"), "{:?}", refused.body);
    let refused =
        app.post("/lfscada/equipment/multi/report/save", &[("equipmentId", &equipment), ("signalIds", &list)]).await;
    assert!(refused.message().contains("name"), "{:?}", refused.body);

    let saved = app
        .post(
            "/lfscada/equipment/multi/report/save",
            &[("equipmentId", &equipment), ("name", "Per minute"), ("periodMs", "60000"), ("signalIds", &list)],
        )
        .await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let report = saved.data()["id"].to_string();
    let all = app.post("/lfscada/monitor/multi/report/queryAll", &[("equipmentId", &equipment)]).await;
    assert_eq!(all.data()[0]["name"], "Per minute");

    // History: temperature twice in the first minute (the later one counts), once in the third; pressure once.
    let t0 = 1_800_000_000_000_i64;
    let reading =
        |signal_id, t, v| StoredReading { signal_id, equipment_id, t, v: Some(v), good: true, error_code: None };
    app.store
        .write_readings(&[
            reading(ids[0], t0 + 1_000, 20.0),
            reading(ids[0], t0 + 50_000, 21.0),
            reading(ids[1], t0 + 30_000, 300.0),
            reading(ids[0], t0 + 150_000, 23.0),
        ])
        .await
        .unwrap();
    let table = app
        .post(
            "/lfscada/monitor/multi/report/queryCols",
            &[("reportId", &report), ("startTime", &t0.to_string()), ("endTime", &(t0 + 179_999).to_string())],
        )
        .await;
    assert_eq!(table.code(), "200", "{:?}", table.body);
    let data = table.data();
    assert_eq!(data["cols"][0]["signalTitle"], "Temperature");
    assert_eq!(data["total"], 3);
    let rows = data["rows"].as_array().unwrap();
    let (t1, t2) = (ids[0].to_string(), ids[1].to_string());
    assert_eq!(rows[0]["time"], t0 + 120_000, "newest period first");
    assert_eq!(rows[0]["values"][&t1], 23.0);
    assert!(rows[1]["values"].as_object().unwrap().is_empty(), "nothing recorded in the second minute");
    assert_eq!((rows[2]["values"][&t1].as_f64(), rows[2]["values"][&t2].as_f64()), (Some(21.0), Some(300.0)));

    let backwards = app
        .post(
            "/lfscada/monitor/multi/report/queryCols",
            &[("reportId", &report), ("startTime", "2000"), ("endTime", "1000")],
        )
        .await;
    assert!(backwards.message().contains("endTime"), "{:?}", backwards.body);
    assert_eq!(app.post("/lfscada/equipment/multi/report/delete", &[("id", &report)]).await.code(), "200");
});

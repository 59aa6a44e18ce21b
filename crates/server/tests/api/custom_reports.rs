//! A project's custom reports: columns over its equipment and intermediate variables, checked against the
//! project and the statistics a variable allows; a variable's cell is its rule applied to its signals' cells.

use crate::both_backends;
use ironsight_domain::expiry::Day;
use ironsight_domain::rollup::HOUR_MS;
use ironsight_store::readings::StoredReading;
use serde_json::{Value, json};

both_backends!(custom_reports_read_a_projects_signals_and_variables, Options::default(), |app| {
    app.login_demo().await;
    let mut equipment = Vec::new();
    let mut signals = Vec::new();
    for name in ["Feeder A", "Feeder B", "Elsewhere"] {
        let id = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].as_i64().unwrap();
        let defs =
            json!([{"name": "Power", "area": "input_register", "address": 0, "dataType": "uint16", "unit": "kW"}]);
        let saved = app
            .post(
                "/lfscada/equipment/multi/signal/save",
                &[("equipmentId", &id.to_string()), ("signals", &defs.to_string())],
            )
            .await;
        equipment.push(id);
        signals.push(saved.data()["ids"][0].as_i64().unwrap());
    }
    let members = format!("{},{}", equipment[0], equipment[1]);
    let project = app.post("/lfscada/project/add", &[("name", "Feeders"), ("equipmentIds", &members)]).await;
    let project = project.data()["id"].to_string();
    let both = format!("{},{}", signals[0], signals[1]);
    let mvar = app
        .post(
            "/lfscada/project/mvar/add",
            &[("projectId", &project), ("name", "Total power"), ("calc", "sum"), ("signalIds", &both)],
        )
        .await;
    assert_eq!(mvar.code(), "200", "{:?}", mvar.body);
    let mvar = mvar.data()["id"].as_i64().unwrap();

    let allowed = app.post("/lfscada/project/report/mvar/validStatistics", &[("mvarId", &mvar.to_string())]).await;
    assert_eq!(allowed.data(), &json!(["avg", "first", "last", "difference"]));
    let equips = app.post("/lfscada/project/report/col/item/queryEquips", &[("projectId", &project)]).await;
    let names: Vec<&str> = equips.data().as_array().unwrap().iter().map(|e| e["equipName"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(equips.data()[0]["signals"][0]["name"], "Power");

    let save = |columns: Value| {
        let project = project.clone();
        async move {
            app.post(
                "/lfscada/project/custom/report/save",
                &[("projectId", &project), ("name", "Feeders daily"), ("columns", &columns.to_string())],
            )
            .await
        }
    };
    let signal = |i: usize, statistic: &str| json!({"equipmentId": equipment[i], "signalId": signals[i], "statistic": statistic});
    for (columns, field) in [
        (json!([signal(2, "avg")]), "columns.0.signalId"),
        (json!([{"equipmentId": equipment[0], "signalId": signals[1], "statistic": "avg"}]), "columns.0.signalId"),
        (json!([signal(0, "avg"), {"mvarId": mvar, "statistic": "max"}]), "columns.1.statistic"),
        (json!([{"mvarId": 999_999, "statistic": "avg"}]), "columns.0.mvarId"),
        (json!([{"signalId": signals[0], "statistic": "avg"}]), "columns.0.equipmentId"),
    ] {
        let refused = save(columns).await;
        assert!(refused.message().contains(field), "{field}: {:?}", refused.body);
    }
    let saved = save(json!([signal(0, "avg"), signal(1, "avg"), {"mvarId": mvar, "statistic": "avg"}, {"mvarId": mvar, "statistic": "difference"}])).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let report = saved.data()["id"].to_string();
    let all = app.post("/lfscada/monitor/project/custom/report/queryAll", &[("projectId", &project)]).await;
    assert_eq!(all.data()[0]["columns"][2], json!({"mvarId": mvar, "statistic": "avg"}));

    // Yesterday: feeder A draws 10 kW on even hours and 30 on odd ones, B a steady 5, a reading every 10 minutes.
    let day = Day(Day::in_china(ironsight_store::now_ms()).0 - 1);
    let mut readings = Vec::new();
    for i in 0..(24 * 6) {
        let t = day.start_ms() + i * 600_000;
        let hour = i / 6;
        readings.push((0, t, if hour % 2 == 0 { 10.0 } else { 30.0 }));
        readings.push((1, t, 5.0));
    }
    let stored: Vec<StoredReading> = readings
        .iter()
        .map(|&(i, t, v)| StoredReading {
            signal_id: signals[i],
            equipment_id: equipment[i],
            t,
            v: Some(v),
            good: true,
            error_code: None,
        })
        .collect();
    app.store.write_readings(&stored).await.unwrap();
    let table = app
        .post(
            "/lfscada/monitor/project/custom/report/data/query",
            &[("customReportId", &report), ("view", "day"), ("date", &day.text())],
        )
        .await;
    assert_eq!(table.code(), "200", "{:?}", table.body);
    let data = table.data();
    assert_eq!(data["cols"][0]["title"], "Feeder A · Power");
    assert_eq!(data["cols"][2]["title"], "Total power");
    let rows = data["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 24);
    for (hour, row) in rows.iter().enumerate() {
        let a = if hour % 2 == 0 { 10.0 } else { 30.0 };
        assert_eq!(row["values"], json!([a, 5.0, a + 5.0, row["values"][3]]), "hour {hour}");
        assert_eq!(row["start"], day.start_ms() + hour as i64 * HOUR_MS);
    }
    // The total's increase over an hour is the sum of the feeders' increases (from the reading before it).
    assert_eq!(rows[1]["values"][3], 20.0, "10 → 30 on A, B steady");
    assert_eq!(rows[2]["values"][3], 10.0, "30 → 10 on A is a drop: a reset, counting the 10 since; B steady");

    // For a chart, every period at once: a range of 5 hours in hours is 5 rows, unpaged.
    let start = day.start_ms().to_string();
    let end = (day.start_ms() + 5 * HOUR_MS).to_string();
    let curve = app
        .post(
            "/lfscada/monitor/project/custom/report/queryAllForCurve",
            &[("customReportId", &report), ("startTime", &start), ("endTime", &end)],
        )
        .await;
    assert_eq!((curve.data()["rows"].as_array().unwrap().len(), &curve.data()["total"]), (5, &json!(5)));

    assert_eq!(app.post("/lfscada/project/custom/report/delete", &[("id", &report)]).await.code(), "200");
    assert!(
        app.post("/lfscada/monitor/project/custom/report/queryAll", &[("projectId", &project)])
            .await
            .data()
            .as_array()
            .unwrap()
            .is_empty()
    );
});

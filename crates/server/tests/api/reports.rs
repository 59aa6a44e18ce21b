//! Reports: definitions checked against the equipment's signals, and every view's cells checked against values
//! this test computes itself from the readings it wrote (a plain walk over the readings, not the roll-ups' rule),
//! before and after the roll-up worker ran, with bad readings, a counter that wraps and one that resets, a pump's
//! running hours, and late readings replayed into a day already rolled up.

use crate::both_backends;
use ironsight::report_table::LOOKBACK_MS;
use ironsight_domain::expiry::Day;
use ironsight_domain::rollup::{HOUR_MS, MINUTE_MS, STATE_HOLD_MS};
use ironsight_store::readings::StoredReading;
use ironsight_store::rollups::SETTLE_MS;
use serde_json::{Value, json};

/// One reading as written: signal, time, value, good.
type Written = (i64, i64, f64, bool);

/// The good readings of a signal, by time, the first written of each time kept (as history keeps it).
fn good_of(written: &[Written], signal: i64) -> Vec<(i64, f64)> {
    let mut kept = std::collections::BTreeMap::new();
    for &(s, t, v, good) in written.iter().filter(|w| w.0 == signal) {
        let _ = s;
        kept.entry(t).or_insert((v, good));
    }
    kept.into_iter().filter(|(_, (_, good))| *good).map(|(t, (v, _))| (t, v)).collect()
}

/// A statistic of `[start, end)` computed from the readings directly.
fn expected(statistic: &str, good: &[(i64, f64)], start: i64, end: i64, wraps_at: Option<f64>) -> Option<f64> {
    let inside: Vec<(i64, f64)> = good.iter().copied().filter(|(t, _)| *t >= start && *t < end).collect();
    if inside.is_empty() {
        return None;
    }
    let values = inside.iter().map(|r| r.1);
    Some(match statistic {
        "max" => values.fold(f64::MIN, f64::max),
        "min" => values.fold(f64::MAX, f64::min),
        "avg" => values.sum::<f64>() / inside.len() as f64,
        "sum" => values.sum(),
        "count" => inside.len() as f64,
        "first" => inside[0].1,
        "last" => inside[inside.len() - 1].1,
        "difference" => good
            .windows(2)
            .filter(|w| w[1].0 >= start && w[1].0 < end && w[0].0 >= start - LOOKBACK_MS)
            .map(|w| match (w[1].1 >= w[0].1, wraps_at) {
                (true, _) => w[1].1 - w[0].1,
                (false, Some(range)) => range - w[0].1 + w[1].1,
                (false, None) => w[1].1,
            })
            .sum(),
        "onHours" => {
            let mut on = 0;
            for (i, &(t, v)) in good.iter().enumerate() {
                let until = good.get(i + 1).map_or(t + STATE_HOLD_MS, |next| next.0.min(t + STATE_HOLD_MS));
                if v != 0.0 {
                    on += (until.min(end) - t.max(start)).max(0);
                }
            }
            on as f64 / HOUR_MS as f64
        }
        other => panic!("no statistic {other}"),
    })
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0),
        (a, b) => a == b,
    }
}

/// Every cell of a table equals what the readings give.
fn assert_table(table: &Value, written: &[Written], when: &str) {
    let cols = table["cols"].as_array().unwrap();
    for row in table["rows"].as_array().unwrap() {
        let (start, end) = (row["start"].as_i64().unwrap(), row["end"].as_i64().unwrap());
        for (c, col) in cols.iter().enumerate() {
            let good = good_of(written, col["signalId"].as_i64().unwrap());
            let want = expected(col["statistic"].as_str().unwrap(), &good, start, end, col["wrapsAt"].as_f64());
            let got = row["values"][c].as_f64();
            assert!(close(got, want), "{when}: {} of {start}..{end}: got {got:?}, want {want:?}", col["statistic"]);
        }
    }
}

both_backends!(report_definitions_are_checked_against_the_equipment, Options::default(), |app| {
    app.login_demo().await;
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Boiler")]).await.data()["id"].to_string();
    let other = app.post("/lfscada/equipment/multi/add", &[("equipName", "Other")]).await.data()["id"].to_string();
    let signals = json!([{"name": "Temperature", "area": "input_register", "address": 0, "dataType": "int16"}]);
    let signals = &signals;
    let save_signals = |id: String| async move {
        let saved = app
            .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &signals.to_string())])
            .await;
        saved.data()["ids"][0].as_i64().unwrap()
    };
    let (signal, foreign) = (save_signals(equipment.clone()).await, save_signals(other.clone()).await);
    let save = |fields: Vec<(&'static str, String)>| {
        let equipment = equipment.clone();
        async move {
            let mut form: Vec<(&str, String)> = vec![("equipmentId", equipment)];
            form.extend(fields);
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            app.post("/lfscada/equipment/multi/report/save", &form).await
        }
    };
    let columns = |c: Value| ("columns", c.to_string());
    for (fields, field) in [
        (vec![("name", "R".to_owned())], "columns"),
        (
            vec![("name", "R".to_owned()), columns(json!([{"signalId": foreign, "statistic": "max"}]))],
            "columns.0.signalId",
        ),
        (
            vec![("name", "R".to_owned()), columns(json!([{"signalId": signal, "statistic": "median"}]))],
            "columns.0.statistic",
        ),
        (
            vec![("name", "R".to_owned()), columns(json!([{"signalId": signal, "statistic": "max", "wrapsAt": 10}]))],
            "columns.0.wrapsAt",
        ),
        (
            vec![
                ("name", "R".to_owned()),
                columns(json!([{"signalId": signal, "statistic": "difference", "wrapsAt": -1}])),
            ],
            "columns.0.wrapsAt",
        ),
        (vec![columns(json!([{"signalId": signal, "statistic": "max"}]))], "name"),
        (
            vec![
                ("name", "R".to_owned()),
                ("periodMs", "90000".into()),
                columns(json!([{"signalId": signal, "statistic": "max"}])),
            ],
            "periodMs",
        ),
    ] {
        let refused = save(fields).await;
        assert!(["1100", "1101"].contains(&refused.code()), "{:?}", refused.body);
        assert!(refused.message().contains(field), "{field}: {:?}", refused.body);
    }
    assert!(
        app.post("/lfscada/monitor/multi/report/queryAll", &[("equipmentId", &equipment)])
            .await
            .data()
            .as_array()
            .unwrap()
            .is_empty()
    );

    // Saved as a form's nested texts, then changed with its id.
    let saved = save(vec![
        ("name", "Daily".into()),
        ("columns.0.signalId", signal.to_string()),
        ("columns.0.statistic", "difference".into()),
        ("columns.0.wrapsAt", "65536".into()),
    ])
    .await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let id = saved.data()["id"].to_string();
    let changed = save(vec![
        ("id", id.clone()),
        ("name", "Daily energy".into()),
        columns(json!([{"signalId": signal, "statistic": "avg"}])),
    ])
    .await;
    assert_eq!(changed.code(), "200", "{:?}", changed.body);
    let all = app.post("/lfscada/monitor/multi/report/queryAll", &[("equipmentId", &equipment)]).await;
    assert_eq!(all.data()[0]["name"], "Daily energy");
    assert_eq!(all.data()[0]["columns"], json!([{"signalId": signal, "statistic": "avg"}]));
    // Another equipment's report id is not this equipment's to change.
    let foreign_report = app
        .post(
            "/lfscada/equipment/multi/report/save",
            &[
                ("equipmentId", &other),
                ("name", "O"),
                ("columns", &json!([{"signalId": foreign, "statistic": "max"}]).to_string()),
            ],
        )
        .await
        .data()["id"]
        .to_string();
    let refused = save(vec![
        ("id", foreign_report),
        ("name", "X".into()),
        columns(json!([{"signalId": signal, "statistic": "max"}])),
    ])
    .await;
    assert!(refused.message().contains("id"), "{:?}", refused.body);

    // Views refused: no date, a bad month, an unknown view, a range backwards.
    for (form, field) in [
        (vec![("view", "day")], "date"),
        (vec![("view", "month"), ("month", "2026-13")], "month"),
        (vec![("view", "week")], "view"),
        (vec![("view", "range"), ("startTime", "2000"), ("endTime", "1000")], "endTime"),
    ] {
        let mut form = form;
        form.push(("reportId", &id));
        let refused = app.post("/lfscada/monitor/multi/report/queryCols", &form).await;
        assert!(refused.message().contains(field), "{field}: {:?}", refused.body);
    }
    assert_eq!(app.post("/lfscada/equipment/multi/report/delete", &[("id", &id)]).await.code(), "200");
});

both_backends!(report_cells_equal_what_the_readings_give, Options::default(), |app| {
    app.login_demo().await;
    let equipment =
        app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump house")]).await.data()["id"].to_string();
    let signals = json!([
        {"name": "Energy", "area": "input_register", "address": 0, "dataType": "uint16", "unit": "kWh"},
        {"name": "Flow", "area": "input_register", "address": 1, "dataType": "int16", "unit": "m³/h"},
        {"name": "Running", "area": "coil", "address": 0, "dataType": "bool"},
        {"name": "Totaliser", "area": "input_register", "address": 2, "dataType": "uint16", "unit": "m³"},
    ]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equipment), ("signals", &signals.to_string())])
        .await;
    let ids: Vec<i64> = saved.data()["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    let (energy, flow, running, totaliser) = (ids[0], ids[1], ids[2], ids[3]);
    let mut columns = vec![json!({"signalId": energy, "statistic": "difference", "wrapsAt": 65536})];
    for statistic in ["max", "min", "avg", "first", "last", "sum", "count"] {
        columns.push(json!({"signalId": flow, "statistic": statistic}));
    }
    columns.push(json!({"signalId": running, "statistic": "onHours"}));
    columns.push(json!({"signalId": totaliser, "statistic": "difference"}));
    let report = app
        .post(
            "/lfscada/equipment/multi/report/save",
            &[
                ("equipmentId", &equipment),
                ("name", "Plant"),
                ("periodMs", "1800000"),
                ("columns", &Value::from(columns).to_string()),
            ],
        )
        .await;
    assert_eq!(report.code(), "200", "{:?}", report.body);
    let report = report.data()["id"].to_string();

    // Two days ago in China, and the evening before it: readings every 97 s (odd, so they cross every boundary).
    // The energy counter wraps at 65,536, the totaliser resets to 0 twice, every ninth flow reading is bad, the
    // pump runs in stretches with a 40-minute silence, and a few readings come twice.
    let now = ironsight_store::now_ms();
    let day = Day(Day::in_china(now).0 - 2);
    let (from, to) = (day.start_ms() - 6 * HOUR_MS, day.start_ms() + 24 * HOUR_MS);
    let equipment_id: i64 = equipment.parse().unwrap();
    let mut written: Vec<Written> = Vec::new();
    for (i, t) in (from..to).step_by(97_000).enumerate() {
        let i = i as i64;
        written.push((energy, t, ((64_000 + i * 7) % 65_536) as f64, true));
        written.push((flow, t, ((i * 7_919) % 1_000) as f64 / 10.0, i % 9 != 0));
        if !(400..425).contains(&i) {
            written.push((running, t, f64::from((i / 30) % 3 != 0), true));
        }
        written.push((
            totaliser,
            t,
            match i {
                0..300 => (i * 3) as f64,
                300..700 => ((i - 300) * 2) as f64,
                _ => (i - 700) as f64,
            },
            true,
        ));
    }
    let stored = |w: &[Written]| -> Vec<StoredReading> {
        w.iter()
            .map(|&(signal_id, t, v, good)| StoredReading {
                signal_id,
                equipment_id,
                t,
                v: Some(v),
                good,
                error_code: None,
            })
            .collect()
    };
    for chunk in written.chunks(500) {
        app.store.write_readings(&stored(chunk)).await.unwrap();
    }
    let duplicates: Vec<Written> = written[100..110].iter().map(|&(s, t, v, g)| (s, t, v + 1.0, g)).collect();
    app.store.write_readings(&stored(&duplicates)).await.unwrap();
    written.extend(duplicates);

    let date = day.text();
    let month = &date[..7];
    let view = |form: Vec<(&'static str, String)>| {
        let report = report.clone();
        async move {
            let mut form = form;
            form.push(("reportId", report));
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let answer = app.post("/lfscada/monitor/multi/report/queryCols", &form).await;
            assert_eq!(answer.code(), "200", "{:?}", answer.body);
            answer.data().clone()
        }
    };
    let views = || {
        vec![
            vec![("view", "day".to_owned()), ("date", date.clone())],
            vec![("view", "shift".to_owned()), ("date", date.clone())],
            vec![("view", "month".to_owned()), ("month", month.to_owned())],
            vec![
                ("view", "range".to_owned()),
                ("startTime", (day.start_ms() - 2 * HOUR_MS + 17 * MINUTE_MS).to_string()),
                ("endTime", (day.start_ms() + 5 * HOUR_MS).to_string()),
                ("pageSize", "100".to_owned()),
            ],
        ]
    };
    let check_all = |written: Vec<Written>, when: &'static str| async move {
        for form in views() {
            assert_table(&view(form).await, &written, when);
        }
    };

    // The day view: 24 hours, named columns, nothing running; every cell as the readings give it.
    let table = view(views()[0].clone()).await;
    assert_eq!(table["rows"].as_array().unwrap().len(), 24);
    assert_eq!(table["cols"][0]["signalTitle"], "Energy");
    assert_eq!(table["rows"][0]["start"], day.start_ms());
    assert!(table["rows"].as_array().unwrap().iter().all(|r| r["running"] == false));
    // Every statistic has a value in the first hour (no empty period is faked, see below).
    assert!(table["rows"][0]["values"].as_array().unwrap().iter().all(Value::is_number), "{:?}", table["rows"][0]);
    check_all(written.clone(), "before the worker ran").await;
    let shifts = view(views()[1].clone()).await;
    assert_eq!(
        shifts["rows"].as_array().unwrap().iter().map(|r| r["shift"].clone()).collect::<Vec<_>>(),
        vec![json!("夜班"), json!("早班"), json!("中班")]
    );

    // The demo plant's own live minutes may stay marked (not settled); every settled one is rolled up.
    ironsight::rollup_worker::roll_up_settled(&app.store, now).await.unwrap();
    assert_eq!(app.store.pending_rollups(now - SETTLE_MS).await.unwrap(), 0);
    check_all(written.clone(), "rolled up").await;

    // Late: readings replayed into the day's 10th hour, and a bad one; then rolled up again.
    let late: Vec<Written> = vec![
        (flow, day.start_ms() + 10 * HOUR_MS + 1, 999.0, true),
        (flow, day.start_ms() + 10 * HOUR_MS + 2, -5.0, false),
        (energy, day.start_ms() + 10 * HOUR_MS + 3, 100.0, true),
    ];
    app.store.write_readings(&stored(&late)).await.unwrap();
    written.extend(late);
    let hour = view(views()[0].clone()).await;
    assert_eq!(hour["rows"][10]["values"][1], 999.0, "the late maximum is read at once");
    check_all(written.clone(), "late readings").await;
    ironsight::rollup_worker::roll_up_settled(&app.store, now).await.unwrap();
    check_all(written.clone(), "late readings rolled up").await;

    // A month view of this month runs: its last day has not ended, days after today have nothing.
    let this_month = Day::in_china(now).text()[..7].to_owned();
    let table = view(vec![("view", "month".to_owned()), ("month", this_month)]).await;
    let rows = table["rows"].as_array().unwrap();
    assert_eq!(rows.last().unwrap()["running"], true);
    assert!(
        rows.iter().filter(|r| r["start"].as_i64().unwrap() > now).all(|r| r["values"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_null))
    );
});

both_backends!(shifts_are_the_organisations_to_set, Options::default(), |app| {
    app.login_demo().await;
    let shifts = app.post("/lfscada/report/shifts/query", &[]).await;
    assert_eq!(shifts.data().as_array().unwrap().len(), 3, "{:?}", shifts.body);
    let overlapping =
        json!([{"name": "A", "startMinute": 0, "endMinute": 600}, {"name": "B", "startMinute": 500, "endMinute": 900}]);
    let refused = app.post("/lfscada/report/shifts/save", &[("shifts", &overlapping.to_string())]).await;
    assert!(refused.message().contains("shifts"), "{:?}", refused.body);
    assert_eq!(app.post("/lfscada/report/shifts/query", &[]).await.data().as_array().unwrap().len(), 3, "unchanged");
    let two = json!([{"name": " 白班 ", "startMinute": 480, "endMinute": 1200}, {"name": "夜班", "startMinute": 1200, "endMinute": 480}]);
    let saved = app.post("/lfscada/report/shifts/save", &[("shifts", &two.to_string())]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let now = app.post("/lfscada/report/shifts/query", &[]).await;
    assert_eq!(
        now.data(),
        &json!([{"name": "白班", "startMinute": 480, "endMinute": 1200}, {"name": "夜班", "startMinute": 1200, "endMinute": 480}])
    );
});

both_backends!(
    the_demo_plants_reports_read_its_seeded_past,
    Options {
        demo_plant: Some(ironsight::demo::Schedule { history_days: 2, ..Default::default() }),
        ..Options::default()
    },
    |app| {
        app.login_demo().await;
        // The pump station's seeded report, read over yesterday: the plant's model ran the whole day.
        let list = app.post("/lfscada/equipment/multi/query", &[("page", "1"), ("pageSize", "50")]).await;
        let pump_id = list.data()["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["equipName"] == "1#取水泵站")
            .map(|e| e["id"].to_string())
            .expect("the pump station");
        let reports = app.post("/lfscada/monitor/multi/report/queryAll", &[("equipmentId", &pump_id)]).await;
        assert_eq!(reports.data()[0]["name"], "泵站运行报表", "{:?}", reports.body);
        let report = reports.data()[0]["id"].to_string();
        let yesterday = Day(Day::in_china(ironsight_store::now_ms()).0 - 1).text();
        let table = app
            .post(
                "/lfscada/monitor/multi/report/queryCols",
                &[("reportId", &report), ("view", "day"), ("date", &yesterday)],
            )
            .await;
        let rows = table.data()["rows"].as_array().unwrap().clone();
        assert_eq!(rows.len(), 24);
        let column =
            |name: &str| table.data()["cols"].as_array().unwrap().iter().position(|c| c["statistic"] == name).unwrap();
        let (energy, running) = (column("difference"), column("onHours"));
        let energy_used: f64 = rows.iter().map(|r| r["values"][energy].as_f64().unwrap()).sum();
        assert!(energy_used > 0.0, "the pump used energy all day: {rows:?}");
        for row in &rows {
            let hours = row["values"][running].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&hours), "running hours of an hour: {hours}");
        }

        // The live plant goes on from where the seeded past ends: once its first live reading is stored, no hour
        // of today reads a meter drop (a 45 kW pump uses at most 45 kWh in an hour; a drop would count the whole
        // reading, about 125,000).
        let today = Day::in_china(ironsight_store::now_ms()).text();
        let seeded_until = ironsight_store::now_ms();
        let pump: i64 = pump_id.parse().unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !app.store.latest_readings(pump).await.unwrap().iter().any(|r| r.t > seeded_until) {
            assert!(std::time::Instant::now() < deadline, "no live reading of the pump within 60 s");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let table = app
            .post(
                "/lfscada/monitor/multi/report/queryCols",
                &[("reportId", &report), ("view", "day"), ("date", &today)],
            )
            .await;
        for row in table.data()["rows"].as_array().unwrap() {
            if let Some(used) = row["values"][energy].as_f64() {
                assert!((0.0..=50.0).contains(&used), "energy used in an hour of today: {used}, {row:?}");
            }
        }
    }
);

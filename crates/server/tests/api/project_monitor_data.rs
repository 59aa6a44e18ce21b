//! The project monitor's data calls (spec section 7, "Project monitor"; docs/project-monitor.md): an equipment's
//! report through the project, the history chooser, the history table of many signals and variables, history of a
//! few signals, and the project's alarms with their confirmation. Each answers the administrator as the test set
//! it up, refuses what is not the project's by field, and refuses the limited account, another organisation and
//! (alarms) an account without the alarm permission, changing nothing.

use crate::both_backends;
use crate::monitor_list::alarm as open_alarm;
use crate::project_site::{call, names_field, site};
use ironsight_domain::expiry::Day;
use ironsight_domain::rollup::HOUR_MS;
use ironsight_store::alarms::AlarmKey;
use ironsight_store::readings::StoredReading;
use serde_json::{Value, json};

const REPORT: &str = "/lfscada/monitor/project/report/queryCols";
const SOURCES: &str = "/lfscada/monitor/project/history/queryAll";
const TABLE: &str = "/lfscada/monitor/project/history/queryAllData";
const HISTORY: &str = "/lfscada/monitor/project/history/query";
const ALARMS: &str = "/lfscada/monitor/project/alarm/query";
const OPEN_ALARMS: &str = "/lfscada/monitor/project/alarm/queryAll";
const CONFIRM: &str = "/lfscada/monitor/project/alarm/confirm";

both_backends!(a_projects_reports_and_history_are_its_equipments, Options::default(), |app| {
    let s = site(app).await;
    let total = app
        .post(
            "/lfscada/project/mvar/add",
            &[("projectId", &s.project), ("name", "Total"), ("calc", "sum"), ("signalIds", &s.signals[..2].join(","))],
        )
        .await;
    assert_eq!(total.code(), "200", "{:?}", total.body);
    let total = total.data()["id"].to_string();
    // Yesterday: A draws 10 kW, B 5, Elsewhere 99, a reading every 10 minutes.
    let day = Day(Day::in_china(ironsight_store::now_ms()).0 - 1);
    let mut readings = Vec::new();
    for i in 0..(24 * 6) {
        for (k, v) in [(0, 10.0), (1, 5.0), (2, 99.0)] {
            readings.push(StoredReading {
                signal_id: s.signals[k].parse().unwrap(),
                equipment_id: s.equipment[k].parse().unwrap(),
                t: day.start_ms() + i * 600_000,
                v: Some(v),
                good: true,
                error_code: None,
            });
        }
    }
    app.store.write_readings(&readings).await.unwrap();

    // An equipment's report, read through the project; another equipment's is refused by field.
    let report_of = |equipment: &str, signal: &str| {
        let columns = format!(r#"[{{"signalId": {signal}, "statistic": "avg"}}]"#);
        let form = [("equipmentId", equipment.to_owned()), ("name", "Daily".to_owned()), ("columns", columns)];
        async move {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            app.post("/lfscada/equipment/multi/report/save", &form).await.data()["id"].to_string()
        }
    };
    let (report_a, report_elsewhere) =
        (report_of(s.a(), &s.signals[0]).await, report_of(s.elsewhere(), &s.signals[2]).await);
    let date = day.text();
    let view = |report: &str| {
        vec![
            ("projectId", s.project.clone()),
            ("reportId", report.to_owned()),
            ("view", "day".to_owned()),
            ("date", date.clone()),
        ]
    };
    let ask = |client: reqwest::Client, path: &'static str, form: Vec<(&'static str, String)>| async move {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        call(app, &client, path, &form).await
    };
    let admin = app.client.clone();
    let table = ask(admin.clone(), REPORT, view(&report_a)).await;
    assert_eq!(table.code(), "200", "{:?}", table.body);
    assert_eq!(table.data()["rows"].as_array().map(Vec::len), Some(24));
    assert_eq!(table.data()["rows"][3]["values"], json!([10.0]));
    assert_eq!(table.data()["cols"][0]["signalTitle"], "Power");
    names_field(&ask(admin.clone(), REPORT, view(&report_elsewhere)).await, "reportId");
    names_field(
        &ask(
            admin.clone(),
            REPORT,
            vec![("projectId", s.project.clone()), ("reportId", report_a.clone()), ("view", "week".into())],
        )
        .await,
        "view",
    );

    // The history chooser: the project's signals with their equipment's titles, and its variables.
    let sources = ask(admin.clone(), SOURCES, vec![("projectId", s.project.clone())]).await;
    assert_eq!(sources.code(), "200", "{:?}", sources.body);
    let titles: Vec<String> = sources.data()["signals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{} · {}", e["equipTitle"].as_str().unwrap(), e["signalTitle"].as_str().unwrap()))
        .collect();
    assert_eq!(titles, vec!["Feeder A · Power", "Feeder B · Power"]);
    assert_eq!(sources.data()["mvars"][0]["name"], "Total");

    // The history table: three hours of A, B and their total, one row an hour.
    let range = |signals: String, extra: Vec<(&'static str, String)>| {
        let mut form = vec![
            ("projectId", s.project.clone()),
            ("signalIds", signals),
            ("startTime", (day.start_ms() + 6 * HOUR_MS).to_string()),
            ("endTime", (day.start_ms() + 9 * HOUR_MS).to_string()),
        ];
        form.extend(extra);
        form
    };
    let both = s.signals[..2].join(",");
    let history = ask(admin.clone(), TABLE, range(both.clone(), vec![("mvarIds", total.clone())])).await;
    assert_eq!(history.code(), "200", "{:?}", history.body);
    let data = history.data();
    let cols: Vec<(&str, &str)> = data["cols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["title"].as_str().unwrap(), c["statistic"].as_str().unwrap()))
        .collect();
    assert_eq!(cols, vec![("Feeder A · Power", "avg"), ("Feeder B · Power", "avg"), ("Total", "avg")]);
    assert_eq!((data["total"].as_i64(), data["rows"].as_array().map(Vec::len)), (Some(3), Some(3)));
    assert_eq!(
        (&data["rows"][0]["values"], &data["rows"][0]["start"]),
        (&json!([10.0, 5.0, 15.0]), &json!(day.start_ms() + 6 * HOUR_MS))
    );
    // By the minute, paged; a variable whose rule does not allow the statistic reads its last value.
    let minutes = ask(
        admin.clone(),
        TABLE,
        range(
            both.clone(),
            vec![
                ("mvarIds", total.clone()),
                ("timeUnit", "minute".into()),
                ("statistic", "max".into()),
                ("pageSize", "10".into()),
            ],
        ),
    )
    .await;
    assert_eq!(
        (minutes.data()["total"].as_i64(), minutes.data()["rows"].as_array().map(Vec::len)),
        (Some(180), Some(10))
    );
    assert_eq!(minutes.data()["cols"][2]["statistic"], "last");
    // Refused by field: another equipment's signal, an unknown variable, a unit or statistic it does not know, a
    // range over 30 days.
    names_field(&ask(admin.clone(), TABLE, range(s.signals[2].clone(), vec![])).await, "signalIds.0");
    names_field(&ask(admin.clone(), TABLE, range(both.clone(), vec![("mvarIds", "999999".into())])).await, "mvarIds.0");
    names_field(&ask(admin.clone(), TABLE, range(both.clone(), vec![("timeUnit", "week".into())])).await, "timeUnit");
    names_field(
        &ask(admin.clone(), TABLE, range(both.clone(), vec![("statistic", "median".into())])).await,
        "statistic",
    );
    let long = vec![
        ("projectId", s.project.clone()),
        ("signalIds", both.clone()),
        ("startTime", "0".into()),
        ("endTime", (40 * 24 * HOUR_MS).to_string()),
    ];
    assert_eq!(ask(admin.clone(), TABLE, long).await.code(), "1100");

    // History of a few signals: the project's; another equipment's refused by field.
    let series = ask(admin.clone(), HISTORY, range(s.signals[0].clone(), vec![])).await;
    assert_eq!(series.code(), "200", "{:?}", series.body);
    assert_eq!(
        (series.data()["series"][0]["equipTitle"].as_str(), series.data()["series"][0]["rows"].as_i64()),
        (Some("Feeder A"), Some(19))
    );
    names_field(
        &ask(admin.clone(), HISTORY, range(format!("{},{}", s.signals[0], s.signals[2]), vec![])).await,
        "signalIds.1",
    );
    assert!(series.data().get("mvarSeries").is_none(), "no variables asked, none answered");

    // A variable's history in the chart: its value per minute over these three hours, as the table computes it.
    let with_total = ask(admin.clone(), HISTORY, range(s.signals[0].clone(), vec![("mvarIds", total.clone())])).await;
    assert_eq!(with_total.code(), "200", "{:?}", with_total.body);
    let mvar = &with_total.data()["mvarSeries"][0];
    assert_eq!(
        (mvar["name"].as_str(), mvar["statistic"].as_str(), mvar["stepMs"].as_i64()),
        (Some("Total"), Some("avg"), Some(60_000))
    );
    let mut table_points: Vec<Value> = Vec::new();
    for page in ["1", "2"] {
        let extra = vec![
            ("mvarIds", total.clone()),
            ("timeUnit", "minute".into()),
            ("pageSize", "100".into()),
            ("page", page.into()),
        ];
        let rows = ask(admin.clone(), TABLE, range(both.clone(), extra)).await;
        table_points
            .extend(rows.data()["rows"].as_array().unwrap().iter().map(|r| json!([r["start"], r["values"][2]])));
    }
    assert_eq!(mvar["points"].as_array().unwrap(), &table_points);
    assert!(table_points.iter().any(|p| p[1].is_number()), "the three hours have values");
    names_field(
        &ask(admin.clone(), HISTORY, range(s.signals[0].clone(), vec![("mvarIds", "999999".into())])).await,
        "mvarIds.0",
    );

    // Refused callers: the limited account and another organisation are told the project does not exist, as for a
    // project that does not.
    assert_eq!(ask(admin.clone(), SOURCES, vec![("projectId", "999999".into())]).await.code(), "1253");
    for client in [s.limited.clone(), s.stranger.clone()] {
        assert_eq!(ask(client.clone(), REPORT, view(&report_a)).await.code(), "1253");
        assert_eq!(ask(client.clone(), SOURCES, vec![("projectId", s.project.clone())]).await.code(), "1253");
        assert_eq!(ask(client.clone(), TABLE, range(both.clone(), vec![])).await.code(), "1253");
        assert_eq!(ask(client, HISTORY, range(s.signals[0].clone(), vec![])).await.code(), "1253");
    }
    // Without permission codes a whole-organisation account reads them as the administrator does.
    assert_eq!(ask(s.plain.clone(), SOURCES, vec![("projectId", s.project.clone())]).await.code(), "200");
});

both_backends!(a_projects_alarms_are_listed_open_and_confirmed_with_the_alarm_permission, Options::default(), |app| {
    let s = site(app).await;
    let project = || vec![("projectId", s.project.as_str())];
    assert_eq!(app.post(ALARMS, &project()).await.code(), "2001", "none yet");
    assert_eq!(app.post(OPEN_ALARMS, &project()).await.data(), &json!({"total": 0, "list": []}));
    // A: two alarms, one released; B: one; Elsewhere: one (not the project's).
    let mut ids = Vec::new();
    for (equipment, key) in [(s.a(), 1), (s.a(), 2), (s.b(), 3), (s.elsewhere(), 4)] {
        let id = app.store.add_alarm(&open_alarm(s.org_id, equipment.parse().unwrap(), key)).await.unwrap();
        ids.push(id.to_string());
    }
    app.store.release_alarm(AlarmKey::SignalNoData(2), 1_800_000_009_000).await.unwrap();

    let records = app.post(ALARMS, &project()).await;
    assert_eq!(records.code(), "200", "{:?}", records.body);
    let listed: Vec<String> = records.data()["list"].as_array().unwrap().iter().map(|r| r["id"].to_string()).collect();
    assert_eq!((records.data()["total"].as_i64(), listed.len()), (Some(3), 3));
    assert!(!listed.contains(&ids[3]), "Elsewhere's alarm is not the project's");
    let paged = app.post(ALARMS, &[("projectId", s.project.as_str()), ("pageSize", "2"), ("page", "2")]).await;
    assert_eq!(paged.data()["list"].as_array().map(Vec::len), Some(1));
    names_field(&app.post(ALARMS, &[("projectId", s.project.as_str()), ("pageSize", "0")]).await, "pageSize");
    let open = app.post(OPEN_ALARMS, &project()).await;
    let mut open_ids: Vec<String> =
        open.data()["list"].as_array().unwrap().iter().map(|r| r["id"].to_string()).collect();
    open_ids.sort();
    assert_eq!(open_ids, vec![ids[0].clone(), ids[2].clone()], "the released one and Elsewhere's are not open ones");

    // Refused: no alarm permission (1211); the limited account and another organisation (1253 or the alarm's field).
    assert_eq!(call(app, &s.plain, ALARMS, &project()).await.code(), "1211");
    assert_eq!(call(app, &s.plain, OPEN_ALARMS, &project()).await.code(), "1211");
    let confirm_a = [("projectId", s.project.as_str()), ("alarmId", ids[0].as_str())];
    assert_eq!(call(app, &s.plain, CONFIRM, &confirm_a).await.code(), "1211");
    for client in [&s.limited, &s.stranger] {
        assert_eq!(call(app, client, ALARMS, &project()).await.code(), "1253");
        assert_eq!(call(app, client, OPEN_ALARMS, &project()).await.code(), "1253");
        assert_eq!(call(app, client, CONFIRM, &confirm_a).await.code(), "1253");
    }
    names_field(&call(app, &s.stranger, CONFIRM, &[("alarmId", ids[0].as_str())]).await, "alarmId");
    // Elsewhere's alarm is not the project's; a bad id names its field.
    names_field(
        &app.post(CONFIRM, &[("projectId", s.project.as_str()), ("alarmId", ids[3].as_str())]).await,
        "alarmId",
    );
    names_field(&app.post(CONFIRM, &[("projectId", s.project.as_str()), ("alarmId", "x")]).await, "alarmId");
    let server = ironsight_store::access::Viewer::server(s.org_id);
    for id in [&ids[0], &ids[3]] {
        let record = app.store.alarm_record(&server, id.parse().unwrap()).await.unwrap().unwrap();
        assert_eq!(record.gmt_confirm, None, "the refused confirmations changed nothing");
    }

    let confirmed = app.post(CONFIRM, &confirm_a).await;
    assert_eq!(confirmed.code(), "200", "{:?}", confirmed.body);
    assert_eq!(confirmed.data()["id"].to_string(), ids[0]);
    assert_eq!(confirmed.data()["confirmUser"], "demo", "{:?}", confirmed.body);
    // Without projectId, as the EG monitor's confirm.
    assert_eq!(app.post(CONFIRM, &[("alarmId", ids[2].as_str())]).await.code(), "200");
});

//! The demo water plant (`--demo`): what it seeds, that its devices and gateway agents bring every equipment to
//! life over the real Modbus TCP and MQTT path, that its events (the pump's fault, the utilities gateway's dropout)
//! raise alarms, that restarts seed nothing twice, that a database seeded by the earlier one-pump demo still
//! starts, and that a start without `--demo` has none of it.
//!
//! The schedule is shortened so the events come within seconds; the tests wait for states with a generous
//! deadline and never assert on how long anything took.

use crate::both_backends;
use crate::helpers::{Answer, Options, TestApp, answer, browser};
use ironsight::demo::Schedule;
use ironsight_store::access::Viewer;
use ironsight_store::pages::PageOwner;
use serde_json::Value;
use std::time::{Duration, Instant};

/// Generous: the plant needs seconds, a loaded machine running the suite in parallel may need far more.
const DEADLINE: Duration = Duration::from_secs(180);

const NAMES_ZH: [&str; 5] = ["1#取水泵站", "清水池", "加氯间", "电能表", "空压机"];

fn short_schedule() -> Schedule {
    Schedule {
        fault_every: Duration::from_secs(20),
        fault_for: Duration::from_secs(8),
        dropout_every: Duration::from_secs(45),
        dropout_for: Duration::from_secs(25),
        utility_report: Duration::from_secs(2),
        step: Duration::from_millis(500),
        history_days: 0,
    }
}

fn plant_options() -> Options {
    Options { demo_plant: Some(short_schedule()), ..Options::default() }
}

/// Calls `path` until `accept` takes the answer; panics with the last answer at the deadline.
async fn eventually(
    app: &TestApp,
    what: &str,
    path: &str,
    form: &[(&str, &str)],
    accept: impl Fn(&Answer) -> bool,
) -> Answer {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let answer = app.post(path, form).await;
        if accept(&answer) {
            return answer;
        }
        assert!(Instant::now() < deadline, "{what} never happened; last answer: {:?}", answer.body);
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// The demo organisation's equipment, id by name.
/// The plant's EG equipment (the analyser, GM equipment adopted whenever its edge node is first born, is not: a
/// count of "every equipment" would depend on whether its birth came first).
async fn equipment(app: &TestApp) -> Vec<(String, i64, Value)> {
    let list = app.post("/lfscada/equipment/multi/query", &[("page", "1"), ("pageSize", "50"), ("kind", "eg")]).await;
    assert_eq!(list.code(), "200", "{:?}", list.body);
    list.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["equipName"].as_str().unwrap().to_owned(), e["id"].as_i64().unwrap(), e.clone()))
        .collect()
}

fn id_of(list: &[(String, i64, Value)], name: &str) -> i64 {
    list.iter().find(|(n, ..)| n == name).unwrap_or_else(|| panic!("no {name} in {list:?}")).1
}

async fn demo_org(app: &TestApp) -> i64 {
    app.store.org_by_name("demo").await.unwrap().expect("the demo organisation")
}

async fn signals(app: &TestApp, equipment_id: i64) -> Vec<Value> {
    let answer = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &equipment_id.to_string())]).await;
    assert_eq!(answer.code(), "200", "{:?}", answer.body);
    answer.data().as_array().unwrap().clone()
}

/// What a seeded plant holds, whatever run seeded it: five equipment in zh-CN with places, two gateways, two
/// groups, the project with its overview page, one page per equipment.
async fn assert_seeded(app: &TestApp) {
    // The water-quality analyser is not seeded: it is adopted when its edge node is first born (the live test).
    let list = equipment(app).await;
    let mut names: Vec<&str> = list.iter().map(|(n, ..)| n.as_str()).collect();
    names.sort_unstable();
    let mut expected = NAMES_ZH.to_vec();
    expected.sort_unstable();
    assert_eq!(names, expected, "five equipment, seeded once");
    let org = demo_org(app).await;
    let viewer = Viewer::server(org);
    for (name, id, card) in &list {
        let (lat, lon) = (card["latitude"].as_f64().unwrap(), card["longitude"].as_f64().unwrap());
        assert!((31.1..31.3).contains(&lat) && (121.4..121.6).contains(&lon), "{name} at {lat}, {lon}");
        let pages = app.store.pages_of(&viewer, PageOwner::Equipment(*id)).await.unwrap().unwrap();
        assert_eq!(pages.len(), 1, "{name} has one page");
    }
    for sn in ["EG-DEMO-01", "EG-DEMO-02"] {
        assert!(app.store.gateway_by_sn(org, sn).await.unwrap().is_some(), "{sn}");
    }
    let groups = app.post("/lfscada/monitor/group/query", &[]).await;
    let groups: Vec<(String, i64)> = groups
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["name"].as_str().unwrap().to_owned(), g["equipmentCount"].as_i64().unwrap()))
        .collect();
    assert_eq!(groups, [("公用工程".to_owned(), 2), ("制水工艺".to_owned(), 3)], "{groups:?}");
    let projects = app.store.projects(&viewer, "", 1, 10).await.unwrap();
    assert_eq!(projects.list.len(), 1);
    assert_eq!(projects.list[0].name, "演示水厂");
    let project = app.store.project(&viewer, projects.list[0].id).await.unwrap().unwrap();
    assert_eq!(project.equipment.len(), 5);
    let overview = app.store.pages_of(&viewer, PageOwner::Project(project.id)).await.unwrap().unwrap();
    assert_eq!(overview.len(), 1);
    assert_eq!(overview[0].title, "全厂总览");
    // The overview's intermediate variable: the reservoir's inflow less its outflow, which the API checks as the
    // designer's would be checked.
    let mvars = app.store.mvars(org, project.id).await.unwrap();
    assert_eq!(
        mvars.iter().map(|m| (m.name.as_str(), m.calc.as_str())).collect::<Vec<_>>(),
        [("清水池净流量", "custom")]
    );
    let checked = app
        .post(
            "/lfscada/project/mvar/validFormulaVar",
            &[("projectId", &project.id.to_string()), ("formula", &mvars[0].formula)],
        )
        .await;
    assert_eq!((checked.code(), &checked.data()["signalIds"]), ("200", &serde_json::json!(mvars[0].signal_ids)));
}

both_backends!(the_demo_plant_is_seeded_and_live, plant_options(), |app| {
    app.login_demo().await;
    assert_seeded(app).await;
    let list = equipment(app).await;
    let pump = id_of(&list, "1#取水泵站");

    // Signals with units, decimals, writable setpoints and commands, and state texts.
    let pump_signals = signals(app, pump).await;
    let state = pump_signals.iter().find(|s| s["name"] == "泵运行状态").expect("the pump state");
    let texts: Vec<(&str, &str, &str)> = state["valueMap"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["zh"].as_str().unwrap(), s["en"].as_str().unwrap(), s["color"].as_str().unwrap()))
        .collect();
    assert_eq!(texts, [("停止", "Stopped", "#8c8c8c"), ("运行", "Running", "#52c41a"), ("故障", "Fault", "#f5222d")]);
    let outlet = pump_signals.iter().find(|s| s["name"] == "出水压力").unwrap();
    assert_eq!((outlet["unit"].as_str(), outlet["decimals"].as_i64()), (Some("bar"), Some(2)));
    assert!(pump_signals.iter().any(|s| s["name"] == "泵启停" && s["writable"] == true && s["dataType"] == "bool"));
    assert!(pump_signals.iter().any(|s| s["name"] == "转速设定" && s["writable"] == true));
    let compressor = signals(app, id_of(&list, "空压机")).await;
    let mode = compressor.iter().find(|s| s["name"] == "运行模式").unwrap();
    assert_eq!(mode["valueMap"].as_array().unwrap().len(), 3);

    // Alarm rules, the fault rule without a message (the alarm says the state).
    let rules = app.post("/lfscada/equipment/multi/alarm/rule/query", &[("equipmentId", &pump.to_string())]).await;
    let fault = rules.data().as_array().unwrap().iter().find(|r| r["signalTitle"] == "泵运行状态").cloned();
    let fault = fault.unwrap_or_else(|| panic!("a rule on the pump state: {:?}", rules.body));
    assert_eq!((fault["symbol"].as_str(), fault["value"].as_f64()), (Some("=="), Some(2.0)));
    let reservoir = id_of(&list, "清水池");
    let rules = app.post("/lfscada/equipment/multi/alarm/rule/query", &[("equipmentId", &reservoir.to_string())]).await;
    assert_eq!(rules.data().as_array().unwrap().len(), 2, "level high and low");

    // Every monitor screen gets data: each equipment's latest values cover its signals.
    for (name, id, _) in &list {
        let id = id.to_string();
        app.post("/lfscada/monitor/multi/open", &[("equipmentId", &id), ("interval", "1000"), ("delay", "600")]).await;
        let count = signals(app, id.parse().unwrap()).await.len();
        eventually(
            app,
            &format!("latest values of {name}"),
            "/lfscada/monitor/multi/signal/data",
            &[("equipmentId", &id)],
            |a| a.data()["signalVal"].as_object().is_some_and(|v| v.len() == count),
        )
        .await;
    }

    // The pump's scheduled fault raises an alarm that says the state, and releases it.
    let pump_id = pump.to_string();
    eventually(
        app,
        "a released pump-fault alarm",
        "/lfscada/monitor/multi/alarm/query",
        &[("equipmentId", &pump_id)],
        |a| {
            a.data()["list"].as_array().is_some_and(|l| {
                l.iter().any(|r| {
                    r["signalTitle"] == "泵运行状态"
                        && r["msgZh"].as_str().unwrap_or("").contains("故障")
                        && r["released"] == true
                })
            })
        },
    )
    .await;

    // The utilities gateway's dropout raises its equipment's no-data alarm, released when it is back.
    let meter = id_of(&list, "电能表").to_string();
    eventually(
        app,
        "a released gateway no-data alarm",
        "/lfscada/monitor/multi/alarm/query",
        &[("equipmentId", &meter)],
        |a| {
            a.data()["list"].as_array().is_some_and(|l| {
                l.iter().any(|r| r["type"] == "no_data" && r["signalId"].is_null() && r["released"] == true)
            })
        },
    )
    .await;

    // The water-quality analyser, a Sparkplug edge node of the demo's own, is adopted at its first birth and its
    // values arrive as history.
    let adopted = eventually(
        app,
        "the adopted analyser",
        "/lfscada/equipment/multi/query",
        &[("page", "1"), ("pageSize", "50")],
        |a| a.data()["list"].as_array().is_some_and(|l| l.iter().any(|e| e["equipName"] == "水质分析仪")),
    )
    .await;
    let analyser = adopted.data()["list"].as_array().unwrap().iter().find(|e| e["equipName"] == "水质分析仪").unwrap();
    assert_eq!(analyser["protocol"], "sparkplug", "{analyser}");
    let analyser = analyser["id"].to_string();
    // Settled as an administrator would: its model and address, and its setpoint writable.
    eventually(app, "the analyser settled", "/lfscada/equipment/multi/info", &[("id", &analyser)], |a| {
        a.data()["model"] == "Sparkplug B"
    })
    .await;
    let listed = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &analyser)]).await;
    let writable: Vec<&str> = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["writable"] == true)
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(writable, ["Chlorine setpoint"]);
    let signals = app.post("/lfscada/monitor/multi/history/queryAll", &[("equipmentId", &analyser)]).await;
    let ph = signals.data().as_array().unwrap().iter().find(|s| s["signalTitle"] == "pH").expect("a pH signal")["id"]
        .to_string();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let (from, to) = ((now - 3_600_000).to_string(), (now + 3_600_000).to_string());
    eventually(
        app,
        "the analyser's pH in history",
        "/lfscada/monitor/multi/history/query",
        &[("signalIds", &ph), ("startTime", &from), ("endTime", &to)],
        |a| a.data()["series"][0]["rows"].as_i64().is_some_and(|rows| rows > 0),
    )
    .await;

    // The limited sub-account sees the pump station and the reservoir only.
    let (operator, _jar) = browser(&app.base);
    let login = app.url("/lfscada/user/login?loginname=demo-operator&password=Operator%40123");
    assert_eq!(answer(operator.post(login).send().await.unwrap()).await.code(), "200");
    let seen = answer(
        operator
            .post(app.url("/lfscada/equipment/multi/query"))
            .form(&[("page", "1"), ("pageSize", "50")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    let mut seen: Vec<&str> =
        seen.data()["list"].as_array().unwrap().iter().map(|e| e["equipName"].as_str().unwrap()).collect();
    seen.sort_unstable();
    assert_eq!(seen, ["1#取水泵站", "清水池"]);

    // Seeding again (as a restart does) adds nothing.
    let org = demo_org(app).await;
    let demo = app.demo().expect("the demo plant runs");
    let addr = |_| "127.0.0.1:9".parse().unwrap();
    ironsight::demo::seed::seed(app.state(), org, addr, Duration::from_secs(2), 0).await.unwrap();
    assert_seeded(app).await;
    assert!(demo.device_value(ironsight_devsim::plant::Unit::Reservoir, "level").is_some());
});

// A database seeded by the earlier demo (one "1# Pump station" on EG-DEMO-01) starts: the old equipment is kept
// with its signals and now reads this run's pump-station device; the rest of the plant is added around it.
both_backends!(an_old_demo_database_still_starts, Options::default(), |app| {
    let org = demo_org(app).await;
    let viewer = Viewer::server(org);
    let new = ironsight_store::gateways::NewGateway {
        org_id: org,
        sn: "EG-DEMO-01",
        name: "Demo gateway",
        model: "EG-200",
        firmware: "1.0.0",
        secret_hash: "x",
        registered_by: None,
    };
    app.store.add_gateway(&new).await.unwrap();
    let fields = ironsight_store::equipment::EquipmentFields {
        equip_name: "1# Pump station".into(),
        display: "list".into(),
        rule_type: "00".into(),
        model: "PS-3".into(),
        manufacturer: "Ironsight".into(),
        address: "Demo site".into(),
        latitude: Some(31.2304),
        longitude: Some(121.4737),
        remark: String::new(),
    };
    let old = app.store.add_equipment(org, &fields).await.unwrap();
    app.store.bind_gateway(&viewer, old, "EG-DEMO-01").await.unwrap();
    use ironsight_protocol::payload::{Area, DataType, SignalDef};
    let old_signals = [
        SignalDef::new("Inlet pressure", Area::InputRegister, 0, DataType::Float32),
        SignalDef { scale: 0.1, ..SignalDef::new("Tank level", Area::InputRegister, 6, DataType::Uint16) },
        SignalDef { writable: true, ..SignalDef::new("Pump start", Area::Coil, 0, DataType::Bool) },
    ];
    app.store.save_signals(&viewer, old, &old_signals).await.unwrap().unwrap();

    let broker = app.broker_url().trim_start_matches("mqtt://").to_owned();
    let plant = ironsight::demo::start(app.state(), &broker).await.expect("the demo starts on the old database");
    app.login_demo().await;
    let list = equipment(app).await;
    assert_eq!(list.len(), 5, "{list:?}");
    assert_eq!(id_of(&list, "1# Pump station"), old, "the old pump station is kept as the plant's pump station");
    let kept: Vec<String> = signals(app, old).await.iter().map(|s| s["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(kept, ["Inlet pressure", "Tank level", "Pump start"], "its signals are left as they were");
    let info = app.post("/lfscada/equipment/multi/info", &[("id", &old.to_string())]).await;
    let port = info.data()["driver"]["port"].as_u64().expect("a driver");
    let device = plant.device_value(ironsight_devsim::plant::Unit::PumpStation, "tank_level");
    assert!(device.is_some() && port > 0);
    let id = old.to_string();
    app.post("/lfscada/monitor/multi/open", &[("equipmentId", &id), ("interval", "1000"), ("delay", "600")]).await;
    eventually(
        app,
        "the old pump station's values",
        "/lfscada/monitor/multi/signal/data",
        &[("equipmentId", &id)],
        |a| a.data()["signalVal"].as_object().is_some_and(|v| v.len() == 3),
    )
    .await;
    plant.shutdown().await;
});

both_backends!(a_start_without_demo_has_no_plant, Options { no_demo: true, ..Options::default() }, |app| {
    assert_eq!(app.store.org_by_name("demo").await.unwrap(), None);
    for sn in ["EG-DEMO-01", "EG-DEMO-02"] {
        assert_eq!(app.store.gateway_secret_hash(sn).await.unwrap(), None, "{sn}");
    }
    assert!(app.store.user_by_loginname("demo-operator").await.unwrap().is_none());
    assert!(app.store.user_by_loginname("demo").await.unwrap().is_none());
    assert!(app.demo().is_none());
});

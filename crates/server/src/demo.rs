//! The demo plant: with `--demo`, a simulated pump station (the device simulator, in-process) and a gateway
//! agent (in-process, over real MQTT and Modbus TCP sockets) feed the demo organisation's equipment, so a new
//! user sees live values within seconds of logging in. Nothing here is faked: the values travel the same path
//! as a real gateway's.
//!
//! Each start re-issues the demo gateway's secret (the agent gets it in memory, the database keeps only the hash)
//! and points the equipment's driver at the simulator's port of this run.

use crate::AppState;
use ironsight_domain::alarm::{Condition, RuleDraft, Symbol};
use ironsight_protocol::payload::{Area, DataType, DriverConfig, SignalDef};
use ironsight_store::access::Viewer;
use ironsight_store::equipment::{EquipmentFields, EquipmentFilter, EquipmentSort};
use ironsight_store::gateways::NewGateway;
use ironsight_store::pages::{DocumentSave, PageOwner};

/// The demo gateway's serial number.
pub const DEMO_GATEWAY_SN: &str = "EG-DEMO-01";
/// The demo equipment's name.
pub const DEMO_EQUIPMENT: &str = "1# Pump station";

/// The running simulator and agent.
pub struct DemoPlant {
    device: ironsight_devsim::Running,
    agent: ironsight_gateway::agent::RunningAgent,
}

impl DemoPlant {
    pub async fn shutdown(self) {
        self.agent.shutdown().await;
        let _ = self.device.shutdown().await;
    }
}

/// The demo equipment's signals: every data type, a writable setpoint and command, read-only values.
fn demo_signals() -> Vec<SignalDef> {
    let signal = |name: &str, area, address, data_type, unit: &str, decimals: u8| SignalDef {
        unit: unit.to_owned(),
        decimals,
        ..SignalDef::new(name, area, address, data_type)
    };
    vec![
        signal("Inlet pressure", Area::InputRegister, 0, DataType::Float32, "bar", 2),
        signal("Outlet pressure", Area::InputRegister, 2, DataType::Float32, "bar", 2),
        signal("Flow", Area::InputRegister, 4, DataType::Float32, "m³/h", 1),
        SignalDef { scale: 0.1, ..signal("Tank level", Area::InputRegister, 6, DataType::Uint16, "%", 1) },
        SignalDef { scale: 0.1, ..signal("Motor temperature", Area::InputRegister, 7, DataType::Int16, "°C", 1) },
        signal("Energy total", Area::InputRegister, 8, DataType::Uint32, "kWh", 0),
        signal("Net flow balance", Area::InputRegister, 10, DataType::Int32, "l/h", 0),
        signal("Run hours", Area::InputRegister, 12, DataType::Float64, "h", 2),
        signal("Pump running", Area::DiscreteInput, 0, DataType::Bool, "", 0),
        SignalDef { writable: true, ..signal("Pump start", Area::Coil, 0, DataType::Bool, "", 0) },
        SignalDef {
            writable: true,
            min: Some(0.0),
            max: Some(2900.0),
            ..signal("Speed setpoint", Area::HoldingRegister, 0, DataType::Uint16, "rpm", 0)
        },
        SignalDef { scale: 0.01, ..signal("Firmware version", Area::HoldingRegister, 1, DataType::Uint16, "", 2) },
        signal("Rated speed", Area::HoldingRegister, 2, DataType::Uint16, "rpm", 0),
    ]
}

/// Starts the simulator, seeds (or refreshes) the demo gateway and equipment, and starts the agent.
pub async fn start(state: &AppState, broker_addr: &str) -> anyhow::Result<DemoPlant> {
    let store = &state.store;
    let org_id = store.org_by_name("demo").await?.ok_or_else(|| anyhow::anyhow!("the demo organisation is missing"))?;
    let mut device_config = ironsight_devsim::Config::demo()?;
    device_config.listen = "127.0.0.1:0".to_owned();
    let device = ironsight_devsim::spawn(device_config).await?;
    let device_addr = device.local_addr();

    let secret = crate::session::new_token();
    let secret_hash = crate::password::secret_digest(&secret);
    if !store.set_gateway_secret(&Viewer::server(org_id), DEMO_GATEWAY_SN, &secret_hash).await? {
        let new = NewGateway {
            org_id,
            sn: DEMO_GATEWAY_SN,
            name: "Demo gateway",
            model: "EG-200",
            firmware: "1.0.0",
            secret_hash: &secret_hash,
            registered_by: None,
        };
        store.add_gateway(&new).await?;
    }
    let by_name = EquipmentFilter { keyword: DEMO_EQUIPMENT.to_owned(), ..EquipmentFilter::default() };
    let existing = store.equipment_list(&Viewer::server(org_id), &by_name, EquipmentSort::Newest, 1, 1).await?;
    let equipment_id = match existing.list.first() {
        Some(e) => e.id,
        None => {
            let fields = EquipmentFields {
                equip_name: DEMO_EQUIPMENT.to_owned(),
                display: "list".to_owned(),
                rule_type: "00".to_owned(),
                model: "PS-3".to_owned(),
                manufacturer: "Ironsight".to_owned(),
                address: "Demo site".to_owned(),
                latitude: Some(31.2304),
                longitude: Some(121.4737),
                remark: String::new(),
            };
            let id = store.add_equipment(org_id, &fields).await?;
            store.bind_gateway(&Viewer::server(org_id), id, DEMO_GATEWAY_SN).await?;
            if let Ok(ids) = store.save_signals(&Viewer::server(org_id), id, &demo_signals()).await? {
                seed_alarm_rule(state, org_id, id, &ids).await?;
                seed_page(state, org_id, id, &ids).await?;
            }
            id
        }
    };
    let driver = DriverConfig::ModbusTcp {
        host: device_addr.ip().to_string(),
        port: device_addr.port(),
        unit_id: 1,
        timeout_ms: 1000,
        poll_interval_ms: 1000,
    };
    store.set_driver(&Viewer::server(org_id), equipment_id, &serde_json::to_string(&driver)?).await?;
    state.link.gateway_changed(DEMO_GATEWAY_SN).await;

    let mut agent_config = ironsight_gateway::config::AgentConfig::new(
        &format!("mqtt://{}", connectable(broker_addr)),
        DEMO_GATEWAY_SN,
        &secret,
        state.config.data_dir.join("demo-gateway"),
    )?;
    agent_config.model = "EG-200".to_owned();
    agent_config.firmware = "1.0.0".to_owned();
    // A PC has no modem: the demo's "modem" is a file the agent reads, as it would read a real modem's level.
    let strength = state.config.data_dir.join("demo-gateway-signal-strength");
    std::fs::write(&strength, "78\n")
        .map_err(|e| anyhow::anyhow!("cannot write {} under --data-dir ({e})", strength.display()))?;
    agent_config.signal_strength_file = Some(strength);
    let buffer = agent_config.buffer_dir.display().to_string();
    let agent = ironsight_gateway::agent::start(agent_config).await.map_err(|e| {
        anyhow::anyhow!("the demo gateway agent cannot start with its buffer in {buffer} (under --data-dir): {e:#}")
    })?;
    tracing::info!(%device_addr, "demo pump station and gateway agent running");
    Ok(DemoPlant { device, agent })
}

/// Index of "Tank level" in [`demo_signals`].
const TANK_LEVEL: usize = 3;

/// The demo's alarm rule: the simulated tank level ramps from 20 % to 95 % in 0.5 % steps every 2 s and starts
/// over, so `Tank level > 90` (deadband 1) triggers about every five minutes and releases when the level starts
/// over at 20 %: a new user sees an alarm, its message and its release without setting anything up.
async fn seed_alarm_rule(state: &AppState, org_id: i64, equipment_id: i64, signal_ids: &[i64]) -> anyhow::Result<()> {
    let Some(&tank) = signal_ids.get(TANK_LEVEL) else { return Ok(()) };
    let rule = RuleDraft {
        id: 0,
        condition: Condition { symbol: Symbol::Gt, threshold: 90.0, deadband: 1.0, delay_ms: 0 },
        level: 2,
        msg_zh: "储罐液位过高".to_owned(),
        msg_en: "Tank level high".to_owned(),
        enabled: true,
    };
    if state.store.save_alarm_rules(&Viewer::server(org_id), tank, &[rule]).await?.is_ok() {
        state.link.alarms().rules_saved(equipment_id, tank, None).await?;
    }
    Ok(())
}

/// Indexes of the signals the demo page shows, in [`demo_signals`].
const INLET_PRESSURE: usize = 0;
const OUTLET_PRESSURE: usize = 1;
const FLOW: usize = 2;
const MOTOR_TEMPERATURE: usize = 4;
const PUMP_RUNNING: usize = 8;
const PUMP_START: usize = 9;

/// The demo's configuration page, made with the equipment (so once, like its signals and alarm rule): a new user
/// opens a drawn pump station with live values rather than an empty canvas.
async fn seed_page(state: &AppState, org_id: i64, equipment_id: i64, signal_ids: &[i64]) -> anyhow::Result<()> {
    let viewer = Viewer::server(org_id);
    let document = demo_page(equipment_id, signal_ids).to_string();
    let valid = ironsight_domain::page::validate_document(&document).map_err(|problem| {
        anyhow::anyhow!("the demo page is refused: {}", problem.0.text(ironsight_domain::Lang::En))
    })?;
    let Some(page) = state
        .store
        .add_page(&viewer, PageOwner::Equipment(equipment_id), "Pump station", valid.width, valid.height)
        .await?
    else {
        return Ok(());
    };
    let save = DocumentSave {
        document: &document,
        width: valid.width,
        height: valid.height,
        widgets: valid.widgets,
        saved_by: "demo",
        base: None,
    };
    state.store.save_page_document(&viewer, page, save).await?;
    Ok(())
}

/// The demo page's document (docs/page-document.md) on a 1024 by 768 canvas: a tank with its level, a pipe to the
/// pump (grey when stopped, green when running), the motor temperature on a dashboard, a panel of values and
/// two buttons that start and stop the pump (each asks first). `signal_ids` are the ids of [`demo_signals`].
fn demo_page(equipment_id: i64, signal_ids: &[i64]) -> serde_json::Value {
    use serde_json::{Value, json};
    let names = demo_signals();
    let signal = |index: usize| {
        json!({
            "type": "signal",
            "equipId": equipment_id,
            "signalId": signal_ids.get(index).copied().unwrap_or(0),
            "title": names[index].name,
            "subTitle": DEMO_EQUIPMENT,
        })
    };
    let widget = |id: &str, kind: &str, [x, y, width, height]: [i64; 4]| {
        json!({
            "id": id,
            "widgetType": kind,
            "widgetName": id,
            "posLock": false,
            "position": { "x": x, "y": y, "width": width, "height": height, "rotate": 0 },
        })
    };
    let with = |mut w: Value, extra: Value| {
        if let (Some(w), Value::Object(extra)) = (w.as_object_mut(), extra) {
            w.extend(extra);
        }
        w
    };
    let text = |id: &str, at: [i64; 4], words: &str, size: i64, align: &str| {
        with(
            widget(id, "UsualText", at),
            json!({
                "style": { "font": { "size": size, "weight": "normal" }, "color": "#1F2937", "align": align },
                "data": { "text": words },
            }),
        )
    };
    let value = |id: &str, at: [i64; 4], index: usize| {
        with(
            widget(id, "UsualDataText", at),
            json!({
                "style": { "font": { "size": 18, "weight": "bold" }, "color": "#1677FF", "align": "right" },
                "data": signal(index),
            }),
        )
    };
    let shape = |id: &str, kind: &str, at: [i64; 4], fill: &str, stroke: &str, stroke_width: i64| {
        with(
            widget(id, kind, at),
            json!({ "style": {
                "opacity": 1,
                "fill": { "enable": true, "color": fill },
                "stroke": { "enable": true, "color": stroke, "width": stroke_width, "dasharray": "" },
            }}),
        )
    };
    let pipe = |id: &str, at: [i64; 4], points: Value| {
        with(
            shape(id, "ShapeLine", at, "#8C8C8C", "#8C8C8C", 10),
            json!({ "points": points, "style": {
                "fill": { "enable": false, "color": "#8C8C8C" },
                "stroke": { "enable": true, "color": "#8C8C8C", "width": 10, "dasharray": "" },
            }}),
        )
    };
    let button = |id: &str, at: [i64; 4], words: &str, write: i64, question: &str| {
        with(
            widget(id, "UsualButton", at),
            json!({
                "style": { "font": { "size": 16, "weight": "normal" }, "color": "#FFFFFF", "align": "center",
                           "fill": { "enable": true, "color": "#1677FF" } },
                "data": { "text": words },
                "clickEvent": { "enable": true, "config": {
                    "action": "write",
                    "data": signal(PUMP_START),
                    "writeType": "fixed",
                    "writeValue": write,
                    "hint": true,
                    "hintValue": question,
                    "delay": { "enable": true, "value": 1000 },
                    "feedback": true,
                }},
            }),
        )
    };
    let rows = [
        (INLET_PRESSURE, "Inlet pressure (bar)"),
        (OUTLET_PRESSURE, "Outlet pressure (bar)"),
        (FLOW, "Flow (m³/h)"),
        (MOTOR_TEMPERATURE, "Motor temperature (°C)"),
        (PUMP_RUNNING, "Pump running"),
    ];
    let mut widgets = vec![
        text("title", [32, 24, 960, 48], DEMO_EQUIPMENT, 28, "left"),
        // The tank: a body between two ellipses, the level filling it.
        shape("tank-bottom", "ShapeEllipse", [96, 508, 200, 40], "#BAE0FF", "#1677FF", 3),
        with(
            shape("tank-body", "ShapeRect", [96, 168, 200, 360], "#E6F4FF", "#1677FF", 3),
            json!({ "style": {
                "radius": 4,
                "fill": { "enable": true, "color": "#E6F4FF" },
                "stroke": { "enable": true, "color": "#1677FF", "width": 3, "dasharray": "" },
            }}),
        ),
        with(
            shape("tank-top", "ShapeEllipse", [96, 148, 200, 40], "#BAE0FF", "#1677FF", 3),
            json!({ "position": { "x": 96, "y": 148, "width": 200, "height": 40, "rotate": 0, "rx": 100, "ry": 20 } }),
        ),
        with(
            widget("tank-level", "UsualPercentFill", [126, 200, 140, 300]),
            json!({ "data": with(signal(TANK_LEVEL), json!({ "dataAddon": {
                "type": "capacityChart", "minVal": 0, "maxVal": 100, "orientation": "bt", "textType": "percentage",
            }})) }),
        ),
        text("tank-label", [96, 560, 200, 24], "Tank level (%)", 16, "center"),
        with(
            value("tank-value", [96, 588, 200, 32], TANK_LEVEL),
            json!({ "style": {
                "font": { "size": 18, "weight": "bold" }, "color": "#1677FF", "align": "center",
            }}),
        ),
        // The pipes, then the pump over their ends.
        pipe("inlet-pipe", [296, 455, 144, 10], json!([[296, 460], [440, 460]])),
        pipe("outlet-pipe", [560, 455, 432, 170], json!([[560, 460], [640, 460], [640, 620], [992, 620]])),
        text("outlet-label", [792, 632, 200, 24], "To distribution", 14, "right"),
        with(
            shape("pump", "ShapeCircle", [440, 400, 120, 120], "#BFBFBF", "#595959", 3),
            json!({
                "position": { "x": 440, "y": 400, "width": 120, "height": 120, "rotate": 0, "r": 60 },
                "data": signal(PUMP_RUNNING),
                "animation": { "fillColor": { "enable": true, "dataArray": [
                    { "symbol": "==", "value": 0, "color": "#BFBFBF" },
                    { "symbol": "==", "value": 1, "color": "#52C41A" },
                ]}},
            }),
        ),
        text("pump-label", [440, 530, 120, 24], "Pump", 16, "center"),
        // The motor temperature, green to red.
        with(
            widget("motor-gauge", "UsualDashboard", [400, 112, 200, 200]),
            json!({ "data": with(signal(MOTOR_TEMPERATURE), json!({ "dataAddon": {
                "type": "multistage", "minVal": 0, "maxVal": 100, "steps": [
                    { "value": 60, "color": "#52C41A" },
                    { "value": 80, "color": "#FAAD14" },
                    { "value": 100, "color": "#FF4D4F" },
                ],
            }})) }),
        ),
        text("motor-label", [400, 316, 200, 24], "Motor temperature (°C)", 14, "center"),
        // The panel of values and the pump's buttons.
        shape("panel", "ShapeRect", [688, 112, 304, 440], "#FFFFFF", "#D9D9D9", 1),
    ];
    for (row, (index, label)) in (0_i64..).zip(rows) {
        let y = 136 + row * 52;
        widgets.push(text(&format!("label-{index}"), [704, y, 176, 32], label, 15, "left"));
        widgets.push(value(&format!("value-{index}"), [880, y, 96, 32], index));
    }
    widgets.extend([
        button("start", [704, 480, 128, 44], "Start pump", 1, "Start the pump?"),
        button("stop", [848, 480, 128, 44], "Stop pump", 0, "Stop the pump?"),
        with(
            widget("clock", "UsualTimer", [688, 712, 304, 32]),
            json!({ "style": { "font": { "size": 14, "weight": "normal" }, "color": "#595959", "align": "right" },
                    "data": { "format": "YYYY-MM-DD HH:mm:ss" } }),
        ),
    ]);
    let signals: Vec<i64> =
        [INLET_PRESSURE, OUTLET_PRESSURE, FLOW, TANK_LEVEL, MOTOR_TEMPERATURE, PUMP_RUNNING, PUMP_START]
            .iter()
            .filter_map(|i| signal_ids.get(*i).copied())
            .collect();
    json!({
        "con": { "width": 1024, "height": 768, "fit": "container", "bgColor": "#F5F7FA", "bgImage": "" },
        "widgets": widgets,
        "bind": { "equips": [equipment_id], "signals": signals, "keys": [], "mvars": [] },
    })
}

/// The broker's address as a client on this machine reaches it (`0.0.0.0:1883` → `127.0.0.1:1883`).
fn connectable(addr: &str) -> String {
    match addr.parse::<std::net::SocketAddr>() {
        Ok(a) if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
        _ => addr.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alarm_rule_watches_the_tank_level() {
        assert_eq!(super::demo_signals()[super::TANK_LEVEL].name, "Tank level");
    }

    #[test]
    fn the_demo_page_shows_the_signals_it_names() {
        let signals = demo_signals();
        for (index, name) in [
            (INLET_PRESSURE, "Inlet pressure"),
            (OUTLET_PRESSURE, "Outlet pressure"),
            (FLOW, "Flow"),
            (MOTOR_TEMPERATURE, "Motor temperature"),
            (PUMP_RUNNING, "Pump running"),
            (PUMP_START, "Pump start"),
        ] {
            assert_eq!(signals[index].name, name);
        }
        assert!(signals[PUMP_START].writable, "the buttons write to a writable signal");
    }

    /// The seeded page passes the check every saved page passes, and every widget lies on the 1024 by 768 canvas.
    #[test]
    fn the_demo_page_is_a_valid_document_on_its_canvas() {
        let ids: Vec<i64> = (100..100 + demo_signals().len() as i64).collect();
        let page = demo_page(7, &ids);
        let valid = ironsight_domain::page::validate_document(&page.to_string()).expect("valid");
        assert_eq!((valid.width, valid.height), (1024, 768));
        for widget in page["widgets"].as_array().unwrap() {
            let p = &widget["position"];
            let (x, y, w, h) = (
                p["x"].as_i64().unwrap(),
                p["y"].as_i64().unwrap(),
                p["width"].as_i64().unwrap(),
                p["height"].as_i64().unwrap(),
            );
            assert!(x >= 0 && y >= 0 && x + w <= 1024 && y + h <= 768, "{} is off the canvas", widget["id"]);
        }
        let start = page["widgets"].as_array().unwrap().iter().find(|w| w["id"] == "start").unwrap();
        assert_eq!(start["clickEvent"]["config"]["data"]["signalId"], ids[PUMP_START]);
        assert_eq!(start["clickEvent"]["config"]["hint"], true);
    }
}

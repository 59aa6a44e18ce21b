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
    let secret_hash = crate::password::hash_blocking(secret.clone()).await?;
    if !store.set_gateway_secret(org_id, DEMO_GATEWAY_SN, &secret_hash).await? {
        let new = NewGateway {
            org_id,
            sn: DEMO_GATEWAY_SN,
            name: "Demo gateway",
            model: "EG-200",
            firmware: "1.0.0",
            secret_hash: &secret_hash,
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
    std::fs::write(&strength, "78\n")?;
    agent_config.signal_strength_file = Some(strength);
    let agent = ironsight_gateway::agent::start(agent_config).await?;
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

/// The broker's address as a client on this machine reaches it (`0.0.0.0:1883` → `127.0.0.1:1883`).
fn connectable(addr: &str) -> String {
    match addr.parse::<std::net::SocketAddr>() {
        Ok(a) if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
        _ => addr.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_alarm_rule_watches_the_tank_level() {
        assert_eq!(super::demo_signals()[super::TANK_LEVEL].name, "Tank level");
    }
}

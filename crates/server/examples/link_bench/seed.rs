//! What is seeded in a run's database: gateways, equipment, signals, simulated devices.

use super::*;

// ---------------------------------------------------------------------------------------------------------------
// Seeding.

/// A gateway as seeded: its equipment and signal ids.
#[derive(Clone, Debug)]
pub(crate) struct SeededGateway {
    pub(crate) sn: String,
    pub(crate) equipment_id: i64,
    pub(crate) signals: Vec<i64>,
}

pub(crate) fn equipment_fields(name: String) -> EquipmentFields {
    EquipmentFields {
        equip_name: name,
        display: "list".into(),
        rule_type: "00".into(),
        model: "BENCH".into(),
        manufacturer: "Ironsight".into(),
        address: "Bench".into(),
        latitude: None,
        longitude: None,
        remark: String::new(),
    }
}

pub(crate) fn holding_registers(count: usize) -> Vec<SignalDef> {
    (0..count).map(|i| SignalDef::new(&format!("r{i}"), Area::HoldingRegister, i as u16, DataType::Uint16)).collect()
}

pub(crate) async fn seed_gateway(
    store: &Store,
    org_id: i64,
    secret_hash: &str,
    sn: String,
    driver: &DriverConfig,
    signals: usize,
) -> anyhow::Result<SeededGateway> {
    let new =
        NewGateway { org_id, sn: &sn, name: &sn, model: "EG-200", firmware: "bench", secret_hash, registered_by: None };
    store.add_gateway(&new).await?.ok_or_else(|| anyhow::anyhow!("serial number {sn} taken"))?;
    let equipment_id = store.add_equipment(org_id, &equipment_fields(format!("Bench {sn}"))).await?;
    let server = ironsight_store::access::Viewer::server(org_id);
    anyhow::ensure!(store.bind_gateway(&server, equipment_id, &sn).await?, "binding {sn} failed");
    anyhow::ensure!(store.set_driver(&server, equipment_id, &serde_json::to_string(driver)?).await?, "driver of {sn}");
    let signals = store
        .save_signals(&server, equipment_id, &holding_registers(signals))
        .await?
        .map_err(|e| anyhow::anyhow!("signals of {sn}: {e:?}"))?;
    Ok(SeededGateway { sn, equipment_id, signals })
}

/// The fleet ([`GATEWAYS`] × [`SIGNALS_PER_GATEWAY`]) and the agent's gateway ([`AGENT_SIGNALS`] from `device`).
pub(crate) async fn seed(
    store: &Store,
    secret_hash: &str,
    device: std::net::SocketAddr,
    concurrency: usize,
) -> anyhow::Result<(Vec<SeededGateway>, SeededGateway)> {
    // The organisation the server's `--demo` seeds its account into (bootstrap reuses it by name).
    let org_id = match store.org_by_name("demo").await? {
        Some(id) => id,
        None => store.create_org("demo", "Ironsight 演示水厂", "").await?,
    };
    // Never polled: these gateways are simulated by MQTT clients. Must only be valid.
    let nowhere = DriverConfig::ModbusTcp {
        host: "192.0.2.1".into(),
        port: 502,
        unit_id: 1,
        timeout_ms: 1000,
        poll_interval_ms: 1000,
    };
    let mut fleet: Vec<(usize, SeededGateway)> = futures_util::stream::iter(0..GATEWAYS)
        .map(|i| {
            let nowhere = &nowhere;
            async move {
                let gateway =
                    seed_gateway(store, org_id, secret_hash, format!("BENCH-GW-{i:04}"), nowhere, SIGNALS_PER_GATEWAY)
                        .await?;
                anyhow::Ok((i, gateway))
            }
        })
        .buffer_unordered(concurrency)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    fleet.sort_by_key(|(i, _)| *i);
    let simulator = DriverConfig::ModbusTcp {
        host: device.ip().to_string(),
        port: device.port(),
        unit_id: 1,
        timeout_ms: 1000,
        poll_interval_ms: 1000,
    };
    let agent = seed_gateway(store, org_id, secret_hash, "BENCH-AGENT".into(), &simulator, AGENT_SIGNALS).await?;
    Ok((fleet.into_iter().map(|(_, g)| g).collect(), agent))
}

/// A simulator with [`AGENT_SIGNALS`] holding registers whose values change every poll.
pub(crate) async fn spawn_device() -> anyhow::Result<ironsight_devsim::Running> {
    use ironsight_devsim::config::{Area as DevArea, DataType as DevType, GeneratorConfig, PointConfig};
    let points = (0..AGENT_SIGNALS)
        .map(|i| PointConfig {
            name: format!("r{i}"),
            area: DevArea::HoldingRegister,
            address: i as u16,
            data_type: Some(DevType::Uint16),
            word_order: Default::default(),
            byte_order: Default::default(),
            scale: 1.0,
            offset: 0.0,
            writable: None,
            read_only_exception: Default::default(),
            generator: Some(GeneratorConfig::Sine {
                offset: 10_000.0,
                amplitude: 5_000.0,
                period_ms: 30_000 + i as u64 * 17,
            }),
        })
        .collect();
    let config = ironsight_devsim::Config {
        listen: "127.0.0.1:0".into(),
        unit_id: None,
        reply_delay_ms: 0,
        drop_every: 0,
        points,
    };
    ironsight_devsim::spawn(config).await
}

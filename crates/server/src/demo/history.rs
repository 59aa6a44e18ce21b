//! The demo plant's past: at the first start, the plant's model runs offline over the last days
//! (`ironsight_devsim::plant::run_offline`) and its values, one a minute per signal, are written as history, in
//! bulk. Reports and history charts are then full on the first visit, with the plant's own behaviour (the pump
//! started and stopped by the reservoir's level, energy counting up), not noise. The roll-up worker rolls the
//! minutes up in the background; a report reads what is not rolled up yet from history meanwhile.

use super::pages::Seeded;
use super::plant;
use crate::AppState;
use ironsight_devsim::plant::Unit;
use ironsight_devsim::plant::{point_values, run_offline};
use ironsight_devsim::process::{Counters, Params};
use ironsight_store::access::Viewer;
use ironsight_store::equipment::{EquipmentFilter, EquipmentSort};
use ironsight_store::readings::StoredReading;
use std::time::Duration;

/// The plant's meters (points that only count up), by point name: the pump's energy and running hours, the energy
/// meter's energy.
const COUNTERS: [&str; 2] = ["energy_total", "run_hours"];

/// The offline run starts the meters where the live plant starts them ([`Counters::default`]) and counts up from
/// there; the live plant then starts from those values again. Each meter's past is moved down by what it counted,
/// so it ends where the live plant begins: a report reads no drop (which it would take for a meter reset, and count
/// the whole reading).
fn end_counters_where_the_plant_starts(plant: &[Seeded<'_>], readings: &mut [StoredReading]) {
    let counters: Vec<i64> =
        plant.iter().flat_map(|e| COUNTERS.iter().filter_map(|point| e.signal_ids.get(point).copied())).collect();
    for signal_id in counters {
        let values: Vec<f64> = readings.iter().filter(|r| r.signal_id == signal_id).filter_map(|r| r.v).collect();
        let (Some(first), Some(last)) = (values.first(), values.last()) else { continue };
        let counted = last - first;
        for r in readings.iter_mut().filter(|r| r.signal_id == signal_id) {
            r.v = r.v.map(|v| v - counted);
        }
    }
}

/// Where the live plant's meters start: what they last said (a restart goes on from there), or the model's own
/// start on a first run.
pub async fn stored_counters(state: &AppState, org_id: i64) -> anyhow::Result<Counters> {
    let mut counters = Counters::default();
    let viewer = Viewer::server(org_id);
    let filter = EquipmentFilter::default();
    let equipment = state.store.equipment_list(&viewer, &filter, EquipmentSort::Newest, 1, 1000).await?.list;
    for spec in plant::equipment() {
        let Some(found) =
            equipment.iter().find(|e| [spec.name.zh, spec.name.en].contains(&e.fields.equip_name.as_str()))
        else {
            continue;
        };
        let signals = state.store.signals(&viewer, found.id).await?.unwrap_or_default();
        let latest = state.store.latest_readings(found.id).await?;
        let value = |key: &str| {
            let name = spec.signal(key)?.name;
            let signal = signals.iter().find(|s| s.name == name.zh || s.name == name.en)?;
            latest.iter().find(|r| r.signal_id == signal.id && r.good).and_then(|r| r.v)
        };
        match spec.unit {
            Unit::PumpStation => {
                counters.pump_energy_kwh = value("energy_total").unwrap_or(counters.pump_energy_kwh);
                counters.run_hours = value("run_hours").unwrap_or(counters.run_hours);
            }
            Unit::EnergyMeter => counters.plant_energy_kwh = value("energy_total").unwrap_or(counters.plant_energy_kwh),
            _ => {}
        }
    }
    Ok(counters)
}

/// Readings per write: large enough that a month is a few dozen writes, small enough that ingest's own batches
/// are not held back long.
const READINGS_PER_WRITE: usize = 20_000;

/// Writes `days` of history ending now for the plant's signals, unless the first one has history older than a
/// day (a restart, or a database that has run for a while). Answers how many readings it wrote.
pub async fn seed(state: &AppState, plant: &[Seeded<'_>], days: u32, now: i64) -> anyhow::Result<usize> {
    let span = i64::from(days) * 86_400_000;
    let Some(first) = plant.iter().flat_map(|e| e.signal_ids.values()).min() else { return Ok(0) };
    if days == 0 || state.store.history_count(*first, now - span, now - 86_400_000).await? > 0 {
        return Ok(0);
    }
    let start = now - span;
    let mut readings = Vec::new();
    run_offline(Params::default(), Duration::from_millis(span as u64), Duration::from_secs(60), |elapsed, outputs| {
        let t = start + elapsed.as_millis() as i64;
        for (unit, point, value) in point_values(outputs) {
            let Some(equipment) = plant.iter().find(|e| e.spec.unit == unit) else { continue };
            let Some(&signal_id) = equipment.signal_ids.get(point) else { continue };
            let v = Some(value);
            readings.push(StoredReading { signal_id, equipment_id: equipment.id, t, v, good: true, error_code: None });
        }
    });
    end_counters_where_the_plant_starts(plant, &mut readings);
    for batch in readings.chunks(READINGS_PER_WRITE) {
        state.store.write_readings(batch).await?;
    }
    tracing::info!(readings = readings.len(), days, "the demo plant's history seeded");
    Ok(readings.len())
}

//! The demo plant's past: at the first start, the plant's model runs offline over the last days
//! (`ironsight_devsim::plant::run_offline`) and its values, one a minute per signal, are written as history, in
//! bulk. Reports and history charts are then full on the first visit, with the plant's own behaviour (the pump
//! started and stopped by the reservoir's level, energy counting up), not noise. The roll-up worker rolls the
//! minutes up in the background; a report reads what is not rolled up yet from history meanwhile.

use super::pages::Seeded;
use crate::AppState;
use ironsight_devsim::plant::{point_values, run_offline};
use ironsight_devsim::process::Params;
use ironsight_store::readings::StoredReading;
use std::time::Duration;

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
            readings.push(StoredReading {
                signal_id,
                equipment_id: equipment.id,
                t,
                v: Some(value),
                good: true,
                error_code: None,
            });
        }
    });
    for batch in readings.chunks(READINGS_PER_WRITE) {
        state.store.write_readings(batch).await?;
    }
    tracing::info!(readings = readings.len(), days, "the demo plant's history seeded");
    Ok(readings.len())
}

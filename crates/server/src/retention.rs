//! History retention (docs/account.md, "System settings"): each organisation that keeps signal history for a
//! limited number of days has the older readings deleted, at start and then every [`TICK`]. Deletion goes in
//! batches of [`ironsight_store::org_settings::PRUNE_BATCH`] rows with a pause between two, so a long backlog (a
//! retention just shortened) never holds the database against ingest's writes for long.

use crate::AppState;
use crate::workers::{FirstRun, Worker};
use ironsight_store::org_settings::PRUNE_BATCH;
use std::time::Duration;

/// How often the retention is applied.
pub const TICK: Duration = Duration::from_secs(10 * 60);
/// The pause between two batches.
const BETWEEN_BATCHES: Duration = Duration::from_millis(50);
const DAY_MS: i64 = 86_400_000;

/// Starts the pruner: once now, then every [`TICK`].
pub fn start(state: AppState) -> Worker {
    Worker::periodic("history retention", TICK, FirstRun::AtStart, move || {
        let state = state.clone();
        async move { prune(&state, ironsight_store::now_ms()).await.map(drop) }
    })
}

/// Deletes every organisation's history older than its retention at `now`; answers the rows deleted.
pub async fn prune(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut deleted = 0;
    for (org_id, days) in state.store.retention_limits().await? {
        let before = now - days * DAY_MS;
        loop {
            let batch = state.store.prune_history_batch(org_id, before).await?;
            deleted += batch;
            if batch < PRUNE_BATCH as u64 {
                break;
            }
            tokio::time::sleep(BETWEEN_BATCHES).await;
        }
    }
    if deleted > 0 {
        tracing::info!(deleted, "history older than the retention pruned");
    }
    Ok(deleted)
}

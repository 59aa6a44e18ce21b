//! The history roll-up worker: makes the minute and hour roll-ups of the minutes ingest marked, once they settled
//! (`ironsight_store::rollups`). It runs every [`TICK`] and takes batches until none is full, pausing between
//! two so ingest's writes are never held back for long. On a cluster it is work for one node at a time.

use crate::workers::{FirstRun, Worker};
use ironsight_store::Store;
use ironsight_store::rollups::{MARKS_PER_RUN, SETTLE_MS};
use std::time::Duration;

/// How often settled minutes are rolled up. A report never waits for it: it reads marked minutes from history.
pub const TICK: Duration = Duration::from_secs(20);
/// The pause between two batches.
const BETWEEN_BATCHES: Duration = Duration::from_millis(20);

/// Starts the worker: once now (minutes marked before a restart, or by the migration that added roll-ups), then
/// every [`TICK`].
pub fn start(store: Store) -> Worker {
    Worker::periodic("history roll-up", TICK, FirstRun::AtStart, move || {
        let store = store.clone();
        async move { roll_up_settled(&store, ironsight_store::now_ms()).await.map(drop) }
    })
}

/// Rolls up every minute marked that settled by `now`; answers how many.
pub async fn roll_up_settled(store: &Store, now: i64) -> anyhow::Result<usize> {
    let mut done = 0;
    loop {
        let taken = store.roll_up(now - SETTLE_MS).await?;
        done += taken;
        if taken < MARKS_PER_RUN as usize {
            return Ok(done);
        }
        tokio::time::sleep(BETWEEN_BATCHES).await;
    }
}

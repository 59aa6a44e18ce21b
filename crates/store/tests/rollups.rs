//! Roll-ups on SQLite and PostgreSQL: what a report reads equals what the readings written add up to, before the
//! worker has run (marked minutes read from history), after it, and after late, duplicate and bad readings.

use ironsight_domain::rollup::{HOUR_MS, MINUTE_MS, Summary};
use ironsight_store::readings::StoredReading;
use ironsight_store::rollups::{SETTLE_MS, Width};
use ironsight_store::{Store, now_ms};
use std::collections::BTreeMap;

mod backends;

fn reading(signal_id: i64, t: i64, v: Option<f64>, good: bool) -> StoredReading {
    StoredReading { signal_id, equipment_id: 1, t, v, good, error_code: None }
}

/// What a report should read: the summaries of the good readings written (the first of each signal and time,
/// as history keeps it), per minute, and per hour folded from the minutes.
fn expected(written: &[StoredReading], signal_id: i64, from: i64, to: i64, width: Width) -> Vec<Summary> {
    let mut kept: BTreeMap<i64, &StoredReading> = BTreeMap::new();
    for r in written.iter().filter(|r| r.signal_id == signal_id) {
        kept.entry(r.t).or_insert(r);
    }
    let good: Vec<(i64, f64)> = kept.values().filter(|r| r.good).filter_map(|r| r.v.map(|v| (r.t, v))).collect();
    let minutes = |from: i64, to: i64| -> Vec<Summary> {
        (from..to).step_by(MINUTE_MS as usize).filter_map(|m| Summary::of_readings(m, m + MINUTE_MS, &good)).collect()
    };
    match width {
        Width::Minute => minutes(from, to),
        Width::Hour => (from..to)
            .step_by(HOUR_MS as usize)
            .filter_map(|h| Summary::of_period(None, &minutes(h, h + HOUR_MS), h, h + HOUR_MS))
            .collect(),
    }
}

async fn assert_reads(store: &Store, written: &[StoredReading], from: i64, to: i64, when: &str) {
    for signal_id in [1, 2] {
        for width in [Width::Minute, Width::Hour] {
            let read = store.summaries(signal_id, from, to, width).await.unwrap();
            assert_eq!(read, expected(written, signal_id, from, to, width), "signal {signal_id}, {width:?}, {when}");
        }
    }
}

async fn roll_up_all(store: &Store) {
    while store.roll_up(now_ms()).await.unwrap() > 0 {}
    assert_eq!(store.pending_rollups(i64::MAX).await.unwrap(), 0);
}

async fn exercise(store: Store) {
    // Two hours, three hours ago: settled, so the worker takes every minute of it.
    let from = (now_ms() / HOUR_MS - 3) * HOUR_MS;
    let to = from + 2 * HOUR_MS;
    let mut written = Vec::new();
    // Signal 1: a counter every 7 s that resets every 400 counts. Signal 2: a pump's state every 13 s, with bad
    // readings and readings without a value between.
    for i in 0..(2 * HOUR_MS / 7_000) {
        written.push(reading(1, from + i * 7_000, Some(((i * 13) % 400) as f64), true));
    }
    for i in 0..(2 * HOUR_MS / 13_000) {
        let t = from + i * 13_000 + 500;
        written.push(match i % 9 {
            0 => reading(2, t, Some(99.0), false),
            4 => reading(2, t, None, true),
            _ => reading(2, t, Some(f64::from(i % 5 < 3)), true),
        });
    }
    // Written in batches in order, as a gateway sends, one batch twice (a redelivery).
    for batch in written.chunks(200) {
        store.write_readings(batch).await.unwrap();
    }
    store.write_readings(&written[400..600]).await.unwrap();
    assert!(store.pending_rollups(i64::MAX).await.unwrap() > 0);
    assert_reads(&store, &written, from, to, "before the worker ran").await;
    roll_up_all(&store).await;
    assert_reads(&store, &written, from, to, "rolled up").await;

    // Late: a gateway replays readings into rolled-up minutes (one between two readings, one into a minute that
    // had none of signal 2's good readings, a bad one, and a duplicate with another value, which history ignores).
    let late = vec![
        reading(1, from + 3 * 7_000 + 1, Some(1_000.0), true),
        reading(2, from + 61 * MINUTE_MS + 1, Some(1.0), true),
        reading(2, from + 62 * MINUTE_MS + 1, Some(5.0), false),
        reading(1, from, Some(-5.0), true),
    ];
    store.write_readings(&late).await.unwrap();
    written.extend(late);
    assert_reads(&store, &written, from, to, "late readings before the worker ran").await;
    roll_up_all(&store).await;
    assert_reads(&store, &written, from, to, "late readings rolled up").await;

    // A minute still current is read from history at once, and the worker leaves it until it settles.
    let now = now_ms();
    let current = now - now.rem_euclid(MINUTE_MS);
    let fresh = vec![reading(1, current, Some(7.0), true)];
    store.write_readings(&fresh).await.unwrap();
    written.extend(fresh);
    assert_eq!(store.roll_up(now - SETTLE_MS).await.unwrap(), 0, "not settled");
    let hour = now - now.rem_euclid(HOUR_MS);
    assert_reads(&store, &written, hour, hour + HOUR_MS, "the current minute").await;
}

#[tokio::test]
async fn rollups_on_sqlite() {
    backends::on_sqlite(exercise).await;
}

#[tokio::test]
async fn rollups_on_postgres() {
    backends::on_postgres("rollups", exercise).await;
}

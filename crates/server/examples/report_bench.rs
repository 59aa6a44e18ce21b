//! `make bench`, reports (issue 35): on SQLite and on PostgreSQL (`IRONSIGHT_BENCH_PG`, default
//! `postgres://postgres@127.0.0.1:5432`, a fresh database `ironsight_report_bench_<pid>` made and dropped), with
//! 30 days of 1 s history of 10 signals (25.9 million readings):
//! - the rate the history is written at through the store's batch writer, roll-up marks included (every minute
//!   of it is old, so every batch marks its minutes: the late-replay case, the roll-ups' worst);
//! - the time the roll-up worker takes to roll it all up;
//! - a day report (24 hourly rows) and a month report (30 daily rows) of 10 columns, through the same table
//!   function the API calls, p50 and max of several runs; a shift report whose shifts start at 22:30 (read from
//!   the minute roll-ups); and a day report over history not rolled up yet (read from history).
//!
//! - ingest with the roll-ups' marks beside ingest without them (the target: less than 15 % slower), live (a
//!   reading a second of 1,000 signals, stamped now, as gateways send) and replayed (a day of old readings);
//!
//! Figures only, no thresholds (docs/performance.md has the targets and the measured figures).
//! `IRONSIGHT_BENCH_DAYS` shortens the history for a quick look.

use ironsight::report_table::{Source, TableColumn, cells};
use ironsight_domain::expiry::Day;
use ironsight_domain::report::{Shift, View};
use ironsight_domain::rollup::Statistic;
use ironsight_store::Store;
use ironsight_store::readings::StoredReading;
use std::time::{Duration, Instant};

const SIGNALS: i64 = 10;
const RUNS: usize = 10;

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The p50 and the max of `RUNS` runs of a report.
async fn time_report(store: &Store, columns: &[TableColumn], view: &View, shifts: &[Shift], now: i64) -> String {
    let periods = view.periods(shifts);
    let mut times = Vec::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        let table = cells(store, columns, &periods, now).await.expect("report");
        times.push(started.elapsed());
        assert!(table.iter().flatten().any(Option::is_some), "the report has values");
    }
    times.sort();
    format!("p50 {}, max {} ({} rows)", ms(times[RUNS / 2]), ms(times[RUNS - 1]), periods.len())
}

/// Readings per second with the marks and without, of batch pairs written in turn (one unmarked, one marked, on
/// signals of their own), so that the database's growth and the machine's other load fall on both alike.
async fn interleaved(
    store: &Store,
    pairs: Vec<(Vec<StoredReading>, Vec<StoredReading>)>,
) -> anyhow::Result<(f64, f64)> {
    let (mut unmarked, mut marked, mut count) = (Duration::ZERO, Duration::ZERO, 0_usize);
    for (plain, with_marks) in pairs {
        count += plain.len();
        let started = Instant::now();
        store.write_readings_unmarked_for_bench(&plain).await?;
        unmarked += started.elapsed();
        let started = Instant::now();
        store.write_readings(&with_marks).await?;
        marked += started.elapsed();
    }
    Ok((count as f64 / marked.as_secs_f64(), count as f64 / unmarked.as_secs_f64()))
}

fn cost(marked: f64, unmarked: f64) -> String {
    format!("{marked:.0}/s / {unmarked:.0}/s ({:+.1} %)", (marked / unmarked - 1.0) * 100.0)
}

/// Ingest with and without the roll-up marks, on signals of their own (ids from `first_signal`), live and replayed.
async fn ingest_cost(store: &Store, first_signal: i64) -> anyhow::Result<Vec<(String, String)>> {
    const LIVE_SIGNALS: i64 = 1_000;
    const LIVE_BATCHES: i64 = 1_000;
    let reading = |signal_id: i64, t: i64, v: f64| StoredReading {
        signal_id,
        equipment_id: 2,
        t,
        v: Some(v),
        good: true,
        error_code: None,
    };
    // Live: one reading of each of 1,000 signals per batch, stamped now (a current minute is marked once).
    let now = ironsight_store::now_ms();
    let live = |base: i64, k: i64| (0..LIVE_SIGNALS).map(|i| reading(base + i, now + k, (k + i) as f64)).collect();
    let pairs = (0..LIVE_BATCHES).map(|k| (live(first_signal, k), live(first_signal + LIVE_SIGNALS, k))).collect();
    let (marked, unmarked) = interleaved(store, pairs).await?;
    let mut rows = vec![(format!("ingest live, {LIVE_SIGNALS} signals: marked / unmarked"), cost(marked, unmarked))];
    // Replayed: a day of one reading a second of 10 signals, an hour a batch, every minute old (marked each time).
    let start = now - 3 * 86_400_000;
    let hour = |base: i64, h: i64| -> Vec<StoredReading> {
        let t0 = start + h * 3_600_000;
        (0..3600)
            .flat_map(|s| (0..10).map(move |i| (i, t0 + s * 1000)))
            .map(|(i, t)| reading(base + i, t, t as f64))
            .collect()
    };
    let base = first_signal + 2 * LIVE_SIGNALS;
    let (marked, unmarked) = interleaved(store, (0..24).map(|h| (hour(base, h), hour(base + 10, h))).collect()).await?;
    rows.push(("ingest replayed, a day of 10 signals: marked / unmarked".into(), cost(marked, unmarked)));
    Ok(rows)
}

async fn run(store: &Store, days: i64) -> anyhow::Result<Vec<(String, String)>> {
    let mut rows = ingest_cost(store, 1_000).await?;
    let now = ironsight_store::now_ms();
    let today = Day::in_china(now);
    let first = Day(today.0 - days);
    // Signal i: a counter for i = 0, a pump's state for i = 1, waves for the others; one reading a second each.
    let value = |i: i64, t: i64| match i {
        0 => (t / 1000 % 1_000_000) as f64,
        1 => f64::from(t / 600_000 % 3 != 0),
        _ => ((t / 1000) as f64 / (600.0 + i as f64 * 60.0)).sin() * 50.0 + 50.0,
    };
    let started = Instant::now();
    let mut written = 0_u64;
    let hour = 3_600_000;
    let mut t0 = first.start_ms();
    while t0 < today.start_ms() {
        let mut batch = Vec::with_capacity((SIGNALS * 3600) as usize);
        for t in (t0..t0 + hour).step_by(1000) {
            for i in 0..SIGNALS {
                let (signal_id, v) = (1 + i, value(i, t));
                batch.push(StoredReading { signal_id, equipment_id: 1, t, v: Some(v), good: true, error_code: None });
            }
        }
        store.write_readings(&batch).await?;
        written += batch.len() as u64;
        t0 += hour;
    }
    let took = started.elapsed();
    rows.push((
        format!("write {days} days x {SIGNALS} signals at 1 s"),
        format!("{written} readings in {:.1} s: {:.0}/s", took.as_secs_f64(), written as f64 / took.as_secs_f64()),
    ));
    let columns: Vec<TableColumn> = (0..SIGNALS)
        .map(|i| TableColumn {
            source: Source::Signal(1 + i),
            statistic: match i {
                0 => Statistic::Difference,
                1 => Statistic::OnHours,
                _ => Statistic::Avg,
            },
            wraps_at: None,
        })
        .collect();
    let yesterday = View::Day(Day(today.0 - 1));
    rows.push((
        "day report, not rolled up yet (from history)".into(),
        time_report(store, &columns, &yesterday, &[], now).await,
    ));
    let started = Instant::now();
    let minutes = ironsight::rollup_worker::roll_up_settled(store, now).await?;
    let took = started.elapsed();
    rows.push((
        "roll up".into(),
        format!(
            "{minutes} minutes in {:.1} s: {:.0} readings/s",
            took.as_secs_f64(),
            written as f64 / took.as_secs_f64()
        ),
    ));
    rows.push(("day report, 24 hours x 10 columns".into(), time_report(store, &columns, &yesterday, &[], now).await));
    // The month of yesterday: the month the history fills most of (a month with 30 days of readings when today is
    // the 1st; the range below is always a full 30 days).
    let (year, month) = {
        let text = Day(today.0 - 1).text();
        (text[..4].parse()?, text[5..7].parse()?)
    };
    rows.push((
        format!("month report, {year}-{month:02} by the day x 10 columns"),
        time_report(store, &columns, &View::Month { year, month }, &[], now).await,
    ));
    let range =
        View::Range { start: first.start_ms(), end: first.start_ms() + days.min(30) * 86_400_000, step_ms: 86_400_000 };
    rows.push((
        format!("range report, {} days by the day", days.min(30)),
        time_report(store, &columns, &range, &[], now).await,
    ));
    let shifts = vec![
        Shift { name: "A".into(), start_minute: 6 * 60 + 30, end_minute: 14 * 60 + 30 },
        Shift { name: "B".into(), start_minute: 14 * 60 + 30, end_minute: 22 * 60 + 30 },
        Shift { name: "C".into(), start_minute: 22 * 60 + 30, end_minute: 6 * 60 + 30 },
    ];
    rows.push((
        "shift report, shifts at :30 (minute roll-ups)".into(),
        time_report(store, &columns, &View::Shifts(Day(today.0 - 2)), &shifts, now).await,
    ));
    Ok(rows)
}

fn print(backend: &str, rows: &[(String, String)]) {
    println!("\nReports on {backend} ({} build)", if cfg!(debug_assertions) { "debug" } else { "release" });
    for (label, value) in rows {
        println!("  {label:<52} {value}");
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let days: i64 = std::env::var("IRONSIGHT_BENCH_DAYS").ok().and_then(|d| d.parse().ok()).unwrap_or(30);
    let dir = tempfile::tempdir()?;
    let store = Store::connect(&format!("sqlite://{}/bench.db?mode=rwc", dir.path().display())).await?;
    print("SQLite", &run(&store, days).await?);
    store.close().await;

    let base = std::env::var("IRONSIGHT_BENCH_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let base = base
        .trim_end_matches('/')
        .rsplit_once('/')
        .filter(|(b, _)| b.contains("//"))
        .map_or(base.as_str(), |(b, _)| b)
        .to_owned();
    let admin = match Store::admin_connect(&format!("{base}/postgres")).await {
        Ok(admin) => admin,
        Err(e) => {
            println!("\nPostgreSQL skipped: not reachable ({e:#}); set IRONSIGHT_BENCH_PG");
            return Ok(());
        }
    };
    let name = format!("ironsight_report_bench_{}", std::process::id());
    admin.execute_raw(&format!("CREATE DATABASE {name}")).await?;
    let store = Store::connect(&format!("{base}/{name}")).await?;
    let outcome = run(&store, days).await;
    store.close().await;
    admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await?;
    print("PostgreSQL", &outcome?);
    Ok(())
}

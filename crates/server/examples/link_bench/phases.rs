//! The pieces of a backend's run: the ingest steps, paced publishing, gathering what watchers saw.

use super::*;

// ---------------------------------------------------------------------------------------------------------------
// One backend, every phase.

/// What one ingest step sent and what reached the history.
pub(crate) struct Ingested {
    pub(crate) sent: u64,
    pub(crate) stored: u64,
    /// From the first publish until the marker was in the history.
    pub(crate) stored_secs: f64,
    /// From the first publish until the last was handed to the client.
    pub(crate) publish_secs: f64,
    /// Server CPU over `stored_secs`, % of one core.
    pub(crate) cpu: f64,
    /// The whole machine's CPU over `stored_secs`, % of all cores.
    pub(crate) machine: f64,
}

impl Ingested {
    pub(crate) fn rate(&self) -> f64 {
        self.stored as f64 / self.stored_secs
    }

    pub(crate) fn lost(&self) -> u64 {
        self.sent.saturating_sub(self.stored)
    }
}

/// What the ingest steps act on and watch.
pub(crate) struct Fleet<'a> {
    pub(crate) gateways: &'a [Arc<SimGateway>],
    pub(crate) counters: &'a FleetCounters,
    /// The same database as the server's, to count history rows.
    pub(crate) monitor: &'a Store,
    pub(crate) server_pid: &'a str,
    pub(crate) ticks_per_second: f64,
}

/// One ingest step: every gateway publishes `reports` change reports of all its signals, times `t_base + k`,
/// one every `period` (phases spread over the period) or, without a period, all at once. Once the broker has
/// acknowledged every report, one gateway publishes a marker report. The server handles its subscription in order
/// and the writer keeps that order, so when the marker is in the history, everything sent before it that reached
/// the server is too. All readings of one report are written in one transaction, so one
/// signal per gateway tells how many of its reports were stored.
pub(crate) async fn ingest_step(
    fleet: &Fleet<'_>,
    t_base: i64,
    reports: usize,
    period: Option<Duration>,
) -> anyhow::Result<Ingested> {
    let Fleet { gateways, counters, monitor, server_pid, ticks_per_second } = *fleet;
    let count = gateways.len() as u32;
    let acks_expected = counters.pubacks.load(Ordering::Relaxed) + u64::from(count) * reports as u64;
    let cpu = CpuMeter::start(server_pid);
    let machine = MachineMeter::start();
    let started = Instant::now();
    let publishers: Vec<_> = gateways
        .iter()
        .enumerate()
        .map(|(i, gateway)| {
            let gateway = gateway.clone();
            tokio::spawn(async move {
                let mut tick = period.map(|period| {
                    let mut tick =
                        tokio::time::interval_at(tokio::time::Instant::now() + period * i as u32 / count, period);
                    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
                    tick
                });
                for k in 0..reports {
                    if let Some(tick) = tick.as_mut() {
                        tick.tick().await;
                    }
                    gateway.publish_report(t_base + k as i64, k as f64).await?;
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for publisher in publishers {
        publisher.await??;
    }
    let publish_secs = started.elapsed().as_secs_f64();
    if !wait_until(|| counters.pubacks.load(Ordering::Relaxed) >= acks_expected).await {
        println!("    not every report was acknowledged by the broker");
    }
    let marker = t_base + reports as i64;
    let probe = &gateways[0];
    probe.publish_report(marker, 0.0).await?;
    let deadline = Instant::now() + PHASE_TIMEOUT;
    while monitor.history_count(probe.seeded.signals[0], marker, marker).await? == 0 {
        anyhow::ensure!(Instant::now() < deadline, "the marker report never reached the history");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let stored_secs = started.elapsed().as_secs_f64();
    let cpu = cpu.percent(ticks_per_second);
    let machine = machine.percent();
    let last = t_base + reports as i64 - 1;
    let mut stored = probe.seeded.signals.len() as u64; // the marker
    for gateway in gateways {
        let reports = monitor.history_count(gateway.seeded.signals[0], t_base, last).await?;
        stored += reports as u64 * gateway.seeded.signals.len() as u64;
    }
    let sent = (u64::from(count) * reports as u64 + 1) * SIGNALS_PER_GATEWAY as u64;
    Ok(Ingested { sent, stored, stored_secs, publish_secs, cpu, machine })
}

/// Every signal of one gateway, counted between `from` and `to`: checks the one-signal shortcut above.
pub(crate) async fn count_every_signal(store: &Store, gateway: &SimGateway, from: i64, to: i64) -> anyhow::Result<i64> {
    let mut total = 0;
    for &signal in &gateway.seeded.signals {
        total += store.history_count(signal, from, to).await?;
    }
    Ok(total)
}

/// Publishes a report on each gateway every `period` until `seconds` have passed (phases spread over the period);
/// answers the readings published and the time it took.
pub(crate) async fn publish_paced(
    gateways: Vec<Arc<SimGateway>>,
    period: Duration,
    seconds: u64,
) -> anyhow::Result<(u64, f64)> {
    let published = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let count = gateways.len() as u32;
    let tasks: Vec<_> = gateways
        .into_iter()
        .enumerate()
        .map(|(i, gateway)| {
            let published = published.clone();
            tokio::spawn(async move {
                tokio::time::sleep(period * i as u32 / count).await;
                let mut tick = tokio::time::interval(period);
                tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
                let mut k = 0u64;
                loop {
                    tick.tick().await;
                    if Instant::now() >= deadline {
                        break;
                    }
                    gateway.publish_report(now_ms(), (k % 1000) as f64).await?;
                    published.fetch_add(gateway.seeded.signals.len() as u64, Ordering::Relaxed);
                    k += 1;
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for task in tasks {
        task.await??;
    }
    Ok((published.load(Ordering::Relaxed), started.elapsed().as_secs_f64()))
}

/// Stops the watchers and adds up what they saw.
pub(crate) async fn gather(
    stop: &AtomicBool,
    tasks: Vec<tokio::task::JoinHandle<anyhow::Result<Watched>>>,
) -> anyhow::Result<Watched> {
    stop.store(true, Ordering::Relaxed);
    let mut all = Watched::default();
    let mut closed = 0;
    for task in tasks {
        let seen = task.await??;
        all.frames += seen.frames;
        all.values += seen.values;
        all.latencies.extend(seen.latencies);
        closed += usize::from(seen.closed_by_server);
    }
    all.closed_by_server = closed > 0;
    if closed > 0 {
        println!(
            "    {closed} socket(s) closed by the server during the phase (a client that falls behind is dropped)"
        );
    }
    Ok(all)
}

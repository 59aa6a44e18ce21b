//! The alarm engine: decides in memory, records in the background.
//!
//! Every enabled rule keeps its [`RuleState`] in memory, so a reading is judged without a database round trip
//! on the ingest path (which runs inside the MQTT event loop). Ingest hands over each batch of fresh readings
//! ([`Alarms::on_readings`]); a task ticks every second, so a delay can run out between readings (gateways report
//! by exception: a value that stays put is not reported again) and, every few seconds, checks for silence: a
//! gateway, or a signal of a gateway that is not silent, that sent nothing for three report periods (the
//! gateway's sample period) raises a no-data alarm, released by the next reading.
//!
//! Decisions go, in order, to one worker task ([`record`]) that writes the alarm record, an alarm message for every
//! user of the organisation (pushed on their message socket, and queued for the user's notification channels:
//! [`crate::notify`]) and the release. The counts the EG monitor shows
//! (`gatewayAlarm`, `signalAlarm`) come from memory, so they change with the decision, not with the write.
//!
//! At start the engine loads the rules and the open alarm records (an open record makes its rule start
//! triggered); rules are reloaded for a signal when they are saved, and all of them, with the list of watched
//! signals, every [`RELOAD_EVERY`] ticks (signals and equipment are deleted elsewhere). Silence is measured on the
//! server's clock from when a signal was last heard (or from start-up), so a gateway's clock does not matter.
//!
//! One engine per database is assumed: two servers sharing a database would both record each alarm.

use crate::answers::live::EgFrame;
use crate::backlog::Backlog;
use crate::live::LiveHub;
use ironsight_domain::Lang;
use ironsight_domain::alarm::{self, Reading, RuleState, Transition};
use ironsight_store::alarms::{AlarmKey, SilenceWatch, WatchedRule};
use ironsight_store::readings::StoredReading;
use ironsight_store::{Store, now_ms};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// How often delays are checked.
const TICK: Duration = Duration::from_secs(1);
/// Silence is checked every this many ticks.
const SILENCE_EVERY: u64 = 5;
/// Alarm decisions waiting for the worker to write them, at most; past it, whoever decides waits (see
/// [`Alarms::submit`]). Far above what 1,000 alarms a minute keep queued (`make bench`).
const ALARM_QUEUE: usize = 10_000;
/// Rules and the watched signals are reloaded every this many ticks.
const RELOAD_EVERY: u64 = 30;
/// Level of a gateway's no-data alarm (the whole gateway is silent: the most urgent) and of a signal's.
const GATEWAY_SILENCE_LEVEL: i64 = 1;
const SIGNAL_SILENCE_LEVEL: i64 = 2;

/// The engine's handle, cheap to clone.
#[derive(Clone)]
pub struct Alarms {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    live: LiveHub,
    /// Never held across an await.
    engine: Mutex<Engine>,
    jobs: mpsc::Sender<Job>,
    /// Jobs submitted and not yet written, for a graceful stop.
    backlog: Backlog,
}

/// Starts the engine: loads rules, open alarms and the watched signals, and spawns the worker and the ticker.
pub async fn start(
    store: Store,
    live: LiveHub,
    notifier: crate::notify::Notifier,
) -> anyhow::Result<(Alarms, Vec<JoinHandle<()>>)> {
    let now = now_ms();
    let orphans = store.release_orphan_alarms(now).await?;
    if orphans > 0 {
        tracing::info!(orphans, "released alarms whose rule is gone");
    }
    let mut engine = Engine::default();
    for open in store.open_alarms().await? {
        engine.open(open.equipment_id, open.key, open.signal_id);
    }
    let mut jobs = engine.set_all_rules(store.watched_rules().await?);
    jobs.extend(engine.set_watch(store.silence_watch().await?, now).0);
    let (sender, receiver) = mpsc::channel(ALARM_QUEUE);
    let backlog = Backlog::default();
    let alarms = Alarms {
        inner: Arc::new(Inner {
            store: store.clone(),
            live: live.clone(),
            engine: Mutex::new(engine),
            jobs: sender,
            backlog: backlog.clone(),
        }),
    };
    let tasks = vec![
        tokio::spawn(record::run_worker(store, live, notifier, receiver, backlog)),
        tokio::spawn(alarms.clone().run_ticker()),
    ];
    alarms.submit(jobs).await;
    Ok((alarms, tasks))
}

impl Alarms {
    fn engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.inner.engine.lock().expect("alarm engine lock")
    }

    /// Queues decisions for the worker to write, waiting while the queue is full: a burst of alarms slows ingest
    /// down (and, behind it, the gateways' reports, which wait in their buffers) rather than growing memory without
    /// bound or dropping a decision.
    async fn submit(&self, jobs: Vec<Job>) {
        for job in jobs {
            self.inner.backlog.add(1);
            if self.inner.jobs.send(job).await.is_err() {
                self.inner.backlog.done(1);
                tracing::error!("alarm worker stopped; alarm not recorded");
            }
        }
    }

    /// Alarm decisions not yet written (a graceful stop waits for them).
    pub fn backlog(&self) -> &Backlog {
        &self.inner.backlog
    }

    /// Judges fresh readings (newer than any seen before for their signal). Cheap: no I/O, the writes happen in
    /// the worker. The caller pushes the live frame, which carries the new counts ([`Alarms::fill_frame`]).
    pub async fn on_readings(&self, rows: &[StoredReading]) {
        let jobs = self.engine().feed(rows, now_ms());
        self.submit(jobs).await;
    }

    /// The counts the EG monitor shows for an equipment: gateway-level alarms, and alarms per signal id.
    pub fn counts(&self, equipment_id: i64) -> (i64, BTreeMap<String, i64>) {
        self.engine().counts(equipment_id)
    }

    /// Puts the equipment's current counts into a frame.
    pub fn fill_frame(&self, equipment_id: i64, frame: &mut EgFrame) {
        (frame.gateway_alarm, frame.signal_alarm) = self.counts(equipment_id);
    }

    /// After the rules of `signal_id` (of `equipment_id`) were saved: reloads them, keeping the state of rules
    /// that stayed, and judges the signal's latest value at once, so a rule that already holds does not wait for
    /// the next report.
    pub async fn rules_saved(
        &self,
        equipment_id: i64,
        signal_id: i64,
        latest: Option<StoredReading>,
    ) -> anyhow::Result<()> {
        let rules = self.inner.store.watched_rules_of_signal(signal_id).await?;
        let jobs = {
            let mut engine = self.engine();
            let mut jobs = engine.set_rules(signal_id, rules);
            if let Some(latest) = latest.filter(|r| r.signal_id == signal_id) {
                jobs.extend(engine.judge(signal_id, &latest));
            }
            jobs
        };
        self.submit(jobs).await;
        self.push_counts([equipment_id]);
        Ok(())
    }

    /// Pushes the counts of equipment whose alarms changed to whoever watches them.
    fn push_counts(&self, equipment: impl IntoIterator<Item = i64>) {
        for equipment_id in equipment {
            if self.inner.live.is_watched(equipment_id) {
                let mut frame = EgFrame::default();
                self.fill_frame(equipment_id, &mut frame);
                self.inner.live.publish_equipment(equipment_id, &frame);
            }
        }
    }

    /// Ticks for ever: delays every tick, silence every [`SILENCE_EVERY`], reloads every [`RELOAD_EVERY`].
    async fn run_ticker(self) {
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut count: u64 = 0;
        loop {
            tick.tick().await;
            count += 1;
            if count.is_multiple_of(RELOAD_EVERY)
                && let Err(e) = self.reload().await
            {
                tracing::error!("alarm rules not reloaded: {e:#}");
            }
            let now = now_ms();
            let (jobs, changed) = {
                let mut engine = self.engine();
                let (mut jobs, mut changed) = engine.tick(now);
                if count.is_multiple_of(SILENCE_EVERY) {
                    let (more, more_changed) = engine.check_silence(now);
                    jobs.extend(more);
                    changed.extend(more_changed);
                }
                (jobs, changed)
            };
            self.submit(jobs).await;
            self.push_counts(changed);
        }
    }

    /// Reloads every rule and the watched signals (deleted signals and equipment take their alarms with them).
    async fn reload(&self) -> anyhow::Result<()> {
        let rules = self.inner.store.watched_rules().await?;
        let watch = self.inner.store.silence_watch().await?;
        let (jobs, changed) = {
            let mut engine = self.engine();
            let before = engine.open.clone();
            let mut jobs = engine.set_all_rules(rules);
            jobs.extend(engine.set_watch(watch, now_ms()).0);
            let after = &engine.open;
            let changed: HashSet<i64> =
                before.keys().chain(after.keys()).filter(|e| before.get(e) != after.get(e)).copied().collect();
            (jobs, changed)
        };
        self.submit(jobs).await;
        self.push_counts(changed);
        Ok(())
    }
}

/// A decision for the worker.
#[derive(Debug)]
enum Job {
    Trigger(Box<Triggered>),
    Release { key: AlarmKey, t: i64 },
}

/// Everything the record and the messages of a new alarm need.
#[derive(Debug)]
struct Triggered {
    key: AlarmKey,
    org_id: i64,
    equipment_id: i64,
    signal_id: Option<i64>,
    level: i64,
    equip_title: String,
    signal_title: String,
    t: i64,
    value: Option<f64>,
    msg_zh: String,
    msg_en: String,
}

/// An enabled rule and its state.
struct LiveRule {
    watched: WatchedRule,
    state: RuleState,
}

/// A gateway the no-data check watches, with its equipment and their signals.
struct GatewayWatch {
    org_id: i64,
    period_ms: i64,
    seen: bool,
    gateway_id: i64,
    /// `(equipment id, title)`.
    equipment: Vec<(i64, String)>,
    signals: Vec<WatchedSignal>,
}

/// A signal the no-data check watches. Kept small (a large site watches tens of thousands): its equipment is an
/// index into the gateway's list, which holds the equipment's title once.
struct WatchedSignal {
    signal_id: i64,
    equipment: u32,
    title: Box<str>,
}

/// The in-memory state. No I/O: every method answers the jobs the caller submits.
#[derive(Default)]
struct Engine {
    /// Enabled rules by signal id.
    rules: HashMap<i64, Vec<LiveRule>>,
    /// Open alarms by equipment: key → signal id (none for the gateway's).
    open: HashMap<i64, HashMap<AlarmKey, Option<i64>>>,
    /// Gateways watched for silence.
    watch: Vec<GatewayWatch>,
    /// When each watched signal was last heard (server time), or when watching it began.
    heard: HashMap<i64, i64>,
}

impl Engine {
    fn is_open(&self, equipment_id: i64, key: AlarmKey) -> bool {
        self.open.get(&equipment_id).is_some_and(|m| m.contains_key(&key))
    }

    fn open(&mut self, equipment_id: i64, key: AlarmKey, signal_id: Option<i64>) {
        self.open.entry(equipment_id).or_default().insert(key, signal_id);
    }

    /// Forgets an open alarm; true when it was open.
    fn close(&mut self, equipment_id: i64, key: AlarmKey) -> bool {
        let Some(keys) = self.open.get_mut(&equipment_id) else { return false };
        let was = keys.remove(&key).is_some();
        if keys.is_empty() {
            self.open.remove(&equipment_id);
        }
        was
    }

    fn counts(&self, equipment_id: i64) -> (i64, BTreeMap<String, i64>) {
        let mut gateway = 0;
        let mut signals = BTreeMap::new();
        for signal in self.open.get(&equipment_id).into_iter().flat_map(|m| m.values()) {
            match signal {
                Some(id) => *signals.entry(id.to_string()).or_insert(0) += 1,
                None => gateway += 1,
            }
        }
        (gateway, signals)
    }

    /// Replaces the rules of one signal: rules that stayed keep their state, a new rule whose alarm is open
    /// (loaded at start) starts triggered, an open alarm of a rule that went is released.
    fn set_rules(&mut self, signal_id: i64, list: Vec<WatchedRule>) -> Vec<Job> {
        let mut old = self.rules.remove(&signal_id).unwrap_or_default();
        let mut rules = Vec::with_capacity(list.len());
        for watched in list {
            let state = match old.iter().position(|r| r.watched.rule.id == watched.rule.id) {
                Some(i) => old.swap_remove(i).state,
                None if self.is_open(watched.equipment_id, AlarmKey::Rule(watched.rule.id)) => RuleState::triggered(),
                None => RuleState::default(),
            };
            rules.push(LiveRule { watched, state });
        }
        let mut jobs = Vec::new();
        for gone in old {
            // Released in the database already when the rule was deleted or disabled by a save; releasing again
            // changes nothing there, and covers a trigger still queued for it.
            let key = AlarmKey::Rule(gone.watched.rule.id);
            if self.close(gone.watched.equipment_id, key) {
                jobs.push(Job::Release { key, t: now_ms() });
            }
        }
        if !rules.is_empty() {
            self.rules.insert(signal_id, rules);
        }
        jobs
    }

    /// Replaces every rule (start-up and periodic reload). Open rule alarms without a rule are released.
    fn set_all_rules(&mut self, list: Vec<WatchedRule>) -> Vec<Job> {
        let mut by_signal: HashMap<i64, Vec<WatchedRule>> = HashMap::new();
        for w in list {
            by_signal.entry(w.rule.signal_id).or_default().push(w);
        }
        let signals: HashSet<i64> = self.rules.keys().chain(by_signal.keys()).copied().collect();
        let mut jobs = Vec::new();
        for signal_id in signals {
            jobs.extend(self.set_rules(signal_id, by_signal.remove(&signal_id).unwrap_or_default()));
        }
        let known: HashSet<i64> = self.rules.values().flatten().map(|r| r.watched.rule.id).collect();
        let stale: Vec<(i64, AlarmKey)> = self
            .open
            .iter()
            .flat_map(|(e, keys)| keys.keys().map(move |k| (*e, *k)))
            .filter(|(_, k)| matches!(k, AlarmKey::Rule(id) if !known.contains(id)))
            .collect();
        for (equipment_id, key) in stale {
            self.close(equipment_id, key);
            jobs.push(Job::Release { key, t: now_ms() });
        }
        jobs
    }

    /// Judges one reading against the rules of its signal.
    fn judge(&mut self, signal_id: i64, r: &StoredReading) -> Vec<Job> {
        let reading = Reading { t: r.t, value: r.v, good: r.good };
        let mut transitions = Vec::new();
        for rule in self.rules.get_mut(&signal_id).into_iter().flatten() {
            if let Some(t) = rule.state.feed(&rule.watched.rule.condition(), reading) {
                transitions.push((rule.watched.clone(), t));
            }
        }
        transitions.into_iter().map(|(w, t)| self.apply(&w, t)).collect()
    }

    /// Records a rule's transition in the open set and answers the job for it.
    fn apply(&mut self, w: &WatchedRule, transition: Transition) -> Job {
        let key = AlarmKey::Rule(w.rule.id);
        match transition {
            Transition::Trigger { t, value } => {
                self.open(w.equipment_id, key, Some(w.rule.signal_id));
                let state = ironsight_domain::value_map::state_of(&w.value_map, value);
                Job::Trigger(Box::new(Triggered {
                    key,
                    org_id: w.org_id,
                    equipment_id: w.equipment_id,
                    signal_id: Some(w.rule.signal_id),
                    level: w.rule.level,
                    equip_title: w.equip_title.clone(),
                    signal_title: w.rule.signal_title.clone(),
                    t,
                    value: Some(value),
                    msg_zh: ironsight_domain::value_map::message_with_state(&w.rule.msg_zh, state, Lang::Zh),
                    msg_en: ironsight_domain::value_map::message_with_state(&w.rule.msg_en, state, Lang::En),
                }))
            }
            Transition::Release { t, .. } => {
                self.close(w.equipment_id, key);
                Job::Release { key, t }
            }
        }
    }

    /// Fresh readings: each signal is heard (ending its silence and its gateway's), and judged by its rules.
    fn feed(&mut self, rows: &[StoredReading], now: i64) -> Vec<Job> {
        let mut jobs = Vec::new();
        for r in rows {
            self.heard.insert(r.signal_id, now);
            for key in [AlarmKey::SignalNoData(r.signal_id), AlarmKey::GatewayNoData { equipment_id: r.equipment_id }] {
                if self.close(r.equipment_id, key) {
                    jobs.push(Job::Release { key, t: now });
                }
            }
            if self.rules.contains_key(&r.signal_id) {
                jobs.extend(self.judge(r.signal_id, r));
            }
        }
        jobs
    }

    /// Lets delays run out; answers the jobs and the equipment whose counts changed.
    fn tick(&mut self, now: i64) -> (Vec<Job>, HashSet<i64>) {
        let mut transitions = Vec::new();
        for rule in self.rules.values_mut().flatten() {
            if let Some(t) = rule.state.tick(&rule.watched.rule.condition(), now) {
                transitions.push((rule.watched.clone(), t));
            }
        }
        let changed = transitions.iter().map(|(w, _)| w.equipment_id).collect();
        (transitions.into_iter().map(|(w, t)| self.apply(&w, t)).collect(), changed)
    }

    /// Replaces the watched signals. Signals new to the watch count as heard now; open no-data alarms of
    /// signals or equipment no longer watched (unbound, deleted, driver removed) are released.
    fn set_watch(&mut self, list: Vec<SilenceWatch>, now: i64) -> (Vec<Job>, HashSet<i64>) {
        let mut gateways: Vec<GatewayWatch> = Vec::new();
        for s in list {
            self.heard.entry(s.signal_id).or_insert(now);
            let gateway = match gateways.last_mut() {
                Some(g) if g.gateway_id == s.gateway_id => g,
                _ => {
                    gateways.push(GatewayWatch {
                        gateway_id: s.gateway_id,
                        org_id: s.org_id,
                        period_ms: s.period_ms,
                        seen: s.gateway_seen,
                        equipment: Vec::new(),
                        signals: Vec::new(),
                    });
                    gateways.last_mut().expect("just pushed")
                }
            };
            if gateway.equipment.last().is_none_or(|(e, _)| *e != s.equipment_id) {
                gateway.equipment.push((s.equipment_id, s.equip_title));
            }
            let equipment = u32::try_from(gateway.equipment.len() - 1).unwrap_or(u32::MAX);
            gateway.signals.push(WatchedSignal { signal_id: s.signal_id, equipment, title: s.signal_title.into() });
        }
        for g in &mut gateways {
            g.signals.shrink_to_fit();
            g.equipment.shrink_to_fit();
        }
        let signals: HashSet<i64> = gateways.iter().flat_map(|g| g.signals.iter().map(|s| s.signal_id)).collect();
        let equipment: HashSet<i64> = gateways.iter().flat_map(|g| g.equipment.iter().map(|(e, _)| *e)).collect();
        self.heard.retain(|id, _| signals.contains(id));
        let gone: Vec<(i64, AlarmKey)> = self
            .open
            .iter()
            .flat_map(|(e, keys)| keys.keys().map(move |k| (*e, *k)))
            .filter(|(e, k)| match k {
                AlarmKey::SignalNoData(s) => !signals.contains(s),
                AlarmKey::GatewayNoData { .. } => !equipment.contains(e),
                AlarmKey::Rule(_) => false,
            })
            .collect();
        let mut jobs = Vec::new();
        let mut changed = HashSet::new();
        for (equipment_id, key) in gone {
            self.close(equipment_id, key);
            changed.insert(equipment_id);
            jobs.push(Job::Release { key, t: now });
        }
        self.watch = gateways;
        (jobs, changed)
    }

    /// Raises and ends no-data alarms: a gateway (once put into service) silent for three periods alarms on
    /// each of its equipment; while it is not silent, each silent signal alarms on its own.
    ///
    /// Runs over every watched signal (tens of thousands on a large site) while ingest waits for the engine's
    /// lock, so the common case, nothing changed, costs one look-up per signal and allocates nothing: the alarm
    /// itself is only built for a change.
    fn check_silence(&mut self, now: i64) -> (Vec<Job>, HashSet<i64>) {
        let mut changes: Vec<(bool, Triggered)> = Vec::new();
        for g in self.watch.iter().filter(|g| g.seen) {
            let heard = |id: i64| self.heard.get(&id).copied().unwrap_or(now);
            let last = g.signals.iter().map(|s| heard(s.signal_id)).max().unwrap_or(now);
            let gateway_silent = alarm::is_silent(last, now, g.period_ms);
            for (equipment_id, title) in &g.equipment {
                let key = AlarmKey::GatewayNoData { equipment_id: *equipment_id };
                if gateway_silent != self.is_open(*equipment_id, key) {
                    let (msg_zh, msg_en) = alarm::no_data_message(true);
                    changes.push((
                        gateway_silent,
                        Triggered {
                            key,
                            org_id: g.org_id,
                            equipment_id: *equipment_id,
                            signal_id: None,
                            level: GATEWAY_SILENCE_LEVEL,
                            equip_title: title.clone(),
                            signal_title: String::new(),
                            t: now,
                            value: None,
                            msg_zh,
                            msg_en,
                        },
                    ));
                }
            }
            if gateway_silent {
                continue; // the gateway's alarm says it all; signal alarms already open stay as they are
            }
            for s in &g.signals {
                let key = AlarmKey::SignalNoData(s.signal_id);
                let silent = alarm::is_silent(heard(s.signal_id), now, g.period_ms);
                let (equipment_id, equip_title) = &g.equipment[s.equipment as usize];
                if silent != self.is_open(*equipment_id, key) {
                    let (msg_zh, msg_en) = alarm::no_data_message(false);
                    changes.push((
                        silent,
                        Triggered {
                            key,
                            org_id: g.org_id,
                            equipment_id: *equipment_id,
                            signal_id: Some(s.signal_id),
                            level: SIGNAL_SILENCE_LEVEL,
                            equip_title: equip_title.clone(),
                            signal_title: s.title.to_string(),
                            t: now,
                            value: None,
                            msg_zh,
                            msg_en,
                        },
                    ));
                }
            }
        }
        let mut jobs = Vec::new();
        let mut changed = HashSet::new();
        for (silent, triggered) in changes {
            let (key, equipment_id) = (triggered.key, triggered.equipment_id);
            changed.insert(equipment_id);
            if silent {
                self.open(equipment_id, key, triggered.signal_id);
                jobs.push(Job::Trigger(Box::new(triggered)));
            } else {
                self.close(equipment_id, key);
                jobs.push(Job::Release { key, t: now });
            }
        }
        (jobs, changed)
    }
}

mod record;

#[cfg(test)]
mod tests;

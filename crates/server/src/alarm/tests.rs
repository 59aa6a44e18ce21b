use super::*;
use ironsight_domain::alarm::Symbol;
use ironsight_store::alarms::AlarmRule;

fn watched(id: i64, signal_id: i64, symbol: Symbol, value: f64) -> WatchedRule {
    WatchedRule {
        rule: AlarmRule {
            id,
            signal_id,
            signal_title: format!("s{signal_id}"),
            symbol,
            value,
            deadband: 0.0,
            delay: 0,
            level: 2,
            msg_zh: "高".into(),
            msg_en: "High".into(),
            enabled: true,
        },
        org_id: 1,
        equipment_id: 10,
        equip_title: "Pump".into(),
        value_map: Vec::new(),
    }
}

fn reading(signal_id: i64, t: i64, v: f64) -> StoredReading {
    StoredReading { signal_id, equipment_id: 10, t, v: Some(v), good: true, error_code: None }
}

fn watch(signal_id: i64, period_ms: i64) -> SilenceWatch {
    SilenceWatch {
        gateway_id: 1,
        org_id: 1,
        period_ms,
        gateway_seen: true,
        equipment_id: 10,
        equip_title: "Pump".into(),
        signal_id,
        signal_title: format!("s{signal_id}"),
    }
}

fn kinds(jobs: &[Job]) -> Vec<String> {
    jobs.iter()
        .map(|j| match j {
            Job::Trigger(t) => format!("T{:?}", t.key),
            Job::Release { key, .. } => format!("R{key:?}"),
        })
        .collect()
}

#[test]
fn readings_trigger_and_release_and_counts_follow() {
    let mut engine = Engine::default();
    assert!(
        engine.set_all_rules(vec![watched(1, 100, Symbol::Gt, 80.0), watched(2, 100, Symbol::Gt, 90.0)]).is_empty()
    );
    let jobs = engine.feed(&[reading(100, 1, 95.0)], 1);
    assert_eq!(kinds(&jobs), ["TRule(1)", "TRule(2)"]);
    assert_eq!(engine.counts(10), (0, BTreeMap::from([("100".to_owned(), 2)])));
    let jobs = engine.feed(&[reading(100, 2, 85.0)], 2);
    assert_eq!(kinds(&jobs), ["RRule(2)"]);
    assert_eq!(engine.counts(10).1["100"], 1);
    // Saving the rules again keeps the state: no new trigger for the rule that is on.
    assert!(engine.set_rules(100, vec![watched(1, 100, Symbol::Gt, 80.0)]).is_empty(), "rule 2 went, not open");
    assert!(engine.feed(&[reading(100, 3, 86.0)], 3).is_empty());
    // A rule that goes while its alarm is open is released.
    assert_eq!(kinds(&engine.set_rules(100, vec![])), ["RRule(1)"]);
    assert_eq!(engine.counts(10), (0, BTreeMap::new()));
}

#[test]
fn a_triggered_alarm_names_the_state_its_value_is_in() {
    use ironsight_domain::value_map::StateText;
    let mut engine = Engine::default();
    let mut rule = watched(1, 100, Symbol::Eq, 2.0);
    (rule.rule.msg_zh, rule.rule.msg_en) = (String::new(), String::new());
    let fault = StateText { value: 2.0, zh: "故障".into(), en: "Fault".into(), color: "#f5222d".into() };
    rule.value_map = vec![fault];
    engine.set_all_rules(vec![rule]);
    let jobs = engine.feed(&[reading(100, 1, 2.0)], 1);
    let Some(Job::Trigger(t)) = jobs.first() else { panic!("no trigger: {}", kinds(&jobs).join(",")) };
    assert_eq!((t.msg_zh.as_str(), t.msg_en.as_str()), ("变为故障", "changed to Fault"));
    assert_eq!(t.value, Some(2.0), "the record keeps the number");
}

#[test]
fn an_open_record_loaded_at_start_makes_its_rule_start_triggered() {
    let mut engine = Engine::default();
    engine.open(10, AlarmKey::Rule(1), Some(100));
    engine.open(10, AlarmKey::Rule(99), Some(100));
    let jobs = engine.set_all_rules(vec![watched(1, 100, Symbol::Gt, 80.0)]);
    assert_eq!(kinds(&jobs), ["RRule(99)"], "an open alarm without its rule is released");
    assert!(engine.feed(&[reading(100, 1, 95.0)], 1).is_empty(), "already on");
    assert_eq!(kinds(&engine.feed(&[reading(100, 2, 10.0)], 2)), ["RRule(1)"]);
}

#[test]
fn silence_raises_a_gateway_alarm_then_signal_alarms() {
    let mut engine = Engine::default();
    let (jobs, _) = engine.set_watch(vec![watch(100, 1000), watch(101, 1000)], 0);
    assert!(jobs.is_empty());
    assert!(engine.check_silence(2999).0.is_empty());
    let (jobs, changed) = engine.check_silence(3000);
    assert_eq!(kinds(&jobs), ["TGatewayNoData { equipment_id: 10 }"]);
    assert_eq!(changed, HashSet::from([10]));
    assert_eq!(engine.counts(10).0, 1);
    assert!(engine.check_silence(4000).0.is_empty(), "raised once");
    // One signal speaks again: the gateway is not silent, the other signal is.
    let jobs = engine.feed(&[reading(100, 5000, 1.0)], 5000);
    assert_eq!(kinds(&jobs), ["RGatewayNoData { equipment_id: 10 }"]);
    let (jobs, _) = engine.check_silence(5000);
    assert_eq!(kinds(&jobs), ["TSignalNoData(101)"]);
    assert_eq!(engine.counts(10), (0, BTreeMap::from([("101".to_owned(), 1)])));
    assert_eq!(kinds(&engine.feed(&[reading(101, 6000, 1.0)], 6000)), ["RSignalNoData(101)"]);
    // Unwatched (e.g. unbound): its open no-data alarms are released.
    engine.check_silence(20_000);
    assert_eq!(engine.counts(10).0, 1);
    let (jobs, changed) = engine.set_watch(vec![], 20_000);
    assert_eq!(kinds(&jobs), ["RGatewayNoData { equipment_id: 10 }"]);
    assert_eq!(changed, HashSet::from([10]));
}

#[test]
fn a_gateway_never_seen_is_not_silent() {
    let mut engine = Engine::default();
    engine.set_watch(vec![SilenceWatch { gateway_seen: false, ..watch(100, 1000) }], 0);
    assert!(engine.check_silence(1_000_000).0.is_empty());
}

#[test]
fn a_delay_runs_out_on_the_tick() {
    let mut engine = Engine::default();
    let mut rule = watched(1, 100, Symbol::Gt, 80.0);
    rule.rule.delay = 2000;
    engine.set_all_rules(vec![rule]);
    assert!(engine.feed(&[reading(100, 0, 95.0)], 0).is_empty());
    assert!(engine.tick(1999).0.is_empty());
    let (jobs, changed) = engine.tick(2000);
    assert_eq!(kinds(&jobs), ["TRule(1)"]);
    assert_eq!(changed, HashSet::from([10]));
}

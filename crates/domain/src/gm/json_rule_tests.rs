use super::*;
use serde_json::json;

fn doc(value: Value) -> RuleDoc {
    serde_json::from_value(value).unwrap()
}

fn rule(value: Value) -> JsonRule {
    JsonRule::check(doc(value)).unwrap()
}

fn refused(value: Value) -> (String, Reason) {
    let e = JsonRule::check(doc(value)).unwrap_err();
    (e.field, e.reason)
}

#[test]
fn signals_are_read_scaled_and_each_fault_stays_with_its_signal() {
    let r = rule(json!({
        "signals": [
            {"key": "Temperature", "path": "d.t", "scale": 0.1, "offset": -40},
            {"key": "Pump", "path": "d.run", "kind": "bool"},
            {"key": "Level", "path": "d.level"},
            {"key": "Flow", "path": "d.flow"},
        ],
    }));
    let read = r.read(br#"{"d": {"t": 612, "run": true, "flow": "12"}}"#, 1_000).unwrap();
    assert_eq!(read.t, Ok(1_000), "the server's clock without a time path");
    let values: Vec<_> = read.values.iter().map(|v| (v.key.as_str(), v.value.clone())).collect();
    assert_eq!(values[0].0, "Temperature");
    assert!((values[0].1.clone().unwrap() - 21.2).abs() < 1e-9);
    assert_eq!(values[1], ("Pump", Ok(1.0)));
    assert_eq!(values[2], ("Level", Err(ReadProblem::Missing { path: "d.level".into() })));
    assert_eq!(values[3], ("Flow", Err(ReadProblem::WrongType { path: "d.flow".into(), expected: "number" })));
    assert_eq!(r.read(b"not json", 1).unwrap_err(), ReadProblem::NotJson);
    assert_eq!(r.read(b"", 1).unwrap_err(), ReadProblem::NotJson);
    let huge = r.read(br#"{"d": {"t": 1e308, "run": 1}}"#, 1).unwrap();
    assert_eq!(huge.values[1].value, Err(ReadProblem::WrongType { path: "d.run".into(), expected: "bool" }));
    let scaled_out = rule(json!({"signals": [{"key": "x", "path": "v", "scale": 1e10}]}));
    assert_eq!(
        scaled_out.read(br#"{"v": 1e300}"#, 1).unwrap().values[0].value,
        Err(ReadProblem::OutOfRange { path: "v".into() })
    );
}

#[test]
fn the_time_comes_from_the_message_in_its_unit() {
    let with = |unit: &str| rule(json!({"signals": [{"key": "x", "path": "v"}], "time": {"path": "ts", "unit": unit}}));
    assert_eq!(with("ms").read(br#"{"v": 1, "ts": 1764374400123}"#, 5).unwrap().t, Ok(1_764_374_400_123));
    assert_eq!(with("s").read(br#"{"v": 1, "ts": 1764374400.5}"#, 5).unwrap().t, Ok(1_764_374_400_500));
    let iso = with("iso");
    for (text, ms) in [
        ("2025-11-29T00:00:00Z", 1_764_374_400_000),
        ("2025-11-29T08:00:00+08:00", 1_764_374_400_000),
        ("2025-11-28T19:00:00.25-05:00", 1_764_374_400_250),
        ("2025-11-29 00:00:00.123456z", 1_764_374_400_123),
    ] {
        let message = json!({"v": 1, "ts": text}).to_string();
        assert_eq!(iso.read(message.as_bytes(), 5).unwrap().t, Ok(ms), "{text}");
    }
    for bad in [json!("2025-13-01T00:00:00Z"), json!("yesterday"), json!("2025-11-29T00:00:00"), json!(5)] {
        let message = json!({"v": 1, "ts": bad}).to_string();
        assert_eq!(
            iso.read(message.as_bytes(), 5).unwrap().t,
            Err(ReadProblem::BadTime { path: "ts".into() }),
            "{bad}"
        );
    }
    // A time in seconds read as ms would be 1970; one in ms read as seconds, past year 9999: both refused.
    assert_eq!(
        with("s").read(br#"{"v": 1, "ts": 1764374400123}"#, 5).unwrap().t,
        Err(ReadProblem::BadTime { path: "ts".into() })
    );
    assert_eq!(with("ms").read(br#"{"v": 1}"#, 5).unwrap().t, Err(ReadProblem::Missing { path: "ts".into() }));
}

#[test]
fn data_topics_are_the_prefix_and_below_except_commands_or_the_rules_own() {
    let any = rule(json!({"signals": [{"key": "x", "path": "v"}]}));
    for (topic, data) in [
        ("plant/s3", true),
        ("plant/s3/data", true),
        ("plant/s3/a/b", true),
        ("plant/s3/cmd", false),
        ("plant/s3/cmd/reply", false),
        ("plant/s3/cmdx", true),
        ("plant/s30", false),
        ("plant", false),
    ] {
        assert_eq!(any.is_data_topic("plant/s3", topic), data, "{topic}");
    }
    let own = rule(json!({"topic": " up/telemetry ", "signals": [{"key": "x", "path": "v"}]}));
    assert_eq!(own.doc().topic, "up/telemetry");
    assert!(own.is_data_topic("plant/s3", "plant/s3/up/telemetry"));
    assert!(!own.is_data_topic("plant/s3", "plant/s3/up"));
    assert!(!own.is_data_topic("plant/s3", "plant/s3"));
}

#[test]
fn commands_fill_the_template_and_replies_echo_the_id() {
    let r = rule(json!({
        "signals": [{"key": "Setpoint", "path": "sp"}],
        "command": {"template": r#"{"id": {{id}}, "set": {{signal}}, "to": {{value}}}"#, "replyPath": "ack.id"},
    }));
    let sent: Value = serde_json::from_str(&r.command("w-7", "Setpoint", 42.5).unwrap()).unwrap();
    assert_eq!(sent, json!({"id": "w-7", "set": "Setpoint", "to": 42.5}));
    assert_eq!(
        r.command("w\"x", "a\"b", 1.0).map(|c| serde_json::from_str::<Value>(&c).is_ok()),
        Some(true),
        "escaped"
    );
    assert_eq!(r.read(br#"{"ack": {"id": "w-7"}}"#, 1).unwrap().reply_id.as_deref(), Some("w-7"));
    assert_eq!(r.read(br#"{"sp": 3}"#, 1).unwrap().reply_id, None);
    assert_eq!(rule(json!({"signals": [{"key": "x", "path": "v"}]})).command("w", "x", 1.0), None);
}

#[test]
fn a_rule_is_refused_naming_its_faulty_field() {
    let sig = json!({"key": "x", "path": "v"});
    for (value, field, reason) in [
        (json!({"signals": []}), "signals", Reason::TooFew { min: 1 }),
        (json!({"signals": [sig, sig]}), "signals[1].key", Reason::DuplicateValue),
        (json!({"signals": [{"key": " ", "path": "v"}]}), "signals[0].key", Reason::Required),
        (json!({"signals": [{"key": "x", "path": "a..b"}]}), "signals[0].path", Reason::BadFormat),
        (json!({"signals": [{"key": "x", "path": "v", "kind": "text"}]}), "signals[0].kind", Reason::NotAllowed),
        (json!({"signals": [{"key": "x", "path": "v", "scale": 0}]}), "signals[0].scale", Reason::NotNumber),
        (json!({"signals": [sig], "topic": "a//b"}), "topic", Reason::BadFormat),
        (json!({"signals": [sig], "topic": "a/#"}), "topic", Reason::BadFormat),
        (json!({"signals": [sig], "time": {"path": "ts", "unit": "h"}}), "time.unit", Reason::NotAllowed),
        (json!({"signals": [sig], "command": {"template": "{\"to\": {{value}"}}), "command.template", Reason::BadJson),
        (
            json!({"signals": [sig], "command": {"template": "{}", "replyPath": "["}}),
            "command.replyPath",
            Reason::BadFormat,
        ),
    ] {
        assert_eq!(refused(value.clone()), (field.to_owned(), reason), "{value}");
    }
    let many: Vec<Value> = (0..201).map(|i| json!({"key": format!("s{i}"), "path": "v"})).collect();
    assert_eq!(refused(json!({"signals": many})), ("signals".to_owned(), Reason::TooMany { max: 200 }));
    assert!(
        serde_json::from_value::<RuleDoc>(json!({"signals": [sig], "extra": 1})).is_err(),
        "unknown fields refused"
    );
}

#[test]
fn problems_read_in_both_languages() {
    for problem in [
        ReadProblem::NotJson,
        ReadProblem::Missing { path: "a".into() },
        ReadProblem::WrongType { path: "a".into(), expected: "bool" },
        ReadProblem::OutOfRange { path: "a".into() },
        ReadProblem::BadTime { path: "a".into() },
    ] {
        let (zh, en) = (problem.text(Lang::Zh), problem.text(Lang::En));
        assert!(!zh.is_empty() && !en.is_empty() && zh != en, "{problem:?}");
    }
}

//! The table of cases the designer's check before saving reads too
//! (`web/src/features/designer/model/documentCheckCases.json`, checked by
//! web/src/features/designer/model/check/check.test.ts): a case failing here or there means the two checks drifted
//! apart, in what they refuse first or in how they word it.

use super::reason_texts::{kind_and_args, page_reasons};
use super::*;
use crate::catalogue::WidgetRef;
use crate::{Code, Lang};
use serde_json::Value;
use std::collections::BTreeSet;

const CASES: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/features/designer/model/documentCheckCases.json");

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(CASES).unwrap_or_else(|e| panic!("{CASES}: {e}"));
    let table: Value = serde_json::from_str(&text).expect("the case table is JSON");
    table["cases"].as_array().expect("a list of cases").clone()
}

/// The text a case sends: `document` as it is when it is a text (to hold what is not JSON), else written out;
/// `many` (`{"times": n, "widget": w}`) appends n copies of w to its widgets, the i-th with the id `w.id` + i.
fn document_text(case: &Value) -> String {
    let document = &case["document"];
    if let Some(text) = document.as_str() {
        return text.to_owned();
    }
    let mut document = document.clone();
    if let Some(many) = case.get("many") {
        let times = many["times"].as_u64().expect("many.times");
        let widget = &many["widget"];
        let prefix = widget["id"].as_str().expect("many.widget.id");
        let widgets = document["widgets"].as_array_mut().expect("a document with many has widgets");
        for i in 0..times {
            let mut copy = widget.clone();
            copy["id"] = Value::String(format!("{prefix}{i}"));
            widgets.push(copy);
        }
    }
    document.to_string()
}

/// The message the server answers a refused document with (crates/server's `ApiError::Invalid`).
fn message(reason: &Reason, lang: Lang) -> String {
    let code = if *reason == Reason::Required { Code::MissingParam } else { Code::InvalidParam };
    code.message(lang, &[("field", "document"), ("reason", &reason.text(lang))])
}

#[test]
fn the_designer_and_the_server_read_the_shared_cases_alike() {
    let cases = cases();
    assert!(cases.len() >= 40, "the table was read");
    let mut names = BTreeSet::new();
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        assert!(names.insert(name), "{name}: a second case of that name");
        let answer = validate_document(&document_text(case)).map_err(|problem| problem.0);
        let expected = &case["refusal"];
        match answer {
            Ok(_) => {
                assert!(expected.is_null(), "{name}: accepted, the table expects {expected}");
                assert!(case["zh"].is_null() && case["en"].is_null(), "{name}: an accepted case has no texts");
            }
            Err(reason) => {
                let form = serde_json::to_value(&reason).expect("a reason serialises");
                assert_eq!(&form, expected, "{name}: refused");
                assert_eq!(case["zh"].as_str(), Some(message(&reason, Lang::Zh).as_str()), "{name}: zh");
                assert_eq!(case["en"].as_str(), Some(message(&reason, Lang::En).as_str()), "{name}: en");
            }
        }
    }
}

/// Collects the kinds of `reason` and of the reasons inside it, and which wrappers were seen.
fn kinds_in(reason: &Value, kinds: &mut BTreeSet<String>) {
    let kind = reason["kind"].as_str().expect("a kind").to_owned();
    match &reason["args"] {
        Value::Object(args) if args.contains_key("reason") => {
            if let Some(widget) = args.get("widget").and_then(Value::as_object) {
                kinds.extend(widget.keys().map(|key| format!("{kind}.{key}")));
            } else {
                kinds.insert(kind);
            }
            kinds_in(&args["reason"], kinds);
        }
        _ => {
            kinds.insert(kind);
        }
    }
}

/// Every reason the check gives, every wrapper and both ways of naming a widget are in the table: none of them can
/// drift unnoticed. (The wrappers' names are those of the reasons' JSON form.)
#[test]
fn the_shared_cases_give_every_reason_of_the_check() {
    let mut given = BTreeSet::new();
    for case in cases().iter().filter(|case| !case["refusal"].is_null()) {
        kinds_in(&case["refusal"], &mut given);
    }
    let mut expected: BTreeSet<String> = page_reasons().iter().map(|reason| kind_and_args(reason).0).collect();
    let inner = Box::new(Reason::Required);
    expected.insert(kind_and_args(&Reason::Field { path: String::new(), reason: inner.clone() }).0);
    for named in [WidgetRef::Id(String::new()), WidgetRef::At(String::new())] {
        let key =
            serde_json::to_value(&named).expect("serialises").as_object().expect("an object").keys().next().cloned();
        let (kind, _) = kind_and_args(&Reason::Widget { widget: named, reason: inner.clone() });
        expected.insert(format!("{kind}.{}", key.expect("one key")));
    }
    assert_eq!(given, expected);
}

/// The designer words refusals from the generated file; a stale copy would word them differently.
#[test]
fn web_reason_texts_export_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated/reasonTexts.json");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(on_disk == export_reason_texts_json(), "{path} is stale: run `make generate`");
}

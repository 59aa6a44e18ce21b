//! The texts of the reasons the page check gives, as templates the web app fills
//! (`web/src/generated/reasonTexts.json`): the designer checks a document before saving it
//! (web/src/features/designer/model/check) and words a refusal exactly as the server would.
//!
//! The templates are not written twice: each reason is rendered by [`Reason::text`] itself with stand-in
//! arguments, and each stand-in is replaced by its `{{name}}` placeholder. The kinds and the argument names are
//! those of the reason's JSON form, as an answer's `data.reason` carries it. A list argument (`oneOf`'s
//! `allowed`) is rendered with two stand-ins; what stands between them is how the text joins the list.

use crate::Lang;
use crate::catalogue::{Reason, WidgetRef};
use serde_json::{Map, Value, json};

/// Stand-ins for number arguments: numbers no reason's text holds otherwise, neither a part of the other.
const NUMBERS: [i64; 2] = [987_654_301, 987_654_302];
/// The stand-in for a text argument.
const TEXT: &str = "\u{E000}text\u{E000}";
/// The stand-ins for a list argument.
const LIST: &[&str] = &["\u{E000}first\u{E000}", "\u{E000}second\u{E000}"];
/// The languages, as the error catalogue names them.
const LANGS: [Lang; 2] = [Lang::Zh, Lang::En];

/// Every reason the page check gives on its own (without [`Reason::Field`] or [`Reason::Widget`] around it),
/// with stand-in arguments. The shared case table's test checks that its cases give every one of them and no
/// other.
pub(super) fn page_reasons() -> Vec<Reason> {
    let [a, b] = NUMBERS;
    let n = a as usize;
    vec![
        Reason::TooLarge { max_kib: n },
        Reason::BadJson,
        Reason::NotObject,
        Reason::Required,
        Reason::NotArray,
        Reason::NotBoolean,
        Reason::NotText,
        Reason::NotNumber,
        Reason::NotInteger,
        Reason::OutOfRange { min: a, max: b },
        Reason::OneOf { allowed: LIST },
        Reason::NotColour,
        Reason::NotImageUrl,
        Reason::NotModelUrl,
        Reason::NotStreamUrl,
        Reason::NotRtmpUrl,
        Reason::BadFormat,
        Reason::TooMany { max: n },
        Reason::TooLong { max: n },
        Reason::DuplicateId,
        Reason::NotWidgetType,
        Reason::Negative,
        Reason::TooFew { min: n },
        Reason::NotPoint,
        Reason::NotHttpUrl,
        Reason::OnlyOn { widget_type: TEXT },
        Reason::TooDeep { max: n },
        Reason::TooManyWidgets { max: n },
        Reason::TooManyOfType { widget_type: TEXT, max: n },
    ]
}

/// A reason's kind and arguments as its JSON form holds them.
pub(super) fn kind_and_args(reason: &Reason) -> (String, Map<String, Value>) {
    let Value::Object(mut form) = serde_json::to_value(reason).expect("a reason serialises") else {
        panic!("a reason serialises to an object");
    };
    let kind = form.remove("kind").and_then(|k| k.as_str().map(str::to_owned)).expect("a reason has a kind");
    let args = match form.remove("args") {
        Some(Value::Object(args)) => args,
        None => Map::new(),
        Some(other) => panic!("{kind}: arguments {other}"),
    };
    (kind, args)
}

/// `text` with the one occurrence of `standin` replaced by `{{name}}`.
fn placeholder(text: &str, standin: &str, name: &str, what: &str) -> String {
    assert_eq!(text.matches(standin).count(), 1, "{what}: {standin:?} once in {text:?}");
    text.replace(standin, &format!("{{{{{name}}}}}"))
}

fn assert_no_standin(text: &str, what: &str) {
    let left = text.contains('\u{E000}') || NUMBERS.iter().any(|n| text.contains(&n.to_string()));
    assert!(!left, "{what}: a stand-in is left in {text:?}");
}

/// One reason's templates: `{"zh": …, "en": …}`, and `"lists": {"<arg>": {"zh": "、", "en": ", "}}` for a list.
fn template(reason: &Reason) -> (String, Value) {
    let (kind, args) = kind_and_args(reason);
    let mut entry = Map::new();
    let mut lists = Map::new();
    for lang in LANGS {
        let mut text = reason.text(lang);
        for (name, value) in &args {
            let what = format!("{kind}.{name}");
            let standin = match value {
                Value::Number(number) => number.to_string(),
                Value::String(standin) => standin.clone(),
                Value::Array(items) => {
                    let [Some(first), Some(second)] = [&items[0], &items[1]].map(Value::as_str) else {
                        panic!("{what}: a list of two stand-ins");
                    };
                    let start = text.find(first).expect("the first item is in the text") + first.len();
                    let end = text.find(second).expect("the second item is in the text");
                    let join = &text[start..end];
                    lists
                        .entry(name.clone())
                        .or_insert_with(|| json!({}))
                        .as_object_mut()
                        .unwrap()
                        .insert(lang.tag().into(), Value::String(join.to_owned()));
                    format!("{first}{join}{second}")
                }
                other => panic!("{what}: no stand-in for {other}"),
            };
            text = placeholder(&text, &standin, name, &what);
        }
        assert_no_standin(&text, &kind);
        entry.insert(lang.tag().into(), Value::String(text));
    }
    if !lists.is_empty() {
        entry.insert("lists".into(), Value::Object(lists));
    }
    (kind, Value::Object(entry))
}

/// How a wrapper (`field`, `widget`) words the reason inside it: `{"zh": …, "en": …}` with `{{reason}}` for the
/// inner reason's text and a placeholder for each other argument (a widget's `id` or `at`).
fn wrapper(make: impl Fn(Reason) -> Reason) -> (String, Value) {
    let inner = Reason::NotWidgetType;
    let inner_form = serde_json::to_value(&inner).expect("a reason serialises");
    let wrapped = make(inner.clone());
    let (kind, args) = kind_and_args(&wrapped);
    let mut entry = Map::new();
    for lang in LANGS {
        let mut text = wrapped.text(lang);
        for (name, value) in &args {
            let what = format!("{kind}.{name}");
            text = match value {
                // The inner reason, already rendered.
                value if *value == inner_form => placeholder(&text, &inner.text(lang), name, &what),
                Value::String(standin) => placeholder(&text, standin, name, &what),
                // The widget: named by one key (`id` or `at`), whose value is the stand-in.
                Value::Object(named) if named.len() == 1 => {
                    let (key, standin) = named.iter().next().expect("one key");
                    placeholder(&text, standin.as_str().expect("a text"), key, &what)
                }
                other => panic!("{what}: no stand-in for {other}"),
            };
        }
        assert_no_standin(&text, &kind);
        entry.insert(lang.tag().into(), Value::String(text));
    }
    (kind, Value::Object(entry))
}

/// `web/src/generated/reasonTexts.json`: `{"reasons": {kind: template}, "field": template, "widget": {"id":
/// template, "at": template}}`, pretty-printed with a trailing newline so the checked-in file diffs cleanly.
pub fn export_reason_texts_json() -> String {
    let reasons: Map<String, Value> = page_reasons().iter().map(template).collect();
    let (field, field_texts) = wrapper(|reason| Reason::Field { path: TEXT.into(), reason: Box::new(reason) });
    let mut export = Map::new();
    export.insert("reasons".into(), Value::Object(reasons));
    export.insert(field, field_texts);
    let mut widget = Map::new();
    let mut widget_kind = String::new();
    for named in [WidgetRef::Id(TEXT.into()), WidgetRef::At(TEXT.into())] {
        let key = match serde_json::to_value(&named).expect("a widget reference serialises") {
            Value::Object(form) => form.keys().next().cloned().expect("one key"),
            other => panic!("a widget reference is an object, not {other}"),
        };
        let (kind, texts) = wrapper(|reason| Reason::Widget { widget: named.clone(), reason: Box::new(reason) });
        widget_kind = kind;
        widget.insert(key, texts);
    }
    export.insert(widget_kind, Value::Object(widget));
    let mut text = serde_json::to_string_pretty(&Value::Object(export)).expect("the texts serialise");
    text.push('\n');
    text
}

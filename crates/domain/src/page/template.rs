//! Page templates ("faceplates", docs/designer.md): the check a template's document passes before it is stored.
//!
//! A template is `{"widgets": [...]}` with the page rules (the same walk as a page: types, geometry, colours, links,
//! counts), at least one widget, and no reference to anything of an equipment: it binds signals by their names
//! (each binding's `title`) and the designer binds it again to the signals of the same names when it is dropped on
//! a page. So no `signalId`, `equipId`, `equipmentId` or `pageId` may hold a value anywhere in it: a template would
//! otherwise carry ids of equipment that an account seeing the organisation's templates may not be granted.

use super::fields::at;
use super::{DocumentProblem, check};
use crate::catalogue::Reason;
use serde_json::Value;
use std::collections::BTreeSet;

/// Longest template name, in characters.
pub const MAX_TEMPLATE_NAME_CHARS: usize = 30;

/// Keys that name an object of one equipment: a template leaves them empty.
const EQUIPMENT_REFERENCES: [&str; 4] = ["signalId", "equipId", "equipmentId", "pageId"];

/// What a stored template tells the list: how many widgets it holds and the signal names it binds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidTemplate {
    pub widgets: usize,
    /// The distinct names of the signals its bindings name, sorted.
    pub signals: Vec<String>,
}

/// Checks a template's document text.
pub fn validate_template(text: &str) -> Result<ValidTemplate, DocumentProblem> {
    let valid = check::check_document(text).map_err(DocumentProblem)?;
    if valid.widgets == 0 {
        return Err(DocumentProblem(at("widgets", Reason::TooFew { min: 1 })));
    }
    // The text parsed a moment ago; parsing it again keeps the page check's walk free of template concerns.
    let doc: Value = serde_json::from_str(text).map_err(|_| DocumentProblem(Reason::BadJson))?;
    let mut signals = BTreeSet::new();
    walk(&doc, String::new(), &mut signals).map_err(DocumentProblem)?;
    Ok(ValidTemplate { widgets: valid.widgets, signals: signals.into_iter().collect() })
}

/// Refuses an equipment reference anywhere under `value` (at `path`) and gathers the signal names bound.
fn walk(value: &Value, path: String, signals: &mut BTreeSet<String>) -> Result<(), Reason> {
    match value {
        Value::Object(map) => {
            for key in EQUIPMENT_REFERENCES {
                if map.get(key).is_some_and(|v| !v.is_null() && v != "") {
                    return Err(at(join(&path, key), Reason::NotAllowed));
                }
            }
            let is_signal = map.get("type").and_then(Value::as_str) == Some("signal");
            if let (true, Some(name)) = (is_signal, map.get("title").and_then(Value::as_str))
                && !name.trim().is_empty()
            {
                signals.insert(name.trim().to_owned());
            }
            map.iter().try_for_each(|(key, item)| walk(item, join(&path, key), signals))
        }
        Value::Array(items) => {
            items.iter().enumerate().try_for_each(|(i, item)| walk(item, format!("{path}[{i}]"), signals))
        }
        _ => Ok(()),
    }
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() { key.to_owned() } else { format!("{parent}.{key}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(widgets: Value) -> String {
        json!({ "widgets": widgets }).to_string()
    }

    fn data_text(id: &str, data: Value) -> Value {
        json!({ "id": id, "widgetType": "UsualDataText",
            "position": { "x": 0, "y": 0, "width": 80, "height": 20, "rotate": 0 }, "data": data })
    }

    #[test]
    fn a_template_names_its_signals_and_counts_its_widgets() {
        let doc = text(json!([
            data_text("a", json!({ "type": "signal", "title": "Outlet pressure", "signalId": null, "equipId": null })),
            data_text(
                "b",
                json!({ "type": "signal", "title": " Motor current ", "signalArray": [
                { "type": "signal", "title": "Outlet pressure", "signalId": null }] })
            ),
            data_text("c", json!({ "type": "signal", "title": "" })),
        ]));
        let valid = validate_template(&doc).unwrap();
        assert_eq!(valid.widgets, 3);
        assert_eq!(valid.signals, ["Motor current", "Outlet pressure"]);
    }

    #[test]
    fn a_template_holds_no_id_of_an_equipment_anywhere() {
        let cases = [
            (json!({ "type": "signal", "title": "P", "signalId": 7 }), "widgets[0].data.signalId"),
            (json!({ "type": "signal", "title": "P", "equipId": 3 }), "widgets[0].data.equipId"),
            (
                json!({ "signalArray": [{ "type": "signal", "signalId": 9 }] }),
                "widgets[0].data.signalArray[0].signalId",
            ),
            (
                json!({ "equipments": [{ "equipmentId": 4, "title": "B" }] }),
                "widgets[0].data.equipments[0].equipmentId",
            ),
        ];
        for (data, path) in cases {
            let refusal = validate_template(&text(json!([data_text("a", data)]))).unwrap_err().0;
            assert_eq!(refusal, at(path, Reason::NotAllowed), "{path}");
        }
        let mut paged = data_text("a", json!({}));
        paged["clickEvent"] = json!({ "enable": true, "config": { "action": "page", "pageId": 12 } });
        assert_eq!(
            validate_template(&text(json!([paged]))).unwrap_err().0,
            at("widgets[0].clickEvent.config.pageId", Reason::NotAllowed)
        );
    }

    #[test]
    fn a_template_follows_the_page_rules_and_is_not_empty() {
        assert_eq!(validate_template(&text(json!([]))).unwrap_err().0, at("widgets", Reason::TooFew { min: 1 }));
        assert!(validate_template("[1]").is_err());
        let bad_type =
            json!([{ "id": "a", "widgetType": "Nope", "position": { "x": 0, "y": 0, "width": 1, "height": 1 } }]);
        assert!(validate_template(&text(bad_type)).is_err());
    }
}

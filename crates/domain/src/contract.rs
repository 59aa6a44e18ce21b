//! The names the server and the web app share besides the error texts: response codes by name, permission codes
//! by name, the limits of forms and queries, the accepted picture types and the repair orders' step table, exported to `web/src/generated/contract.json` so the console never
//! types a code or a limit twice (a code renamed or removed here breaks the web build, not a screen at run time; a
//! limit changed here changes the form's rule with the server's). A test fails when the file is stale.

use crate::catalogue::Code;
use crate::image_file::ImageKind;
use crate::{limits, permission};
use serde_json::{Map, Value};

/// `{"codes": {"LoginThrottled": "1007", ...}, "permissions": {"WriteData": "monitor_write_data", ...},
/// "limits": {"SceneNameChars": 30, ...}, "imageTypes": [{"mime": "image/png", "extensions": ["png"]}, ...]}`,
/// pretty-printed with a final newline.
pub fn export_json() -> String {
    let codes: Map<String, Value> =
        Code::ALL.iter().map(|c| (c.name().to_owned(), Value::String(c.as_str().to_owned()))).collect();
    let permissions: Map<String, Value> =
        permission::NAMED.iter().map(|(name, code)| ((*name).to_owned(), Value::String((*code).to_owned()))).collect();
    let limits: Map<String, Value> =
        limits::NAMED.iter().map(|(name, limit)| ((*name).to_owned(), Value::from(*limit))).collect();
    let described = |kinds: &[ImageKind]| -> Vec<Value> {
        kinds
            .iter()
            .map(|kind| serde_json::json!({ "mime": kind.content_type(), "extensions": kind.extensions() }))
            .collect()
    };
    let mut root = Map::new();
    root.insert("codes".into(), Value::Object(codes));
    root.insert("permissions".into(), Value::Object(permissions));
    root.insert("limits".into(), Value::Object(limits));
    root.insert("imageTypes".into(), Value::Array(described(&ImageKind::ALL)));
    root.insert("avatarTypes".into(), Value::Array(described(&ImageKind::AVATAR)));
    root.insert("repairSteps".into(), crate::repair::export());
    root.insert("inspectionSteps".into(), crate::inspection::export());
    let mut text = serde_json::to_string_pretty(&Value::Object(root)).expect("contract serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_catalogue_s() {
        let value: Value = serde_json::from_str(&export_json()).unwrap();
        assert_eq!(value["codes"]["LoginThrottled"], "1007");
        assert_eq!(value["codes"].as_object().unwrap().len(), Code::ALL.len(), "names are unique");
        assert_eq!(value["permissions"]["WriteData"], permission::WRITE_DATA);
    }

    #[test]
    fn picture_types_are_exported_with_their_extensions() {
        let value: Value = serde_json::from_str(&export_json()).unwrap();
        let types = value["imageTypes"].as_array().unwrap();
        assert_eq!(types.len(), ImageKind::ALL.len());
        assert_eq!(types[1], serde_json::json!({ "mime": "image/jpeg", "extensions": ["jpg", "jpeg"] }));
        assert_eq!(value["limits"]["ImageBytes"], 2 * 1024 * 1024);
    }

    #[test]
    fn limits_are_exported_by_name_as_numbers() {
        let value: Value = serde_json::from_str(&export_json()).unwrap();
        let exported = value["limits"].as_object().unwrap();
        assert_eq!(exported.len(), limits::NAMED.len(), "names are unique");
        assert_eq!(value["limits"]["SceneNameChars"], limits::SCENE_NAME_CHARS);
        assert_eq!(value["limits"]["PasswordMinChars"], 8);
        assert_eq!(value["limits"]["HistoryPoints"], 200_000);
        for (name, limit) in limits::NAMED {
            assert_eq!(exported[*name].as_i64(), Some(*limit), "{name}");
        }
    }

    /// The web app imports the generated file; a stale copy would name codes the server no longer has.
    #[test]
    fn web_contract_export_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated/contract.json");
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(on_disk == export_json(), "{path} is stale: run `make generate`");
    }
}

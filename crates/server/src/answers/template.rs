//! Page templates ("faceplates") of the organisation.

use ironsight_store::templates;
use serde::Serialize;
use serde_json::value::RawValue;
use ts_rs::TS;

/// A row of `/lfscada/configuration/template/query`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TemplateSummary {
    pub id: i64,
    pub name: String,
    /// Widgets in it, groups' members included.
    pub widgets: i64,
    /// The names of the signals it binds (the page's equipment's signals of these names are bound on drop).
    pub signals: Vec<String>,
    /// Its document's size.
    pub bytes: i64,
    /// The login name of the account that saved it.
    pub created_by: String,
    /// When it was saved (ms).
    pub gmt_create: i64,
}

impl From<templates::TemplateSummary> for TemplateSummary {
    fn from(row: templates::TemplateSummary) -> TemplateSummary {
        TemplateSummary {
            id: row.id,
            name: row.name,
            widgets: row.widgets,
            signals: row.signals,
            bytes: row.bytes,
            created_by: row.created_by,
            gmt_create: row.created,
        }
    }
}

/// `/lfscada/configuration/template/info`: a template with its document.
#[derive(Serialize, TS)]
pub struct TemplateWithDocument<'a> {
    #[serde(flatten)]
    #[ts(flatten)]
    pub summary: TemplateSummary,
    /// `{widgets: [...]}` as saved, sent as the JSON text it was stored as.
    #[ts(type = "unknown")]
    pub document: &'a RawValue,
}

//! Configuration page documents (docs/page-document.md): the one list of widget types with their family and
//! per-page maxima, the page limits of spec section 5, and [`validate_document`], the check a document passes
//! before it is stored.
//!
//! The web app reads the list, the limits and every constant of the check from
//! `web/src/generated/widgetTypes.json` ([`export_widget_types_json`]), and the refusals' texts from
//! `web/src/generated/reasonTexts.json` ([`export_reason_texts_json`]); a test fails when either file is stale, so
//! the designer, the viewer and the server cannot disagree on which widgets exist. The designer checks a document
//! with these rules before saving it (web/src/features/designer/model/check); both checks read one table of
//! cases (`web/src/features/designer/model/documentCheckCases.json`, the `cases` tests), so the first problem the
//! designer finds is the one the server would report, worded alike.
//!
//! The check refuses what the viewer could not draw safely (a `javascript:` link, a picture address the viewer
//! would not draw ([`crate::image_url`]), a colour that is not a colour, a number that is not finite) and what
//! breaks the spec's limits. It keeps every field it does not know: the
//! designer may add some, and the stored text is the text the designer sent.
//!
//! `widgets` holds the list and its export, `check` the walk over a document, `fields` the typed reads it is made
//! of, `reason_texts` the export of the refusals' texts.

#[cfg(test)]
mod cases;
mod check;
mod fields;
mod map_model;
mod reason_texts;
mod select_video;
mod table;
mod template;
#[cfg(test)]
mod tests;
mod weather;
mod widgets;

pub use fields::is_colour;
pub use reason_texts::export_reason_texts_json;
pub use select_video::{
    MAX_SELECT_ITEMS, MAX_SELECT_TEXT_CHARS, MAX_SERIAL_CHARS, MAX_STREAM_ADDRESS_CHARS, is_rtmp_address,
    is_stream_address,
};
pub use template::{MAX_TEMPLATE_NAME_CHARS, ValidTemplate, validate_template};
pub use widgets::{Family, GROUP, LINE, WIDGET_TYPES, WidgetType, export_widget_types_json, widget_type};

use crate::catalogue::Reason;

/// At most this many widgets in a page, group children counted (spec section 5).
pub const MAX_WIDGETS: usize = 1000;
/// Groups nest at most this deep: a top-level group is at depth 1, a group in it at depth 2.
pub const MAX_DEPTH: usize = 8;
/// The largest document stored, in bytes of its JSON text (2 MiB).
pub const MAX_DOCUMENT_BYTES: usize = 2 * 1024 * 1024;
/// The canvas size when `con` does not give one (spec section 9).
pub const DEFAULT_WIDTH: i64 = 1024;
pub const DEFAULT_HEIGHT: i64 = 768;
/// The canvas sizes a page may have (the same bounds as adding a page).
pub const MIN_CANVAS: i64 = 100;
pub const MAX_CANVAS: i64 = 10_000;
/// Longest widget id, in characters.
pub const MAX_ID_CHARS: usize = 64;
/// Longest widget name, in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// What a stored document tells the page list and its versions: its canvas size and how many widgets it holds
/// (group children included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValidDocument {
    pub width: i64,
    pub height: i64,
    pub widgets: usize,
}

/// Why a document was refused: a [`Reason`] that names the widget (by id, or by its place when it has no usable
/// id) and the field, so the designer can point at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentProblem(pub Reason);

impl From<DocumentProblem> for Reason {
    fn from(problem: DocumentProblem) -> Reason {
        problem.0
    }
}

/// Checks a page document's text against docs/page-document.md.
pub fn validate_document(text: &str) -> Result<ValidDocument, DocumentProblem> {
    check::check_document(text).map_err(DocumentProblem)
}

//! The one list of widget types, their palette family and per-page maxima, and its export to the web app.

use super::{MAX_CANVAS, MAX_DEPTH, MAX_DOCUMENT_BYTES, MAX_WIDGETS, MIN_CANVAS};
use serde::Serialize;

/// The group: the only widget type that may have `children`.
pub const GROUP: &str = "WidgetGroup";
/// The line: its geometry is a `points` list.
pub const LINE: &str = "ShapeLine";

/// The palette a widget type sits in (spec section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    Group,
    Shape,
    Usual,
    Complex,
}

/// One widget type, as the designer's palette, the viewer and this check know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WidgetType {
    /// The `widgetType` a document names it by.
    #[serde(rename = "type")]
    pub name: &'static str,
    pub family: Family,
    /// At most this many in one page (group children counted); `None` for no limit beyond [`MAX_WIDGETS`].
    pub max_per_page: Option<usize>,
}

const fn kind(name: &'static str, family: Family) -> WidgetType {
    WidgetType { name, family, max_per_page: None }
}

const fn limited(name: &'static str, family: Family, max: usize) -> WidgetType {
    WidgetType { name, family, max_per_page: Some(max) }
}

/// Every widget type, in the palette's order (spec section 3).
pub const WIDGET_TYPES: &[WidgetType] = &[
    kind(GROUP, Family::Group),
    kind("ShapeArrow", Family::Shape),
    kind("ShapeCircle", Family::Shape),
    kind("ShapeEllipse", Family::Shape),
    kind(LINE, Family::Shape),
    kind("ShapeOctagon", Family::Shape),
    kind("ShapeRect", Family::Shape),
    kind("ShapeParallelogram", Family::Shape),
    kind("ShapePrism", Family::Shape),
    kind("ShapeTriangle", Family::Shape),
    kind("UsualDashboard", Family::Usual),
    kind("UsualButton", Family::Usual),
    kind("UsualDataText", Family::Usual),
    kind("UsualImage", Family::Usual),
    kind("UsualPercentFill", Family::Usual),
    kind("UsualScrollbar", Family::Usual),
    kind("UsualText", Family::Usual),
    kind("UsualTimer", Family::Usual),
    kind("UsualAnimation", Family::Usual),
    kind("UsualSelect", Family::Usual),
    limited("UsualWebgl", Family::Usual, 1),
    kind("ComplexLine", Family::Complex),
    kind("ComplexBar", Family::Complex),
    kind("ComplexPie", Family::Complex),
    kind("ComplexRing", Family::Complex),
    kind("ComplexRose", Family::Complex),
    kind("ComplexVideo", Family::Complex),
    kind("ComplexMap", Family::Complex),
    kind("ComplexArea", Family::Complex),
    kind("ComplexHistory", Family::Complex),
    kind("ComplexAlarm", Family::Complex),
    kind("ComplexXyline", Family::Complex),
    limited("ComplexWeather", Family::Complex, 3),
];

/// The widget type named `name`, if there is one.
pub fn widget_type(name: &str) -> Option<&'static WidgetType> {
    WIDGET_TYPES.iter().find(|t| t.name == name)
}

/// What the web app reads: the limits, then the list.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WidgetTypesExport {
    max_widgets: usize,
    max_depth: usize,
    max_document_bytes: usize,
    min_canvas: i64,
    max_canvas: i64,
    /// The page's fit modes (`con.fit`).
    fits: &'static [&'static str],
    /// Longest widget name, in characters.
    max_name_chars: usize,
    types: &'static [WidgetType],
}

/// The widget list and the page limits as `web/src/generated/widgetTypes.json` holds them, pretty-printed with a
/// trailing newline so the checked-in file diffs cleanly.
pub fn export_widget_types_json() -> String {
    let export = WidgetTypesExport {
        max_widgets: MAX_WIDGETS,
        max_depth: MAX_DEPTH,
        max_document_bytes: MAX_DOCUMENT_BYTES,
        min_canvas: MIN_CANVAS,
        max_canvas: MAX_CANVAS,
        fits: super::check::FITS,
        max_name_chars: super::MAX_NAME_CHARS,
        types: WIDGET_TYPES,
    };
    let mut text = serde_json::to_string_pretty(&export).expect("the widget list serialises");
    text.push('\n');
    text
}

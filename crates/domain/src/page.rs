//! Configuration page documents (docs/page-document.md): the one list of widget types with their family and
//! per-page maxima, the page limits of spec section 5, and [`validate_document`], the check a document passes
//! before it is stored.
//!
//! The web app reads the list and the limits from `web/src/generated/widgetTypes.json`
//! ([`export_widget_types_json`]); a test fails when that file is stale, so the designer, the viewer and the
//! server cannot disagree on which widgets exist.
//!
//! The check refuses what the viewer could not draw safely (a `javascript:` link, a picture address the viewer
//! would not draw ([`crate::image_url`]), a colour that is not a colour, a number that is not finite) and what
//! breaks the spec's limits. It keeps every field it does not know: the
//! designer may add some, and the stored text is the text the designer sent.

use crate::catalogue::{Reason, WidgetRef};
use crate::image_url::{self, ImageUrl};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

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
const MAX_ID_CHARS: usize = 64;
/// Longest widget name, in characters.
const MAX_NAME_CHARS: usize = 60;

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
    types: &'static [WidgetType],
}

/// The widget list and the page limits as `web/src/generated/widgetTypes.json` holds them, pretty-printed with a
/// trailing newline so the checked-in file diffs cleanly.
pub fn export_widget_types_json() -> String {
    let export = WidgetTypesExport {
        max_widgets: MAX_WIDGETS,
        max_depth: MAX_DEPTH,
        max_document_bytes: MAX_DOCUMENT_BYTES,
        types: WIDGET_TYPES,
    };
    let mut text = serde_json::to_string_pretty(&export).expect("the widget list serialises");
    text.push('\n');
    text
}

/// What a stored document tells the page list: its canvas size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValidDocument {
    pub width: i64,
    pub height: i64,
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
    check_document(text).map_err(DocumentProblem)
}

/// The comparison symbols of animations and state items.
const SYMBOLS: &[&str] = &["==", "!=", ">", ">=", "<", "<="];
/// How the canvas fits the viewer's window.
const FITS: &[&str] = &["container", "width", "none"];
/// What a click does.
const ACTIONS: &[&str] = &["write", "page", "link"];
/// Where a link opens.
const TARGETS: &[&str] = &["_self", "_blank"];
/// The bind lists of a page.
const BIND_LISTS: [&str; 4] = ["equips", "signals", "keys", "mvars"];
/// Optional geometry in `position`: circle, ellipse, triangle.
const GEOMETRY: [&str; 9] = ["r", "rx", "ry", "x1", "y1", "x2", "y2", "x3", "y3"];
/// Animations that hold while one condition holds.
const CONDITION_ANIMATIONS: [&str; 3] = ["visiable", "twinkle", "rotate"];
/// Animations that pick a colour from a list of conditions.
const COLOUR_ANIMATIONS: [&str; 3] = ["fillColor", "borderColor", "fontColor"];
/// UsualAnimation's state lists (each item a condition).
const STATE_ITEMS: [&str; 2] = ["imgItems", "textItems"];

fn check_document(text: &str) -> Result<ValidDocument, Reason> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(Reason::TooLarge { max_kib: MAX_DOCUMENT_BYTES / 1024 });
    }
    let Value::Object(doc) = serde_json::from_str(text).map_err(|_| Reason::BadJson)? else {
        return Err(Reason::NotObject);
    };
    let canvas = canvas(&doc)?;
    bind_lists(&doc)?;
    let widgets = array(&doc, "widgets", "")?.ok_or_else(|| at("widgets", Reason::Required))?;
    Census::default().widgets(widgets, "widgets", 0)?;
    Ok(canvas)
}

/// `con`: the canvas size (defaults 1024 by 768) and its look.
fn canvas(doc: &Map<String, Value>) -> Result<ValidDocument, Reason> {
    let Some(con) = object(doc, "con", "")? else {
        return Ok(ValidDocument { width: DEFAULT_WIDTH, height: DEFAULT_HEIGHT });
    };
    let width = canvas_size(con, "width")?.unwrap_or(DEFAULT_WIDTH);
    let height = canvas_size(con, "height")?.unwrap_or(DEFAULT_HEIGHT);
    one_of(con, "fit", "con", FITS)?;
    colour(con, "bgColor", "con")?;
    picture(con, "bgImage", "con")?;
    Ok(ValidDocument { width, height })
}

/// A canvas side: a whole number from 100 to 10,000.
fn canvas_size(con: &Map<String, Value>, key: &str) -> Result<Option<i64>, Reason> {
    let path = join("con", key);
    let Some(size) = number(con, key, "con")? else { return Ok(None) };
    if size.fract() != 0.0 {
        return Err(at(path, Reason::NotInteger));
    }
    if !(MIN_CANVAS as f64..=MAX_CANVAS as f64).contains(&size) {
        return Err(at(path, Reason::OutOfRange { min: MIN_CANVAS, max: MAX_CANVAS }));
    }
    Ok(Some(size as i64))
}

/// `bind`: lists of the ids the widgets use; each a list when present.
fn bind_lists(doc: &Map<String, Value>) -> Result<(), Reason> {
    let Some(bind) = object(doc, "bind", "")? else { return Ok(()) };
    for list in BIND_LISTS {
        array(bind, list, "bind")?;
    }
    Ok(())
}

/// What the walk over a page's widgets has seen so far: the ids (unique in the page, group children included)
/// and the counts the limits are about.
#[derive(Default)]
struct Census {
    ids: HashSet<String>,
    total: usize,
    per_type: HashMap<&'static str, usize>,
}

impl Census {
    /// The widgets of one list (the page's, or a group's children at `depth` groups down).
    fn widgets(&mut self, list: &[Value], place: &str, depth: usize) -> Result<(), Reason> {
        for (i, value) in list.iter().enumerate() {
            self.widget(value, &format!("{place}[{i}]"), depth)?;
        }
        Ok(())
    }

    /// One widget, then its children. A problem of the widget itself names it; a child's names the child.
    fn widget(&mut self, value: &Value, place: &str, depth: usize) -> Result<(), Reason> {
        let Value::Object(widget) = value else {
            return Err(in_widget(WidgetRef::At(place.to_owned()), Reason::NotObject));
        };
        let (kind, children) = self.own_fields(widget, depth).map_err(|reason| {
            let name = usable_id(widget).map_or_else(|| WidgetRef::At(place.to_owned()), |id| WidgetRef::Id(id.into()));
            in_widget(name, reason)
        })?;
        self.count(kind)?;
        match children {
            Some(children) => self.widgets(children, &format!("{place}.children"), depth + 1),
            None => Ok(()),
        }
    }

    /// Checks the fields of one widget; answers its type and the children to walk.
    fn own_fields<'a>(
        &mut self,
        widget: &'a Map<String, Value>,
        depth: usize,
    ) -> Result<(&'static WidgetType, Option<&'a Vec<Value>>), Reason> {
        let id = widget_id(widget)?;
        if !self.ids.insert(id.to_owned()) {
            return Err(Reason::DuplicateId);
        }
        let kind = kind_of(widget)?;
        bounded_text(widget, "widgetName", MAX_NAME_CHARS)?;
        position(widget)?;
        if kind.name == LINE {
            points(widget)?;
        }
        style(widget)?;
        click_event(widget)?;
        animation(widget)?;
        state_items(widget)?;
        pictures(widget)?;
        Ok((kind, children(widget, kind, depth)?))
    }

    /// Counts a widget against the page's limits.
    fn count(&mut self, kind: &'static WidgetType) -> Result<(), Reason> {
        self.total += 1;
        if self.total > MAX_WIDGETS {
            return Err(Reason::TooManyWidgets { max: MAX_WIDGETS });
        }
        let of_type = self.per_type.entry(kind.name).or_default();
        *of_type += 1;
        match kind.max_per_page {
            Some(max) if *of_type > max => Err(Reason::TooManyOfType { widget_type: kind.name, max }),
            _ => Ok(()),
        }
    }
}

/// The widget's id: 1 to 64 characters.
fn widget_id(widget: &Map<String, Value>) -> Result<&str, Reason> {
    let id = text(widget, "id", "")?.ok_or_else(|| at("id", Reason::Required))?;
    match id.chars().count() {
        0 => Err(at("id", Reason::Required)),
        n if n > MAX_ID_CHARS => Err(at("id", Reason::TooLong { max: MAX_ID_CHARS })),
        _ => Ok(id),
    }
}

/// The id a problem can name the widget by; `None` when it has no valid one.
fn usable_id(widget: &Map<String, Value>) -> Option<&str> {
    widget_id(widget).ok()
}

fn kind_of(widget: &Map<String, Value>) -> Result<&'static WidgetType, Reason> {
    let name = text(widget, "widgetType", "")?.ok_or_else(|| at("widgetType", Reason::Required))?;
    widget_type(name).ok_or_else(|| at("widgetType", Reason::NotWidgetType))
}

/// `position`: x and y anywhere, a size of at least 0, a rotation of 0 to 360, optional finite geometry.
fn position(widget: &Map<String, Value>) -> Result<(), Reason> {
    let position = object(widget, "position", "")?.ok_or_else(|| at("position", Reason::Required))?;
    for key in ["x", "y", "width", "height"] {
        let value = number(position, key, "position")?.ok_or_else(|| at(join("position", key), Reason::Required))?;
        if matches!(key, "width" | "height") && value < 0.0 {
            return Err(at(join("position", key), Reason::Negative));
        }
    }
    if let Some(rotate) = number(position, "rotate", "position")?
        && !(0.0..=360.0).contains(&rotate)
    {
        return Err(at("position.rotate", Reason::OutOfRange { min: 0, max: 360 }));
    }
    for key in GEOMETRY {
        number(position, key, "position")?;
    }
    Ok(())
}

/// A line's `points`: at least two `[x, y]` pairs of finite numbers.
fn points(widget: &Map<String, Value>) -> Result<(), Reason> {
    let points = array(widget, "points", "")?.ok_or_else(|| at("points", Reason::Required))?;
    if points.len() < 2 {
        return Err(at("points", Reason::TooFew { min: 2 }));
    }
    for (i, point) in points.iter().enumerate() {
        let pair = point.as_array().filter(|p| p.len() == 2 && p.iter().all(is_finite_number));
        if pair.is_none() {
            return Err(at(format!("points[{i}]"), Reason::NotPoint));
        }
    }
    Ok(())
}

/// `style`: an opacity of 0 to 1 and colours, each when present.
fn style(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(style) = object(widget, "style", "")? else { return Ok(()) };
    if let Some(opacity) = number(style, "opacity", "style")?
        && !(0.0..=1.0).contains(&opacity)
    {
        return Err(at("style.opacity", Reason::OutOfRange { min: 0, max: 1 }));
    }
    colour(style, "color", "style")?;
    for part in ["fill", "stroke"] {
        if let Some(paint) = object(style, part, "style")? {
            colour(paint, "color", &join("style", part))?;
        }
    }
    Ok(())
}

/// `clickEvent.config`: a known action and target; a link only to an http or https URL (never script).
fn click_event(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(event) = object(widget, "clickEvent", "")? else { return Ok(()) };
    let Some(config) = object(event, "config", "clickEvent")? else { return Ok(()) };
    let path = "clickEvent.config";
    let action = one_of(config, "action", path, ACTIONS)?;
    one_of(config, "target", path, TARGETS)?;
    match text(config, "link", path)? {
        Some(link) if !link.is_empty() && !is_http_url(link) => Err(at(join(path, "link"), Reason::NotHttpUrl)),
        Some(link) if !link.is_empty() => Ok(()),
        _ if action == Some("link") => Err(at(join(path, "link"), Reason::Required)),
        _ => Ok(()),
    }
}

/// `animation`: every condition well formed and every colour a colour.
fn animation(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(animation) = object(widget, "animation", "")? else { return Ok(()) };
    for key in CONDITION_ANIMATIONS {
        if let Some(entry) = object(animation, key, "animation")? {
            let path = join("animation", key);
            condition(entry, &path)?;
            colour(entry, "color", &path)?;
        }
    }
    for key in COLOUR_ANIMATIONS {
        if let Some(entry) = object(animation, key, "animation")? {
            let path = join("animation", key);
            conditions(entry, "dataArray", &path, true)?;
        }
    }
    Ok(())
}

/// UsualAnimation's `data.imgItems` and `data.textItems`: lists of conditions.
fn state_items(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    for key in STATE_ITEMS {
        conditions(data, key, "data", false)?;
    }
    Ok(())
}

/// The picture addresses of `data`: `url` (UsualImage) and each `imgItems[].url` (UsualAnimation). Checked on
/// every widget type, as links are: a stored address must be one the viewer draws whatever the widget becomes.
fn pictures(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    picture(data, "url", "data")?;
    for (i, item) in array(data, "imgItems", "data")?.into_iter().flatten().enumerate() {
        if let Some(item) = item.as_object() {
            picture(item, "url", &format!("data.imgItems[{i}]"))?;
        }
    }
    Ok(())
}

/// A picture address at `key` when present: blank (no picture) or one the viewer draws.
fn picture(parent: &Map<String, Value>, key: &str, parent_path: &str) -> Result<(), Reason> {
    match text(parent, key, parent_path)? {
        Some(address) if image_url::classify(address) == ImageUrl::Refused => {
            Err(at(join(parent_path, key), Reason::NotImageUrl))
        }
        _ => Ok(()),
    }
}

/// A list of conditions at `key`, each with a colour when `coloured`.
fn conditions(parent: &Map<String, Value>, key: &str, parent_path: &str, coloured: bool) -> Result<(), Reason> {
    let Some(items) = array(parent, key, parent_path)? else { return Ok(()) };
    for (i, item) in items.iter().enumerate() {
        let path = format!("{}[{i}]", join(parent_path, key));
        let item = item.as_object().ok_or_else(|| at(path.clone(), Reason::NotObject))?;
        condition(item, &path)?;
        if coloured {
            colour(item, "color", &path)?;
        }
    }
    Ok(())
}

/// A condition: a known comparison symbol and a number, each when present (defaults `==` and 0).
fn condition(entry: &Map<String, Value>, path: &str) -> Result<(), Reason> {
    one_of(entry, "symbol", path, SYMBOLS)?;
    number(entry, "value", path)?;
    Ok(())
}

/// `children`: a WidgetGroup's alone, and a group no deeper than [`MAX_DEPTH`].
fn children<'a>(
    widget: &'a Map<String, Value>,
    kind: &WidgetType,
    depth: usize,
) -> Result<Option<&'a Vec<Value>>, Reason> {
    if kind.name == GROUP && depth >= MAX_DEPTH {
        return Err(Reason::TooDeep { max: MAX_DEPTH });
    }
    if kind.name != GROUP && present(widget, "children").is_some() {
        return Err(at("children", Reason::OnlyOn { widget_type: GROUP }));
    }
    array(widget, "children", "")
}

/// `reason` about one widget.
fn in_widget(widget: WidgetRef, reason: Reason) -> Reason {
    Reason::Widget { widget, reason: Box::new(reason) }
}

/// `reason` about the value at `path`.
fn at(path: impl Into<String>, reason: Reason) -> Reason {
    Reason::Field { path: path.into(), reason: Box::new(reason) }
}

/// `parent.key`, or `key` at the top.
fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() { key.to_owned() } else { format!("{parent}.{key}") }
}

/// The value at `key`; JSON null reads as absent, as the request parameters read it.
fn present<'a>(parent: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    parent.get(key).filter(|v| !v.is_null())
}

fn object<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    parent_path: &str,
) -> Result<Option<&'a Map<String, Value>>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(Value::Object(map)) => Ok(Some(map)),
        Some(_) => Err(at(join(parent_path, key), Reason::NotObject)),
    }
}

fn array<'a>(parent: &'a Map<String, Value>, key: &str, parent_path: &str) -> Result<Option<&'a Vec<Value>>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(Value::Array(items)) => Ok(Some(items)),
        Some(_) => Err(at(join(parent_path, key), Reason::NotArray)),
    }
}

fn text<'a>(parent: &'a Map<String, Value>, key: &str, parent_path: &str) -> Result<Option<&'a str>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(at(join(parent_path, key), Reason::NotText)),
    }
}

/// A JSON number (not a text of digits: the designer writes numbers), finite.
fn number(parent: &Map<String, Value>, key: &str, parent_path: &str) -> Result<Option<f64>, Reason> {
    match present(parent, key) {
        None => Ok(None),
        Some(value) if is_finite_number(value) => Ok(value.as_f64()),
        Some(_) => Err(at(join(parent_path, key), Reason::NotNumber)),
    }
}

fn is_finite_number(value: &Value) -> bool {
    value.as_f64().is_some_and(f64::is_finite)
}

fn bounded_text<'a>(parent: &'a Map<String, Value>, key: &str, max: usize) -> Result<Option<&'a str>, Reason> {
    let value = text(parent, key, "")?;
    if value.is_some_and(|v| v.chars().count() > max) {
        return Err(at(key, Reason::TooLong { max }));
    }
    Ok(value)
}

/// Text at `key` that must be one of `allowed` when present.
fn one_of<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    parent_path: &str,
    allowed: &'static [&'static str],
) -> Result<Option<&'a str>, Reason> {
    match text(parent, key, parent_path)? {
        Some(value) if !allowed.contains(&value) => Err(at(join(parent_path, key), Reason::OneOf { allowed })),
        other => Ok(other),
    }
}

/// A colour at `key` when present.
fn colour(parent: &Map<String, Value>, key: &str, parent_path: &str) -> Result<(), Reason> {
    let refused = || at(join(parent_path, key), Reason::NotColour);
    match present(parent, key) {
        None => Ok(()),
        Some(Value::String(s)) if is_colour(s) => Ok(()),
        Some(_) => Err(refused()),
    }
}

/// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
fn is_colour(text: &str) -> bool {
    text.strip_prefix('#')
        .is_some_and(|hex| matches!(hex.len(), 3 | 6 | 8) && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// An absolute http or https URL with a host, without spaces or control characters.
fn is_http_url(link: &str) -> bool {
    let lower = link.to_ascii_lowercase();
    let rest = lower.strip_prefix("http://").or_else(|| lower.strip_prefix("https://"));
    rest.is_some_and(|rest| {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && !link.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A valid widget of type `kind` (a line gets its points).
    fn widget(id: &str, kind: &str) -> Value {
        let mut w = json!({
            "id": id,
            "widgetType": kind,
            "position": { "x": 10, "y": 20, "width": 100, "height": 40, "rotate": 0 },
        });
        if kind == LINE {
            w["points"] = json!([[0, 0], [100, 0]]);
        }
        w
    }

    fn group(id: &str, children: Vec<Value>) -> Value {
        let mut g = widget(id, GROUP);
        g["children"] = Value::Array(children);
        g
    }

    fn page(widgets: Vec<Value>) -> String {
        json!({ "widgets": widgets }).to_string()
    }

    /// `value` with `pointer` (`/a/b`) set to `to`, making the objects on the way.
    fn set(mut value: Value, pointer: &str, to: Value) -> Value {
        let mut current = &mut value;
        for key in pointer.trim_start_matches('/').split('/') {
            if !current.is_object() {
                *current = json!({});
            }
            current = current.as_object_mut().unwrap().entry(key.to_owned()).or_insert(Value::Null);
        }
        *current = to;
        value
    }

    fn refusal(text: &str) -> Reason {
        validate_document(text).expect_err("refused").0
    }

    fn field(path: &str, reason: Reason) -> Reason {
        at(path, reason)
    }

    fn of_widget(id: &str, reason: Reason) -> Reason {
        in_widget(WidgetRef::Id(id.to_owned()), reason)
    }

    fn of_place(place: &str, reason: Reason) -> Reason {
        in_widget(WidgetRef::At(place.to_owned()), reason)
    }

    /// Sets `pointer` on a valid widget `w1` of `kind` and checks the answer: `None` accepted, else the refusal
    /// naming `w1` and the field.
    fn check_widget_rule(kind: &str, pointer: &str, to: Value, expected: Option<(&str, Reason)>) {
        let text = page(vec![set(widget("w1", kind), pointer, to.clone())]);
        let answer = validate_document(&text).map_err(|p| p.0);
        match expected {
            None => assert!(answer.is_ok(), "{kind} {pointer} = {to}: {answer:?}"),
            Some((path, reason)) => {
                assert_eq!(answer, Err(of_widget("w1", field(path, reason))), "{kind} {pointer} = {to}")
            }
        }
    }

    fn range(min: i64, max: i64) -> Reason {
        Reason::OutOfRange { min, max }
    }

    #[test]
    fn a_minimal_document_gets_the_default_canvas() {
        assert_eq!(validate_document(r#"{"widgets":[]}"#), Ok(ValidDocument { width: 1024, height: 768 }));
        let sized = json!({ "con": { "width": 1920, "height": 1080.0 }, "widgets": [] }).to_string();
        assert_eq!(validate_document(&sized), Ok(ValidDocument { width: 1920, height: 1080 }));
    }

    #[test]
    fn the_document_must_be_a_json_object_with_a_widget_list() {
        assert_eq!(refusal("{"), Reason::BadJson);
        assert_eq!(refusal(""), Reason::BadJson);
        assert_eq!(refusal("[]"), Reason::NotObject);
        assert_eq!(refusal("\"widgets\""), Reason::NotObject);
        assert_eq!(refusal("{}"), field("widgets", Reason::Required));
        assert_eq!(refusal(r#"{"widgets":null}"#), field("widgets", Reason::Required));
        assert_eq!(refusal(r#"{"widgets":{}}"#), field("widgets", Reason::NotArray));
        assert_eq!(refusal(r#"{"widgets":"[]"}"#), field("widgets", Reason::NotArray));
        // JSON has no NaN or infinity; a number too large for a double is not read as one.
        let huge =
            r#"{"widgets":[{"id":"w1","widgetType":"ShapeRect","position":{"x":1e999,"y":0,"width":1,"height":1}}]}"#;
        assert_eq!(refusal(huge), Reason::BadJson);
    }

    #[test]
    fn the_document_is_at_most_2_mib() {
        let frame = r#"{"widgets":[],"pad":""}"#;
        let exactly = frame.replace(r#""""#, &format!("\"{}\"", "x".repeat(MAX_DOCUMENT_BYTES - frame.len())));
        assert_eq!(exactly.len(), MAX_DOCUMENT_BYTES);
        assert!(validate_document(&exactly).is_ok());
        let over = exactly.replacen('x', "xx", 1);
        assert_eq!(refusal(&over), Reason::TooLarge { max_kib: 2048 });
    }

    #[test]
    fn canvas_options_are_checked_when_present() {
        let with_con = |con: Value| json!({ "con": con, "widgets": [] }).to_string();
        for (con, expected) in [
            (json!("big"), Some(field("con", Reason::NotObject))),
            (json!({}), None),
            (json!({ "width": 100, "height": 100 }), None),
            (json!({ "width": 10000, "height": 10000 }), None),
            (json!({ "width": 99 }), Some(field("con.width", range(100, 10000)))),
            (json!({ "width": 10001 }), Some(field("con.width", range(100, 10000)))),
            (json!({ "height": 99 }), Some(field("con.height", range(100, 10000)))),
            (json!({ "height": 10001 }), Some(field("con.height", range(100, 10000)))),
            (json!({ "width": 1024.5 }), Some(field("con.width", Reason::NotInteger))),
            (json!({ "width": "1024" }), Some(field("con.width", Reason::NotNumber))),
            (json!({ "height": true }), Some(field("con.height", Reason::NotNumber))),
            (json!({ "fit": "container" }), None),
            (json!({ "fit": "width" }), None),
            (json!({ "fit": "none" }), None),
            (json!({ "fit": "stretch" }), Some(field("con.fit", Reason::OneOf { allowed: FITS }))),
            (json!({ "fit": 1 }), Some(field("con.fit", Reason::NotText))),
            (json!({ "bgColor": "#fff" }), None),
            (json!({ "bgColor": "#FFFFFF" }), None),
            (json!({ "bgColor": "#FFFFFF80" }), None),
            (json!({ "bgColor": "white" }), Some(field("con.bgColor", Reason::NotColour))),
            (json!({ "bgImage": "/userimg/a.png" }), None),
            (json!({ "bgImage": "" }), None),
            (json!({ "bgImage": 7 }), Some(field("con.bgImage", Reason::NotText))),
            (json!({ "bgImage": "https://example.com/plant.png" }), None),
            (json!({ "bgImage": "data:image/png;base64,iVBORw0KGgo=" }), None),
            (json!({ "bgImage": "javascript:alert(1)" }), Some(field("con.bgImage", Reason::NotImageUrl))),
            (json!({ "bgImage": "data:text/html,x" }), Some(field("con.bgImage", Reason::NotImageUrl))),
            (json!({ "checkpwd": false, "somethingNew": [1] }), None),
        ] {
            let answer = validate_document(&with_con(con.clone())).map_err(|p| p.0);
            match expected {
                None => assert!(answer.is_ok(), "{con}: {answer:?}"),
                Some(reason) => assert_eq!(answer, Err(reason), "{con}"),
            }
        }
    }

    #[test]
    fn bind_lists_are_lists_when_present() {
        let with_bind = |bind: Value| json!({ "widgets": [], "bind": bind }).to_string();
        assert!(validate_document(&with_bind(json!({}))).is_ok());
        assert!(
            validate_document(&with_bind(json!({ "equips": [1], "signals": [2], "keys": [], "mvars": [] }))).is_ok()
        );
        assert_eq!(refusal(&with_bind(json!([]))), field("bind", Reason::NotObject));
        for list in BIND_LISTS {
            let bad = with_bind(json!({ list: {} }));
            assert_eq!(refusal(&bad), field(&format!("bind.{list}"), Reason::NotArray));
        }
    }

    #[test]
    fn a_widget_needs_an_id_of_1_to_64_characters() {
        let with_id = |id: Value| page(vec![set(widget("w1", "ShapeRect"), "/id", id)]);
        assert!(validate_document(&with_id(json!("a"))).is_ok());
        assert!(validate_document(&with_id(json!("x".repeat(64)))).is_ok());
        assert!(validate_document(&with_id(json!("页".repeat(64)))).is_ok(), "characters, not bytes");
        // Without a usable id the widget is named by its place.
        for (id, reason) in [
            (Value::Null, Reason::Required),
            (json!(""), Reason::Required),
            (json!("x".repeat(65)), Reason::TooLong { max: 64 }),
            (json!(7), Reason::NotText),
        ] {
            assert_eq!(refusal(&with_id(id.clone())), of_place("widgets[0]", field("id", reason)), "{id}");
        }
        assert_eq!(refusal(&page(vec![widget("a", "ShapeRect"), json!(5)])), of_place("widgets[1]", Reason::NotObject));
    }

    #[test]
    fn ids_are_unique_in_the_page_group_children_included() {
        let twice = page(vec![widget("a", "ShapeRect"), widget("a", "ShapeCircle")]);
        assert_eq!(refusal(&twice), of_widget("a", Reason::DuplicateId));
        let in_group =
            page(vec![widget("a", "ShapeRect"), group("g", vec![widget("b", "UsualText"), widget("a", "UsualText")])]);
        assert_eq!(refusal(&in_group), of_widget("a", Reason::DuplicateId));
        let group_and_child = page(vec![group("g", vec![widget("g", "UsualText")])]);
        assert_eq!(refusal(&group_and_child), of_widget("g", Reason::DuplicateId));
        let distinct = page(vec![widget("a", "ShapeRect"), group("g", vec![widget("b", "UsualText")])]);
        assert!(validate_document(&distinct).is_ok());
    }

    #[test]
    fn a_child_without_an_id_is_named_by_its_place_in_the_group() {
        let child = set(widget("x", "UsualText"), "/id", Value::Null);
        let text = page(vec![widget("a", "ShapeRect"), group("g", vec![widget("b", "UsualText"), child])]);
        assert_eq!(refusal(&text), of_place("widgets[1].children[1]", field("id", Reason::Required)));
    }

    #[test]
    fn the_widget_type_is_one_of_the_list() {
        for kind in WIDGET_TYPES {
            assert!(validate_document(&page(vec![widget("w1", kind.name)])).is_ok(), "{}", kind.name);
        }
        check_widget_rule("ShapeRect", "/widgetType", Value::Null, Some(("widgetType", Reason::Required)));
        check_widget_rule("ShapeRect", "/widgetType", json!("ShapeBlob"), Some(("widgetType", Reason::NotWidgetType)));
        check_widget_rule("ShapeRect", "/widgetType", json!("shaperect"), Some(("widgetType", Reason::NotWidgetType)));
        check_widget_rule("ShapeRect", "/widgetType", json!(1), Some(("widgetType", Reason::NotText)));
    }

    #[test]
    fn the_widget_name_is_at_most_60_characters() {
        check_widget_rule("UsualText", "/widgetName", json!("名".repeat(60)), None);
        check_widget_rule("UsualText", "/widgetName", json!(""), None);
        check_widget_rule(
            "UsualText",
            "/widgetName",
            json!("n".repeat(61)),
            Some(("widgetName", Reason::TooLong { max: 60 })),
        );
        check_widget_rule("UsualText", "/widgetName", json!(1), Some(("widgetName", Reason::NotText)));
    }

    #[test]
    fn the_position_holds_finite_numbers_a_size_of_at_least_0_and_a_rotation_of_0_to_360() {
        let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
            check_widget_rule("ShapeRect", pointer, to, expected)
        };
        rule("/position", Value::Null, Some(("position", Reason::Required)));
        rule("/position", json!([0, 0]), Some(("position", Reason::NotObject)));
        for key in ["x", "y", "width", "height"] {
            let path = format!("position.{key}");
            rule(&format!("/position/{key}"), Value::Null, Some((&path, Reason::Required)));
            rule(&format!("/position/{key}"), json!("10"), Some((&path, Reason::NotNumber)));
            rule(&format!("/position/{key}"), json!(0), None);
            rule(&format!("/position/{key}"), json!(12.5), None);
        }
        rule("/position/x", json!(-500.5), None);
        rule("/position/y", json!(-1), None);
        rule("/position/width", json!(-0.1), Some(("position.width", Reason::Negative)));
        rule("/position/height", json!(-1), Some(("position.height", Reason::Negative)));
        rule("/position/rotate", Value::Null, None);
        rule("/position/rotate", json!(0), None);
        rule("/position/rotate", json!(360), None);
        rule("/position/rotate", json!(-0.5), Some(("position.rotate", range(0, 360))));
        rule("/position/rotate", json!(360.5), Some(("position.rotate", range(0, 360))));
        rule("/position/rotate", json!("90"), Some(("position.rotate", Reason::NotNumber)));
        for key in GEOMETRY {
            let path = format!("position.{key}");
            rule(&format!("/position/{key}"), json!(-3.5), None);
            rule(&format!("/position/{key}"), json!("3"), Some((&path, Reason::NotNumber)));
            rule(&format!("/position/{key}"), json!([3]), Some((&path, Reason::NotNumber)));
        }
    }

    #[test]
    fn a_line_has_at_least_two_points_of_finite_numbers() {
        let rule = |to: Value, expected: Option<(&str, Reason)>| check_widget_rule(LINE, "/points", to, expected);
        rule(json!([[0, 0], [10.5, -3]]), None);
        rule(json!([[0, 0], [10, 0], [10, 10]]), None);
        rule(Value::Null, Some(("points", Reason::Required)));
        rule(json!({ "0": [0, 0] }), Some(("points", Reason::NotArray)));
        rule(json!([]), Some(("points", Reason::TooFew { min: 2 })));
        rule(json!([[0, 0]]), Some(("points", Reason::TooFew { min: 2 })));
        rule(json!([[0, 0], [1]]), Some(("points[1]", Reason::NotPoint)));
        rule(json!([[0, 0], [1, 2, 3]]), Some(("points[1]", Reason::NotPoint)));
        rule(json!([[0, "0"], [1, 2]]), Some(("points[0]", Reason::NotPoint)));
        rule(json!([{ "x": 0, "y": 0 }, [1, 2]]), Some(("points[0]", Reason::NotPoint)));
        // Other widgets may carry anything under that name: it is not theirs to check.
        check_widget_rule("ShapeRect", "/points", json!("whatever"), None);
    }

    #[test]
    fn style_opacity_is_0_to_1_and_colours_are_hex() {
        let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
            check_widget_rule("ShapeRect", pointer, to, expected)
        };
        rule("/style", json!("bold"), Some(("style", Reason::NotObject)));
        rule("/style", json!({}), None);
        rule("/style/opacity", json!(0), None);
        rule("/style/opacity", json!(1), None);
        rule("/style/opacity", json!(0.5), None);
        rule("/style/opacity", json!(-0.01), Some(("style.opacity", range(0, 1))));
        rule("/style/opacity", json!(1.01), Some(("style.opacity", range(0, 1))));
        rule("/style/opacity", json!("1"), Some(("style.opacity", Reason::NotNumber)));
        for (pointer, path) in [
            ("/style/color", "style.color"),
            ("/style/fill/color", "style.fill.color"),
            ("/style/stroke/color", "style.stroke.color"),
        ] {
            for good in ["#abc", "#1677FF", "#1677ff80"] {
                rule(pointer, json!(good), None);
            }
            for bad in [
                json!("#abcd"),
                json!("1677FF"),
                json!("#12345"),
                json!("#GGGGGG"),
                json!("red"),
                json!(""),
                json!(255),
            ] {
                rule(pointer, bad, Some((path, Reason::NotColour)));
            }
        }
        rule("/style/fill", json!("#fff"), Some(("style.fill", Reason::NotObject)));
        rule("/style/stroke", json!(1), Some(("style.stroke", Reason::NotObject)));
        rule("/style/fill", json!({ "enable": true }), None);
    }

    #[test]
    fn a_click_link_is_only_http_or_https() {
        let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
            check_widget_rule("UsualButton", pointer, to, expected)
        };
        let link = "clickEvent.config.link";
        rule("/clickEvent", json!(true), Some(("clickEvent", Reason::NotObject)));
        rule("/clickEvent/config", json!("x"), Some(("clickEvent.config", Reason::NotObject)));
        rule("/clickEvent", json!({ "enable": false }), None);
        for good in ["https://example.com/plant?a=1", "http://10.0.0.1:8080", "HTTPS://EXAMPLE.COM"] {
            rule("/clickEvent/config", json!({ "action": "link", "link": good, "target": "_blank" }), None);
        }
        for bad in [
            "javascript:alert(1)",
            "JavaScript://x",
            "ftp://example.com",
            "//example.com",
            "https://",
            "https:///x",
            "https://exa mple.com",
            "data:text/html,x",
            "/page",
        ] {
            rule("/clickEvent/config", json!({ "action": "link", "link": bad }), Some((link, Reason::NotHttpUrl)));
            // Refused whatever the action: a stored link must be safe to follow if the action is changed.
            rule("/clickEvent/config", json!({ "action": "write", "link": bad }), Some((link, Reason::NotHttpUrl)));
        }
        rule("/clickEvent/config", json!({ "action": "link" }), Some((link, Reason::Required)));
        rule("/clickEvent/config", json!({ "action": "link", "link": "" }), Some((link, Reason::Required)));
        rule("/clickEvent/config", json!({ "action": "link", "link": 5 }), Some((link, Reason::NotText)));
        rule("/clickEvent/config", json!({ "action": "write", "link": "" }), None);
        rule("/clickEvent/config", json!({ "action": "page", "pageId": 3 }), None);
        rule("/clickEvent/config", json!({}), None);
        rule(
            "/clickEvent/config/action",
            json!("jump"),
            Some(("clickEvent.config.action", Reason::OneOf { allowed: ACTIONS })),
        );
        rule("/clickEvent/config/target", json!("_self"), None);
        rule(
            "/clickEvent/config/target",
            json!("_top"),
            Some(("clickEvent.config.target", Reason::OneOf { allowed: TARGETS })),
        );
    }

    #[test]
    fn animation_conditions_use_known_symbols_and_numbers_and_colours_are_hex() {
        let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
            check_widget_rule("ShapeCircle", pointer, to, expected)
        };
        rule("/animation", json!([]), Some(("animation", Reason::NotObject)));
        rule("/animation", json!({}), None);
        for key in CONDITION_ANIMATIONS {
            let path = format!("animation.{key}");
            rule(&format!("/animation/{key}"), json!("on"), Some((&path, Reason::NotObject)));
            rule(&format!("/animation/{key}"), json!({ "enable": true }), None);
            for symbol in SYMBOLS {
                rule(&format!("/animation/{key}"), json!({ "symbol": symbol, "value": -2.5 }), None);
            }
            let symbol = format!("{path}.symbol");
            for bad in ["=", "=>", "<>", "eq", ""] {
                rule(
                    &format!("/animation/{key}/symbol"),
                    json!(bad),
                    Some((&symbol, Reason::OneOf { allowed: SYMBOLS })),
                );
            }
            rule(&format!("/animation/{key}/value"), json!("1"), Some((&format!("{path}.value"), Reason::NotNumber)));
            rule(&format!("/animation/{key}/value"), json!(true), Some((&format!("{path}.value"), Reason::NotNumber)));
        }
        rule("/animation/twinkle/color", json!("#F00"), None);
        rule("/animation/twinkle/color", json!("blue"), Some(("animation.twinkle.color", Reason::NotColour)));
        for key in COLOUR_ANIMATIONS {
            let path = format!("animation.{key}.dataArray");
            let pointer = format!("/animation/{key}");
            let entries = |entries: Value| json!({ "enable": true, "dataArray": entries });
            rule(&pointer, json!(1), Some((&format!("animation.{key}"), Reason::NotObject)));
            rule(&pointer, json!({ "enable": false }), None);
            rule(
                &pointer,
                entries(
                    json!([{ "symbol": "==", "value": 0, "color": "#FF0000" }, { "symbol": ">=", "value": 1, "color": "#FF0" }]),
                ),
                None,
            );
            rule(&pointer, entries(json!({})), Some((&path, Reason::NotArray)));
            rule(&pointer, entries(json!([5])), Some((&format!("{path}[0]"), Reason::NotObject)));
            rule(
                &pointer,
                entries(json!([{ "symbol": "==", "value": 0, "color": "#FF0000" }, { "symbol": "~" }])),
                Some((&format!("{path}[1].symbol"), Reason::OneOf { allowed: SYMBOLS })),
            );
            rule(&pointer, entries(json!([{ "value": "0" }])), Some((&format!("{path}[0].value"), Reason::NotNumber)));
            rule(
                &pointer,
                entries(json!([{ "color": "#FF00" }])),
                Some((&format!("{path}[0].color"), Reason::NotColour)),
            );
        }
    }

    #[test]
    fn state_items_are_conditions() {
        let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
            check_widget_rule("UsualAnimation", pointer, to, expected)
        };
        rule("/data", json!("signal"), Some(("data", Reason::NotObject)));
        rule(
            "/data",
            json!({ "display": "image", "imgItems": [{ "symbol": "==", "value": 0, "url": "/userimg/off.png" }] }),
            None,
        );
        for key in STATE_ITEMS {
            let path = format!("data.{key}");
            rule(&format!("/data/{key}"), json!("x"), Some((&path, Reason::NotArray)));
            rule(&format!("/data/{key}"), json!([{ "symbol": "!=", "value": 1, "text": "on" }]), None);
            rule(&format!("/data/{key}"), json!(["on"]), Some((&format!("{path}[0]"), Reason::NotObject)));
            rule(
                &format!("/data/{key}"),
                json!([{ "symbol": "===" }]),
                Some((&format!("{path}[0].symbol"), Reason::OneOf { allowed: SYMBOLS })),
            );
            rule(
                &format!("/data/{key}"),
                json!([{ "value": "on" }]),
                Some((&format!("{path}[0].value"), Reason::NotNumber)),
            );
        }
    }

    /// The full table of addresses is image_url's; here, that every picture field is checked and named.
    #[test]
    fn picture_addresses_are_ones_the_viewer_draws() {
        for kind in ["UsualImage", "UsualAnimation", "ShapeRect"] {
            let rule = |pointer: &str, to: Value, expected: Option<(&str, Reason)>| {
                check_widget_rule(kind, pointer, to, expected)
            };
            for good in ["", "/userimg/a.png", "https://example.com/a.png", "data:image/gif;base64,R0lGOD=="] {
                rule("/data/url", json!(good), None);
                rule("/data/imgItems", json!([{ "value": 0, "url": good }]), None);
            }
            for bad in ["javascript:alert(1)", "JAVASCRIPT:x", "data:text/html,<b>", "ftp://example.com/a.png"] {
                rule("/data/url", json!(bad), Some(("data.url", Reason::NotImageUrl)));
                rule(
                    "/data/imgItems",
                    json!([{ "url": "/userimg/a.png" }, { "symbol": "==", "value": 1, "url": bad }]),
                    Some(("data.imgItems[1].url", Reason::NotImageUrl)),
                );
            }
            rule("/data/url", json!(3), Some(("data.url", Reason::NotText)));
            rule("/data/imgItems", json!([{ "url": ["x"] }]), Some(("data.imgItems[0].url", Reason::NotText)));
            // A text state's `url` is never drawn.
            rule("/data/textItems", json!([{ "text": "on", "url": "javascript:x" }]), None);
        }
    }

    #[test]
    fn only_a_group_has_children() {
        check_widget_rule(
            "ShapeRect",
            "/children",
            json!([]),
            Some(("children", Reason::OnlyOn { widget_type: GROUP })),
        );
        check_widget_rule("ShapeRect", "/children", Value::Null, None);
        check_widget_rule(GROUP, "/children", json!([]), None);
        check_widget_rule(GROUP, "/children", json!({}), Some(("children", Reason::NotArray)));
    }

    /// A chain of `levels` groups, each inside the previous one, the innermost holding a text.
    fn nested(levels: usize) -> Value {
        let mut inner = widget("leaf", "UsualText");
        for level in (1..=levels).rev() {
            inner = group(&format!("g{level}"), vec![inner]);
        }
        inner
    }

    #[test]
    fn groups_nest_at_most_8_deep() {
        assert!(validate_document(&page(vec![nested(MAX_DEPTH)])).is_ok());
        assert_eq!(refusal(&page(vec![nested(MAX_DEPTH + 1)])), of_widget("g9", Reason::TooDeep { max: 8 }));
    }

    #[test]
    fn a_page_holds_at_most_1000_widgets_group_children_counted() {
        let many = |n: usize| (0..n).map(|i| widget(&format!("w{i}"), "ShapeRect")).collect::<Vec<_>>();
        assert!(validate_document(&page(many(1000))).is_ok());
        assert_eq!(refusal(&page(many(1001))), Reason::TooManyWidgets { max: 1000 });
        assert!(validate_document(&page(vec![group("g", many(999))])).is_ok());
        assert_eq!(refusal(&page(vec![group("g", many(1000))])), Reason::TooManyWidgets { max: 1000 });
    }

    #[test]
    fn at_most_3_weather_and_1_webgl_widgets_group_children_counted() {
        let of = |kind: &str, n: usize| (0..n).map(|i| widget(&format!("{kind}{i}"), kind)).collect::<Vec<_>>();
        assert!(validate_document(&page(of("ComplexWeather", 3))).is_ok());
        let weather = Reason::TooManyOfType { widget_type: "ComplexWeather", max: 3 };
        assert_eq!(refusal(&page(of("ComplexWeather", 4))), weather);
        let mut split = of("ComplexWeather", 3);
        split.push(group("g", vec![widget("w", "ComplexWeather")]));
        assert_eq!(refusal(&page(split)), weather);
        assert!(validate_document(&page(of("UsualWebgl", 1))).is_ok());
        assert_eq!(refusal(&page(of("UsualWebgl", 2))), Reason::TooManyOfType { widget_type: "UsualWebgl", max: 1 });
        assert!(validate_document(&page(of("ComplexLine", 20))).is_ok(), "no per-type limit elsewhere");
    }

    #[test]
    fn unknown_fields_are_allowed() {
        let mut w = widget("w1", "UsualDataText");
        w["designerOnly"] = json!({ "anything": [1, "two", null] });
        w["data"] = json!({ "type": "signal", "equipId": 7, "signalId": 42, "future": true });
        let text = json!({ "widgets": [w], "version": 3, "con": { "grid": 10 } }).to_string();
        assert!(validate_document(&text).is_ok());
    }

    #[test]
    fn the_widget_list_matches_the_spec() {
        assert_eq!(WIDGET_TYPES.len(), 33);
        let names: HashSet<_> = WIDGET_TYPES.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), WIDGET_TYPES.len(), "names are unique");
        assert_eq!(widget_type(GROUP).map(|t| t.family), Some(Family::Group));
        assert_eq!(widget_type(LINE).map(|t| t.family), Some(Family::Shape));
        let limited: Vec<_> = WIDGET_TYPES.iter().filter_map(|t| Some((t.name, t.max_per_page?))).collect();
        assert_eq!(limited, [("UsualWebgl", 1), ("ComplexWeather", 3)]);
        for t in WIDGET_TYPES {
            let prefix = match t.family {
                Family::Group => "Widget",
                Family::Shape => "Shape",
                Family::Usual => "Usual",
                Family::Complex => "Complex",
            };
            assert!(t.name.starts_with(prefix), "{} is not in family {:?}", t.name, t.family);
        }
    }

    /// The designer and the viewer read the generated file; a stale copy would let them offer widgets the server
    /// refuses, or miss new ones.
    #[test]
    fn web_widget_types_export_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated/widgetTypes.json");
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(on_disk == export_widget_types_json(), "{path} is stale: run `make generate`");
    }
}

//! The walk over a document: canvas, bind lists, every widget and its children, each field by [`super::fields`].

use super::fields::*;
use super::widgets::WidgetType;
use super::*;
use crate::catalogue::{Reason, WidgetRef};
use crate::image_url::{self, ImageUrl};
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

/// The comparison symbols of animations and state items.
pub(super) const SYMBOLS: &[&str] = &["==", "!=", ">", ">=", "<", "<="];
/// How the canvas fits the viewer's window: whole within it (the default), to its width (scrolling down), to its
/// height (scrolling across), stretched to fill it (proportions not kept), or at its own size (scrolling).
pub(super) const FITS: &[&str] = &["container", "width", "height", "stretch", "none"];
/// What a click does.
pub(super) const ACTIONS: &[&str] = &["write", "page", "link"];
/// Where a link opens.
pub(super) const TARGETS: &[&str] = &["_self", "_blank"];
/// The bind lists of a page.
pub(super) const BIND_LISTS: [&str; 4] = ["equips", "signals", "keys", "mvars"];
/// Optional geometry in `position`: circle, ellipse, triangle.
pub(super) const GEOMETRY: [&str; 9] = ["r", "rx", "ry", "x1", "y1", "x2", "y2", "x3", "y3"];
/// Animations that hold while one condition holds.
pub(super) const CONDITION_ANIMATIONS: [&str; 3] = ["visiable", "twinkle", "rotate"];
/// Animations that pick a colour from a list of conditions.
pub(super) const COLOUR_ANIMATIONS: [&str; 3] = ["fillColor", "borderColor", "fontColor"];
/// UsualAnimation's state lists (each item a condition).
pub(super) const STATE_ITEMS: [&str; 2] = ["imgItems", "textItems"];
/// The statistics a project page's `system` binding may name (spec section 7, "Project monitor": the counts of
/// `monitor/project/equip/queryCount` and `monitor/project/alarm/queryCount`; web/src/runtime/systemKeys.ts).
pub const SYSTEM_KEYS: [&str; 5] =
    ["equipment_count", "online_count", "offline_count", "alarm_equipment", "alarm_count"];
/// What `position` must hold: where the widget is and its size.
pub(super) const POSITION_KEYS: [&str; 4] = ["x", "y", "width", "height"];
/// The sides in `position`: at least 0.
pub(super) const SIZE_KEYS: [&str; 2] = ["width", "height"];
/// A rotation, in degrees (`position.rotate`).
pub(super) const ROTATION: Bounds = Bounds { min: 0, max: 360 };
/// An opacity (`style.opacity`).
pub(super) const OPACITY: Bounds = Bounds { min: 0, max: 1 };
/// The fewest points a line has.
pub(super) const MIN_POINTS: usize = 2;
/// The paints of `style`, each with its colour.
pub(super) const PAINTS: [&str; 2] = ["fill", "stroke"];

/// How deep the JSON reader (serde_json) reads nested values, objects and lists counted: a text nested this deep is
/// refused as [`Reason::BadJson`]. The reader's own limit, named here for the designer's check before saving; the
/// shared cases (`cases`) pin it.
pub(super) const JSON_DEPTH: usize = 128;

/// The smallest and largest value allowed, both included.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub(super) struct Bounds {
    pub min: i64,
    pub max: i64,
}

impl Bounds {
    pub(super) fn holds(self, value: f64) -> bool {
        (self.min as f64..=self.max as f64).contains(&value)
    }

    pub(super) fn refusal(self) -> Reason {
        Reason::OutOfRange { min: self.min, max: self.max }
    }
}

pub(super) fn check_document(text: &str) -> Result<ValidDocument, Reason> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(Reason::TooLarge { max_kib: MAX_DOCUMENT_BYTES / 1024 });
    }
    let Value::Object(doc) = serde_json::from_str(text).map_err(|_| Reason::BadJson)? else {
        return Err(Reason::NotObject);
    };
    let (width, height) = canvas(&doc)?;
    bind_lists(&doc)?;
    let widgets = array(&doc, "widgets", "")?.ok_or_else(|| at("widgets", Reason::Required))?;
    let mut census = Census::default();
    census.widgets(widgets, "widgets", 0)?;
    Ok(ValidDocument { width, height, widgets: census.total })
}

/// `con`: the canvas size (defaults 1024 by 768) and its look.
fn canvas(doc: &Map<String, Value>) -> Result<(i64, i64), Reason> {
    let Some(con) = object(doc, "con", "")? else {
        return Ok((DEFAULT_WIDTH, DEFAULT_HEIGHT));
    };
    let width = canvas_size(con, "width")?.unwrap_or(DEFAULT_WIDTH);
    let height = canvas_size(con, "height")?.unwrap_or(DEFAULT_HEIGHT);
    one_of(con, "fit", "con", FITS)?;
    colour(con, "bgColor", "con")?;
    picture(con, "bgImage", "con")?;
    Ok((width, height))
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
        system_binding(widget)?;
        match kind.name {
            "ComplexMap" => super::map_model::map_settings(widget)?,
            "UsualWebgl" => super::map_model::model_settings(widget)?,
            "UsualSelect" => super::select_video::select_settings(widget)?,
            "ComplexVideo" => super::select_video::video_settings(widget)?,
            "ComplexWeather" => super::weather::weather_settings(widget)?,
            "ComplexHistory" | "ComplexAlarm" => super::table::table_settings(widget)?,
            _ => {}
        }
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
    for key in POSITION_KEYS {
        let value = number(position, key, "position")?.ok_or_else(|| at(join("position", key), Reason::Required))?;
        if SIZE_KEYS.contains(&key) && value < 0.0 {
            return Err(at(join("position", key), Reason::Negative));
        }
    }
    if let Some(rotate) = number(position, "rotate", "position")?
        && !ROTATION.holds(rotate)
    {
        return Err(at("position.rotate", ROTATION.refusal()));
    }
    for key in GEOMETRY {
        number(position, key, "position")?;
    }
    Ok(())
}

/// A line's `points`: at least [`MIN_POINTS`] `[x, y]` pairs of finite numbers.
fn points(widget: &Map<String, Value>) -> Result<(), Reason> {
    let points = array(widget, "points", "")?.ok_or_else(|| at("points", Reason::Required))?;
    if points.len() < MIN_POINTS {
        return Err(at("points", Reason::TooFew { min: MIN_POINTS }));
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
        && !OPACITY.holds(opacity)
    {
        return Err(at("style.opacity", OPACITY.refusal()));
    }
    colour(style, "color", "style")?;
    for part in PAINTS {
        if let Some(paint) = object(style, part, "style")? {
            colour(paint, "color", &join("style", part))?;
        }
    }
    Ok(())
}

/// `clickEvent.config`: a known action and target; a link only to an http or https URL (never script).
fn click_event(widget: &Map<String, Value>) -> Result<(), Reason> {
    click_event_in(widget, "")
}

/// The click event at `clickEvent` of `parent` (a widget, or a drop-down's item at `parent_path`), checked alike.
pub(super) fn click_event_in(parent: &Map<String, Value>, parent_path: &str) -> Result<(), Reason> {
    let Some(event) = object(parent, "clickEvent", parent_path)? else { return Ok(()) };
    let event_path = join(parent_path, "clickEvent");
    let Some(config) = object(event, "config", &event_path)? else { return Ok(()) };
    let path = &join(&event_path, "config");
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

/// A project page's statistic (`data.type` `system`, and each entry of a chart's `data.systemArray`) names one of
/// [`SYSTEM_KEYS`]; other bindings are not looked at here.
fn system_binding(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    statistic(data, "data")?;
    for (i, entry) in array(data, "systemArray", "data")?.into_iter().flatten().enumerate() {
        if let Some(entry) = entry.as_object() {
            statistic(entry, &format!("data.systemArray[{i}]"))?;
        }
    }
    Ok(())
}

/// A binding at `path` that is a statistic names a known one.
fn statistic(binding: &Map<String, Value>, path: &str) -> Result<(), Reason> {
    if present(binding, "type").and_then(Value::as_str) != Some("system") {
        return Ok(());
    }
    match one_of(binding, "systemKey", path, &SYSTEM_KEYS)? {
        Some(_) => Ok(()),
        None => Err(at(join(path, "systemKey"), Reason::Required)),
    }
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

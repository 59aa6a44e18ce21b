//! The one list of widget types, their palette family and per-page maxima, and its export to the web app.

use super::check::{self, Bounds};
use super::fields;
use super::{DEFAULT_HEIGHT, DEFAULT_WIDTH, MAX_CANVAS, MAX_DEPTH, MAX_DOCUMENT_BYTES, MAX_WIDGETS, MIN_CANVAS};
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

/// What the web app reads: the limits, every constant of the check (so the designer's check before saving,
/// web/src/features/designer/model/check, applies the very rules of [`super::validate_document`]), then the list.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WidgetTypesExport {
    max_widgets: usize,
    max_depth: usize,
    max_document_bytes: usize,
    /// Values nested this deep (objects and lists counted) are not read: the text is refused as not JSON.
    json_depth: usize,
    min_canvas: i64,
    max_canvas: i64,
    /// The page's fit modes (`con.fit`).
    fits: &'static [&'static str],
    /// Longest widget name, in characters.
    max_name_chars: usize,
    /// Longest widget id, in characters.
    max_id_chars: usize,
    /// Longest page template name (the designer's templates).
    max_template_name_chars: usize,
    /// The canvas size when `con` does not give one.
    default_width: i64,
    default_height: i64,
    /// The one type that may have `children`, and the one whose geometry is `points`.
    group: &'static str,
    line: &'static str,
    /// The lists of `bind`.
    bind_lists: [&'static str; 4],
    /// `position`: the keys it must hold, those of them at least 0, the optional geometry, the rotation's bounds.
    position_keys: [&'static str; 4],
    size_keys: [&'static str; 2],
    geometry: [&'static str; 9],
    rotation: Bounds,
    /// A line's fewest points.
    min_points: usize,
    /// `style`: the opacity's bounds, the paints with a colour each.
    opacity: Bounds,
    paints: [&'static str; 2],
    /// How many hex digits follow a colour's `#`.
    colour_digits: [usize; 3],
    /// `clickEvent.config`: the actions and targets; how a link starts, what ends its host, and the characters it
    /// may not hold (white space and control characters, as Rust's `char` classifies them: `[first, last]` code
    /// points).
    actions: &'static [&'static str],
    targets: &'static [&'static str],
    link_schemes: [&'static str; 2],
    host_ends: String,
    not_in_link: Vec<[u32; 2]>,
    /// `animation`: the single-condition entries and the colour lists; the comparison symbols of conditions.
    condition_animations: [&'static str; 3],
    colour_animations: [&'static str; 3],
    symbols: &'static [&'static str],
    /// UsualAnimation's state lists (`data`).
    state_items: [&'static str; 2],
    system_keys: [&'static str; 5],
    /// The console pages a picture address is resolved against: it must be drawn on each ([`crate::image_url`]).
    image_bases: [&'static str; 2],
    /// ComplexMap's `data`: the zoom's bounds, the centre's, the most equipment listed (`map_model`).
    map_zoom: Bounds,
    latitude: Bounds,
    longitude: Bounds,
    max_map_equipments: usize,
    /// UsualWebgl's model address, when not an http(s) URL: the image library's prefix.
    model_library_prefix: &'static str,
    /// UsualSelect's `data.items`: how many, and the longest item text (`select_video`).
    max_select_items: usize,
    max_select_text_chars: usize,
    /// ComplexVideo's `data.dataAddon`: the played addresses' keys, the longest address, how an RTMP address
    /// starts, the longest serial number, the channel's bounds (`select_video`).
    stream_addresses: [&'static str; 2],
    max_stream_address_chars: usize,
    rtmp_schemes: [&'static str; 2],
    max_serial_chars: usize,
    video_channel: Bounds,
    /// ComplexWeather's `data.dataAddon`: the place's code keys (6 digits or empty) and the longest title (`weather`).
    region_keys: [&'static str; 3],
    max_weather_title_chars: usize,
    table_switches: [&'static str; 2],
    dimension_types: &'static [&'static str],
    time_units: &'static [&'static str],
    types: &'static [WidgetType],
}

/// The code points from which `refused` holds, as `[first, last]` ranges.
fn ranges(refused: impl Fn(char) -> bool) -> Vec<[u32; 2]> {
    let mut out: Vec<[u32; 2]> = Vec::new();
    for c in (char::MIN..=char::MAX).filter(|c| refused(*c)) {
        let code = u32::from(c);
        match out.last_mut() {
            Some(last) if last[1] + 1 == code => last[1] = code,
            _ => out.push([code, code]),
        }
    }
    out
}

/// The widget list, the page limits and the check's constants as `web/src/generated/widgetTypes.json` holds them,
/// pretty-printed with a trailing newline so the checked-in file diffs cleanly.
pub fn export_widget_types_json() -> String {
    let export = WidgetTypesExport {
        max_widgets: MAX_WIDGETS,
        max_depth: MAX_DEPTH,
        max_document_bytes: MAX_DOCUMENT_BYTES,
        json_depth: check::JSON_DEPTH,
        min_canvas: MIN_CANVAS,
        max_canvas: MAX_CANVAS,
        fits: check::FITS,
        max_name_chars: super::MAX_NAME_CHARS,
        max_id_chars: super::MAX_ID_CHARS,
        max_template_name_chars: super::MAX_TEMPLATE_NAME_CHARS,
        default_width: DEFAULT_WIDTH,
        default_height: DEFAULT_HEIGHT,
        group: GROUP,
        line: LINE,
        bind_lists: check::BIND_LISTS,
        position_keys: check::POSITION_KEYS,
        size_keys: check::SIZE_KEYS,
        geometry: check::GEOMETRY,
        rotation: check::ROTATION,
        min_points: check::MIN_POINTS,
        opacity: check::OPACITY,
        paints: check::PAINTS,
        colour_digits: fields::COLOUR_DIGITS,
        actions: check::ACTIONS,
        targets: check::TARGETS,
        link_schemes: fields::LINK_SCHEMES,
        host_ends: fields::HOST_ENDS.iter().collect(),
        not_in_link: ranges(fields::refused_in_link),
        condition_animations: check::CONDITION_ANIMATIONS,
        colour_animations: check::COLOUR_ANIMATIONS,
        symbols: check::SYMBOLS,
        state_items: check::STATE_ITEMS,
        system_keys: check::SYSTEM_KEYS,
        image_bases: crate::image_url::CONSOLE_PAGES,
        map_zoom: super::map_model::MAP_ZOOM,
        latitude: super::map_model::LATITUDE,
        longitude: super::map_model::LONGITUDE,
        max_map_equipments: super::map_model::MAX_MAP_EQUIPMENTS,
        model_library_prefix: super::map_model::MODEL_LIBRARY_PREFIX,
        max_select_items: super::select_video::MAX_SELECT_ITEMS,
        max_select_text_chars: super::select_video::MAX_SELECT_TEXT_CHARS,
        stream_addresses: super::select_video::STREAM_ADDRESSES,
        max_stream_address_chars: super::select_video::MAX_STREAM_ADDRESS_CHARS,
        rtmp_schemes: super::select_video::RTMP_SCHEMES,
        max_serial_chars: super::select_video::MAX_SERIAL_CHARS,
        video_channel: super::select_video::VIDEO_CHANNEL,
        region_keys: super::weather::REGION_KEYS,
        max_weather_title_chars: super::weather::MAX_WEATHER_TITLE_CHARS,
        table_switches: super::table::TABLE_SWITCHES,
        dimension_types: super::table::DIMENSION_TYPES,
        time_units: super::table::TIME_UNITS,
        types: WIDGET_TYPES,
    };
    let mut text = serde_json::to_string_pretty(&export).expect("the widget list serialises");
    text.push('\n');
    text
}

//! Which camera a saved page's video widget shows: the viewer names the page and the widget, never the serial,
//! so a caller who may see a page gets the live address of exactly the cameras its designer put on it.
//!
//! A widget is EZVIZ video when it is a `ComplexVideo` whose `data.dataAddon.type` is a text other than ``
//! and `stream` (docs/page-document.md; the viewer reads the type alike, web/src/runtime/video.ts). Its
//! `serialNumber` (trimmed) names the device; its `channelNumber` the channel, 1 when it gives none usable.

use serde_json::Value;

/// An EZVIZ camera: a device and one of its channels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Camera {
    pub serial: String,
    pub channel: i64,
}

/// Why a widget gives no camera.
#[derive(Debug, PartialEq, Eq)]
pub enum NoCamera {
    /// No widget of that id, or not an EZVIZ video (1373).
    NotEzviz,
    /// An EZVIZ video without a serial number (1375).
    NoSerial,
}

/// The camera of widget `widget_id` in the document text `document` (group children included).
pub fn camera_of(document: &str, widget_id: &str) -> Result<Camera, NoCamera> {
    let document: Value = serde_json::from_str(document).map_err(|_| NoCamera::NotEzviz)?;
    let widget = find(&document, widget_id).ok_or(NoCamera::NotEzviz)?;
    if widget.get("widgetType").and_then(Value::as_str) != Some("ComplexVideo") {
        return Err(NoCamera::NotEzviz);
    }
    let addon = widget.pointer("/data/dataAddon").ok_or(NoCamera::NotEzviz)?;
    match addon.get("type").and_then(Value::as_str).map(str::trim) {
        Some(kind) if !kind.is_empty() && kind != "stream" => {}
        _ => return Err(NoCamera::NotEzviz),
    }
    let serial = addon.get("serialNumber").and_then(Value::as_str).map(str::trim).unwrap_or("");
    if serial.is_empty() {
        return Err(NoCamera::NoSerial);
    }
    let channel = addon
        .get("channelNumber")
        .and_then(Value::as_f64)
        .filter(|c| c.fract() == 0.0 && (1.0..=999.0).contains(c))
        .map_or(1, |c| c as i64);
    Ok(Camera { serial: serial.to_owned(), channel })
}

/// The widget of id `id` among the page's widgets and their groups' children (walked with a stack: a stored
/// document nests at most 8 deep, but nothing here relies on it).
fn find<'a>(document: &'a Value, id: &str) -> Option<&'a Value> {
    let mut stack: Vec<&Value> = document.get("widgets")?.as_array()?.iter().collect();
    while let Some(widget) = stack.pop() {
        if widget.get("id").and_then(Value::as_str) == Some(id) {
            return Some(widget);
        }
        if let Some(children) = widget.get("children").and_then(Value::as_array) {
            stack.extend(children);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"{"widgets":[
        {"id":"cam","widgetType":"ComplexVideo","data":{"dataAddon":{"type":"ezviz","serialNumber":" D123 ","channelNumber":3}}},
        {"id":"hls","widgetType":"ComplexVideo","data":{"dataAddon":{"type":"stream","hlsReserve":"/live/a.m3u8"}}},
        {"id":"bare","widgetType":"ComplexVideo","data":{"dataAddon":{"serialNumber":"D9"}}},
        {"id":"noserial","widgetType":"ComplexVideo","data":{"dataAddon":{"type":"ys7"}}},
        {"id":"text","widgetType":"UsualText","data":{"dataAddon":{"type":"ezviz","serialNumber":"D1"}}},
        {"id":"g","widgetType":"WidgetGroup","children":[
            {"id":"inner","widgetType":"ComplexVideo","data":{"dataAddon":{"type":"ezviz","serialNumber":"D7","channelNumber":1.5}}}]}]}"#;

    #[test]
    fn the_widget_names_its_camera_and_nothing_else_does() {
        assert_eq!(camera_of(PAGE, "cam"), Ok(Camera { serial: "D123".into(), channel: 3 }));
        assert_eq!(
            camera_of(PAGE, "inner"),
            Ok(Camera { serial: "D7".into(), channel: 1 }),
            "in a group; bad channel → 1"
        );
        for not_ezviz in ["hls", "bare", "text", "g", "missing", ""] {
            assert_eq!(camera_of(PAGE, not_ezviz), Err(NoCamera::NotEzviz), "{not_ezviz}");
        }
        assert_eq!(camera_of(PAGE, "noserial"), Err(NoCamera::NoSerial));
        assert_eq!(camera_of("not json", "cam"), Err(NoCamera::NotEzviz));
    }
}

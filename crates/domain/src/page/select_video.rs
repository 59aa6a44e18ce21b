//! The own settings of the drop-down select (`UsualSelect`, spec section 3: "UsualSelect has items (indexId, text,
//! clickEvent, pressDisabled) and selectDatas") and the video (`ComplexVideo`, spec section 3: "Video: dataAddon
//! type stream, PanTilt, serialNumber, channelNumber, flvReserve, hlsReserve, rtmpReserve"), docs/page-document.md.
//!
//! Checked because both reach beyond the page: every item of a select carries a click event the operator runs
//! (a write, a page, a link), so an item's event passes exactly the widget's click-event rule (a `javascript:`
//! link refused whatever the action); a video's stream addresses are fetched by every operator's browser, so they
//! are http(s) URLs or paths on the console (`/live/…`), never `javascript:`, `file:` or another host written
//! `//host`. The RTMP address is never fetched (browsers cannot play RTMP; the viewer names it and suggests an
//! HLS or FLV one), but it is still an `rtmp://` or `rtmps://` address, not anything at all. The browser mirrors
//! these rules (web/src/features/designer/model/check/selectVideo.ts) from the constants exported here; both pass
//! the shared cases.

use super::check::{Bounds, click_event_in};
use super::fields::*;
use crate::catalogue::Reason;
use serde_json::{Map, Value};

/// The most items one drop-down holds (a choice list, not a data table: past this an operator cannot find one).
pub const MAX_SELECT_ITEMS: usize = 50;
/// The longest item text, in characters.
pub const MAX_SELECT_TEXT_CHARS: usize = 100;
/// The longest stream address, in characters.
pub const MAX_STREAM_ADDRESS_CHARS: usize = 2048;
/// The longest EZVIZ device serial number, in characters.
pub const MAX_SERIAL_CHARS: usize = 64;
/// An EZVIZ channel number (a recorder's cameras count from 1).
pub(super) const VIDEO_CHANNEL: Bounds = Bounds { min: 1, max: 999 };
/// The addresses a video may play (`data.dataAddon`).
pub(super) const STREAM_ADDRESSES: [&str; 2] = ["hlsReserve", "flvReserve"];
/// How an RTMP address starts (ASCII case ignored).
pub(super) const RTMP_SCHEMES: [&str; 2] = ["rtmp://", "rtmps://"];

/// `UsualSelect`'s `data`: `items` a list of at most [`MAX_SELECT_ITEMS`] objects, each with a `text` of at most
/// [`MAX_SELECT_TEXT_CHARS`] characters and a `clickEvent` checked as a widget's is; `selectDatas` a list.
pub(super) fn select_settings(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    if let Some(items) = array(data, "items", "data")? {
        if items.len() > MAX_SELECT_ITEMS {
            return Err(at("data.items", Reason::TooMany { max: MAX_SELECT_ITEMS }));
        }
        for (i, item) in items.iter().enumerate() {
            let path = format!("data.items[{i}]");
            let item = item.as_object().ok_or_else(|| at(path.clone(), Reason::NotObject))?;
            if text(item, "text", &path)?.is_some_and(|t| t.chars().count() > MAX_SELECT_TEXT_CHARS) {
                return Err(at(join(&path, "text"), Reason::TooLong { max: MAX_SELECT_TEXT_CHARS }));
            }
            click_event_in(item, &path)?;
        }
    }
    array(data, "selectDatas", "data")?;
    Ok(())
}

/// `ComplexVideo`'s `data.dataAddon`: the HLS and FLV addresses blank or [`is_stream_address`], the RTMP address
/// blank or [`is_rtmp_address`], each at most [`MAX_STREAM_ADDRESS_CHARS`]; `type` a text; the serial number a
/// text of at most [`MAX_SERIAL_CHARS`]; the channel a whole number within [`VIDEO_CHANNEL`].
pub(super) fn video_settings(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    let Some(addon) = object(data, "dataAddon", "data")? else { return Ok(()) };
    let path = "data.dataAddon";
    text(addon, "type", path)?;
    for key in STREAM_ADDRESSES {
        address(addon, key, is_stream_address, Reason::NotStreamUrl)?;
    }
    address(addon, "rtmpReserve", is_rtmp_address, Reason::NotRtmpUrl)?;
    if text(addon, "serialNumber", path)?.is_some_and(|s| s.chars().count() > MAX_SERIAL_CHARS) {
        return Err(at(join(path, "serialNumber"), Reason::TooLong { max: MAX_SERIAL_CHARS }));
    }
    if let Some(channel) = number(addon, "channelNumber", path)? {
        let at_channel = || join(path, "channelNumber");
        if channel.fract() != 0.0 {
            return Err(at(at_channel(), Reason::NotInteger));
        }
        if !(VIDEO_CHANNEL.min as f64..=VIDEO_CHANNEL.max as f64).contains(&channel) {
            return Err(at(at_channel(), Reason::OutOfRange { min: VIDEO_CHANNEL.min, max: VIDEO_CHANNEL.max }));
        }
    }
    Ok(())
}

/// One address of `data.dataAddon` at `key`: a text, at most [`MAX_STREAM_ADDRESS_CHARS`], blank or `allowed`.
fn address(addon: &Map<String, Value>, key: &str, allowed: fn(&str) -> bool, refusal: Reason) -> Result<(), Reason> {
    let path = join("data.dataAddon", key);
    match text(addon, key, "data.dataAddon")? {
        Some(a) if a.chars().count() > MAX_STREAM_ADDRESS_CHARS => {
            Err(at(path, Reason::TooLong { max: MAX_STREAM_ADDRESS_CHARS }))
        }
        Some(a) if !a.is_empty() && !allowed(a) => Err(at(path, refusal)),
        _ => Ok(()),
    }
}

/// An address the viewer plays: an absolute http(s) URL (as links are checked), or a path on the console: `/`
/// then anything but a second `/` or a `\` (both would make the browser read another host), holding no white
/// space or control character.
pub fn is_stream_address(address: &str) -> bool {
    if is_http_url(address) {
        return true;
    }
    address
        .strip_prefix('/')
        .is_some_and(|rest| !rest.starts_with(['/', '\\']) && !address.chars().any(refused_in_link))
}

/// An `rtmp://` or `rtmps://` address with a host, holding no white space or control character.
pub fn is_rtmp_address(address: &str) -> bool {
    let lower = address.to_ascii_lowercase();
    let rest = RTMP_SCHEMES.iter().find_map(|scheme| lower.strip_prefix(scheme));
    rest.is_some_and(|rest| {
        let host = rest.split(HOST_ENDS).next().unwrap_or("");
        !host.is_empty() && !address.chars().any(refused_in_link)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_addresses_are_http_or_console_paths() {
        for ok in ["https://cam.example/live/s.m3u8", "HTTP://10.0.0.2:8080/a.flv", "/live/s.m3u8", "/"] {
            assert!(is_stream_address(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "//evil.example/s.m3u8",
            "/\\evil.example",
            "live/s.m3u8",
            "rtmp://h/a",
            "/a b",
            "https://",
        ] {
            assert!(!is_stream_address(bad), "{bad}");
        }
    }

    #[test]
    fn rtmp_addresses_name_a_host() {
        assert!(is_rtmp_address("rtmp://media.example/live/cam1"));
        assert!(is_rtmp_address("RTMPS://media.example:443/app"));
        for bad in ["rtmp://", "http://media.example/a", "rtmp://a b", "javascript:x"] {
            assert!(!is_rtmp_address(bad), "{bad}");
        }
    }
}

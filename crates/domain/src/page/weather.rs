//! The weather widget's own settings (`ComplexWeather`, spec section 3 "Weather: provinceId, cityId, countyId,
//! title"; docs/page-document.md), in `data.dataAddon`. The codes are GB/T 2260 division codes, six digits, or empty
//! (no place): the viewer sends the county's to the server's weather call, so a page cannot hold anything else
//! there. Whether a code names a real county is the weather call's answer (1261), not the page's: the division
//! table can change with a server release while pages stay. The browser mirrors these rules
//! (web/src/features/designer/model/check/weather.ts); both pass the shared cases.

use super::fields::*;
use crate::catalogue::Reason;
use serde_json::{Map, Value};

/// The place's codes, each 6 digits or empty.
pub(super) const REGION_KEYS: [&str; 3] = ["provinceId", "cityId", "countyId"];
/// The longest title.
pub(super) const MAX_WEATHER_TITLE_CHARS: usize = 60;

/// A GB/T 2260 code: six ASCII digits.
pub(super) fn is_region_code(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())
}

/// `ComplexWeather`'s `data.dataAddon`: each of [`REGION_KEYS`] text, empty or [`is_region_code`]; `title` text of
/// at most [`MAX_WEATHER_TITLE_CHARS`].
pub(super) fn weather_settings(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    let Some(addon) = object(data, "dataAddon", "data")? else { return Ok(()) };
    let path = "data.dataAddon";
    for key in REGION_KEYS {
        if let Some(code) = text(addon, key, path)?
            && !code.is_empty()
            && !is_region_code(code)
        {
            return Err(at(join(path, key), Reason::BadFormat));
        }
    }
    if text(addon, "title", path)?.is_some_and(|t| t.chars().count() > MAX_WEATHER_TITLE_CHARS) {
        return Err(at(join(path, "title"), Reason::TooLong { max: MAX_WEATHER_TITLE_CHARS }));
    }
    Ok(())
}

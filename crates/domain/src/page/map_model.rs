//! The own settings of two widget types that reach beyond the page (docs/page-document.md): the map
//! (`ComplexMap`, spec section 3 "Map: equipments, totalCount, equipProportion, zoom 12, centre latitude and
//! longitude, address, theme white") and the 3D model viewer (`UsualWebgl`).
//!
//! Checked because the viewer hands them to a map library and a model loader: a zoom Leaflet cannot draw, a centre
//! off the globe or a list of thousands of equipment ids would draw a broken or frozen widget for every operator,
//! and a model address is fetched by the operator's browser, so it must be http(s) or the organisation's own image
//! library (`/userimg/…`), never `javascript:`, `file:` or another scheme. The browser mirrors these rules
//! (web/src/features/designer/model/check/walk.ts) from the constants exported here; both pass the shared cases.
//!
//! Which equipment the map shows is not trusted from the document either: the viewer asks the server, which
//! answers only equipment the viewing account is granted, whatever ids the page lists.

use super::check::Bounds;
use super::fields::*;
use crate::catalogue::Reason;
use serde_json::{Map, Value};

/// The map's zoom: Leaflet's usual tile levels (the spec's default, 12, in the middle).
pub(super) const MAP_ZOOM: Bounds = Bounds { min: 1, max: 18 };
/// A centre's latitude and longitude, in degrees.
pub(super) const LATITUDE: Bounds = Bounds { min: -90, max: 90 };
pub(super) const LONGITUDE: Bounds = Bounds { min: -180, max: 180 };
/// The most equipment a map may list (each a marker the viewer draws; a plant's map, not a country's).
pub(super) const MAX_MAP_EQUIPMENTS: usize = 200;
/// Where the organisation's image library serves its files (and so its uploaded models).
pub(super) const MODEL_LIBRARY_PREFIX: &str = "/userimg/";

/// `ComplexMap`'s `data`: `zoom` a whole number within [`MAP_ZOOM`], `latitude` / `longitude` within bounds, and
/// `equipments` at most [`MAX_MAP_EQUIPMENTS`] objects each with a whole `equipmentId` and an optional text `title`.
pub(super) fn map_settings(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    if let Some(zoom) = number(data, "zoom", "data")? {
        if zoom.fract() != 0.0 {
            return Err(at("data.zoom", Reason::NotInteger));
        }
        within(zoom, MAP_ZOOM, "data.zoom")?;
    }
    if let Some(latitude) = number(data, "latitude", "data")? {
        within(latitude, LATITUDE, "data.latitude")?;
    }
    if let Some(longitude) = number(data, "longitude", "data")? {
        within(longitude, LONGITUDE, "data.longitude")?;
    }
    let Some(list) = array(data, "equipments", "data")? else { return Ok(()) };
    if list.len() > MAX_MAP_EQUIPMENTS {
        return Err(at("data.equipments", Reason::TooMany { max: MAX_MAP_EQUIPMENTS }));
    }
    for (i, entry) in list.iter().enumerate() {
        let path = format!("data.equipments[{i}]");
        let entry = entry.as_object().ok_or_else(|| at(path.clone(), Reason::NotObject))?;
        let id =
            number(entry, "equipmentId", &path)?.ok_or_else(|| at(join(&path, "equipmentId"), Reason::Required))?;
        if id.fract() != 0.0 {
            return Err(at(join(&path, "equipmentId"), Reason::NotInteger));
        }
        text(entry, "title", &path)?;
    }
    Ok(())
}

/// `UsualWebgl`'s `data.dataAddon.modelUrl`: blank (no model) or an address [`is_model_url`] accepts.
pub(super) fn model_settings(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    let Some(addon) = object(data, "dataAddon", "data")? else { return Ok(()) };
    match text(addon, "modelUrl", "data.dataAddon")? {
        Some(address) if !address.is_empty() && !is_model_url(address) => {
            Err(at("data.dataAddon.modelUrl", Reason::NotModelUrl))
        }
        _ => Ok(()),
    }
}

/// An absolute http(s) URL (as links are checked), or a file of the image library: [`MODEL_LIBRARY_PREFIX`] then
/// a name of letters, digits, `-`, `_`, `.` and `/` holding no `..` (the library's stored names are random ones
/// of that kind), so the address stays inside the library.
pub(super) fn is_model_url(address: &str) -> bool {
    if is_http_url(address) {
        return true;
    }
    address.strip_prefix(MODEL_LIBRARY_PREFIX).is_some_and(|name| {
        !name.is_empty()
            && !name.contains("..")
            && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
    })
}

fn within(value: f64, bounds: Bounds, path: &str) -> Result<(), Reason> {
    if bounds.holds(value) { Ok(()) } else { Err(at(path, bounds.refusal())) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_addresses_are_http_or_the_library() {
        assert!(is_model_url("https://cdn.example.com/pump.glb"));
        assert!(is_model_url("HTTP://plant.local/m/pump.gltf?v=2"));
        assert!(is_model_url("/userimg/ab12_cd.glb"));
        assert!(!is_model_url("/userimg/"));
        assert!(!is_model_url("/userimg/../api/secret"));
        assert!(!is_model_url("/userimg/a b.glb"));
        assert!(!is_model_url("javascript:alert(1)"));
        assert!(!is_model_url("file:///c/pump.glb"));
        assert!(!is_model_url("pump.glb"));
        assert!(!is_model_url("//evil.example/pump.glb"));
    }
}

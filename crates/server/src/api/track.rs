//! Track playback (docs/track.md): an equipment's path over a time range, from the stored history of its latitude
//! and longitude signals, paired by time and thinned on the server to at most [`TRACK_POINTS`] so a month of
//! one-second positions still draws and plays at once in the browser.

use crate::AppState;
use crate::answers::history::TrackAnswer;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Code;
use ironsight_domain::limits::HISTORY_RANGE_DAYS;
use ironsight_domain::track::{TRACK_POINTS, TRACK_READINGS, location_signals, pair_by_time, simplify};

/// `POST /lfscada/monitor/multi/track/query {equipmentId, startTime, endTime}`: the range rules are history's
/// (end not before start, at most 30 days); 1340 when the equipment has no position signals, 1341 when the range
/// holds more readings than one query reads.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let equipment_id = params.required_int("equipmentId")?;
    let (start, end) = params.time_range(HISTORY_RANGE_DAYS)?;
    let signals = state
        .store
        .signals(&current.viewer(), equipment_id)
        .await?
        .ok_or_else(|| ApiError::code(Code::EquipmentNotFound))?;
    let (lat, lng) = location_signals(signals.iter().map(|s| s.name.as_str()))
        .ok_or_else(|| ApiError::code(Code::TrackNoLocation))?;
    let (lat_id, lng_id) = (signals[lat].id, signals[lng].id);
    let latitudes = readings(&state, lat_id, start, end).await?;
    let longitudes = readings(&state, lng_id, start, end).await?;
    let path = pair_by_time(&latitudes, &longitudes);
    let total = path.len();
    let points = simplify(&path, TRACK_POINTS);
    let simplified = points.len() < total;
    Ok(ApiOk::serialised(&TrackAnswer {
        latitude_signal_id: lat_id,
        longitude_signal_id: lng_id,
        points,
        total,
        simplified,
    })?)
}

/// The good readings with a value of one signal in `[start, end]`, oldest first; 1341 beyond [`TRACK_READINGS`].
async fn readings(state: &AppState, signal_id: i64, start: i64, end: i64) -> Result<Vec<(i64, f64)>, ApiError> {
    if state.store.history_count(signal_id, start, end).await? > TRACK_READINGS {
        return Err(ApiError::Business(Code::TrackTooManyReadings, vec![("max", TRACK_READINGS.to_string())]));
    }
    // The database builds the JSON text (see `history_points_json`): far faster than a row at a time.
    let text = state.store.history_points_json(signal_id, start, end, TRACK_READINGS).await?;
    let rows: Vec<(i64, Option<f64>, bool)> = serde_json::from_str(&text).map_err(anyhow::Error::from)?;
    Ok(rows.into_iter().filter_map(|(t, v, good)| v.filter(|_| good).map(|v| (t, v))).collect())
}

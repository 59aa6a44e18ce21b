//! The weather widget's calls (paths ours; the spec names none). Any signed-in user of any organisation may ask:
//! the weather of a place is public data, and the places are a fixed national table. The server asks the
//! configured provider (crate::weather), so the browser never calls a third party.

use crate::AppState;
use crate::answers::weather::{WeatherReport, region_tree};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use crate::weather::WeatherError;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use ironsight_domain::Code;

/// `GET /lfscada/weather/regions` → `[{code, name, children}]`: provinces, their cities, their counties. The
/// table changes only with the server, so the browser may keep it a day. It takes no parameters, but reads the
/// request as every call does (`Params`): a body sent anyway is read or refused by its limit, never left half-sent
/// on a connection the server closes.
pub async fn regions(_current: CurrentUser, _params: Params) -> ApiResult {
    Ok(ApiOk::new(region_tree()).header(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=86400")))
}

/// `GET /lfscada/weather/query {countyId}` → the county's weather; 1270 not configured, 1271 unknown county,
/// 1272 provider down or unreadable, 1273 too many upstream calls this minute.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let county_id = params.required_text("countyId")?;
    let county_id = county_id.trim();
    match state.weather.report(current.user.id, county_id).await {
        Ok(report) => Ok(ApiOk::new(WeatherReport::from(report.as_ref()))),
        Err(WeatherError::NotConfigured) => Err(ApiError::code(Code::WeatherNotConfigured)),
        Err(WeatherError::UnknownPlace) => Err(ApiError::code(Code::WeatherPlaceUnknown)),
        Err(WeatherError::Throttled) => Err(ApiError::code(Code::WeatherThrottled)),
        Err(WeatherError::Unavailable(why)) => {
            tracing::warn!(county = county_id, "weather: {why}");
            Err(ApiError::code(Code::WeatherUnavailable))
        }
    }
}

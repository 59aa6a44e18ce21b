//! The weather of a Chinese county for the pages' weather widgets: the county's position from the geocoding
//! service, then the forecast service's current weather and three days (Open-Meteo protocols, [`provider`]),
//! behind the server so the browser never calls a third party and every caller shares one cache.
//!
//! - A county's weather is kept 10 minutes ([`FRESH_FOR`]); at most [`CACHE_ENTRIES`] counties are kept, the
//!   oldest dropped first, so no caller can grow the server's memory. Concurrent queries of one county wait for the
//!   one upstream call (a per-county cell). Positions are kept for good: at most one per county of the table.
//! - A user may make at most [`CALLS_PER_MINUTE`] upstream calls a minute (cache hits are free), so one page
//!   cannot turn the server into a client hammering the provider.
//! - The provider gets [`TIMEOUT`] per call and at most [`MAX_BODY`] bytes are read from it; an error, a timeout,
//!   a redirect or bytes that are not the protocol are 1272, never a 500.

pub mod provider;
pub mod regions;

use crate::upstream::{MinuteBudget, bounded_body, read_failure};
use provider::{BadAnswer, Day, Now, Position};
use regions::{Place, Regions};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

/// How long a county's weather is answered from the cache.
pub const FRESH_FOR: Duration = Duration::from_secs(10 * 60);
/// Counties whose weather is kept.
pub const CACHE_ENTRIES: usize = 512;
/// Upstream calls (forecast or geocoding) one user may cause a minute.
pub const CALLS_PER_MINUTE: u32 = 30;
/// Time allowed for one upstream call, connection included.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// The most read of one upstream answer (a forecast of three days is about 1 KiB).
pub const MAX_BODY: usize = 256 * 1024;

/// Why the weather could not be answered.
#[derive(Debug, PartialEq)]
pub enum WeatherError {
    /// No weather URL is configured (1270).
    NotConfigured,
    /// The county code is not in the table (1271).
    UnknownPlace,
    /// The provider failed or answered nonsense (1272); the text is for the server's log.
    Unavailable(String),
    /// The caller made too many upstream calls this minute (1273).
    Throttled,
}

impl From<BadAnswer> for WeatherError {
    fn from(bad: BadAnswer) -> WeatherError {
        WeatherError::Unavailable(bad.0)
    }
}

/// One county's weather, as fetched.
#[derive(Clone, Debug)]
pub struct Report {
    pub place: Place,
    pub now: Now,
    pub days: Vec<Day>,
    /// When it was fetched (ms since the epoch).
    pub fetched_ms: i64,
}

/// A cache entry: made when a county is first asked for (or its weather went stale), filled by one fetch.
struct Slot {
    created: Instant,
    report: OnceCell<Arc<Report>>,
}

/// The service, shared by every handler through `AppState`.
pub struct Weather {
    client: reqwest::Client,
    forecast_base: Option<String>,
    geocoding_base: Option<String>,
    cache: Mutex<HashMap<String, Arc<Slot>>>,
    positions: Mutex<HashMap<String, Position>>,
    /// Upstream calls per user and minute.
    budget: MinuteBudget,
}

impl Weather {
    pub fn new(forecast_base: Option<String>, geocoding_base: Option<String>) -> Weather {
        let client = crate::upstream::client(TIMEOUT);
        Weather {
            client,
            forecast_base,
            geocoding_base,
            cache: Mutex::new(HashMap::new()),
            positions: Mutex::new(HashMap::new()),
            budget: MinuteBudget::new(CALLS_PER_MINUTE),
        }
    }

    /// The weather of county `county_id` for user `user_id`: from the cache while fresh, else fetched once.
    pub async fn report(&self, user_id: i64, county_id: &str) -> Result<Arc<Report>, WeatherError> {
        let forecast_base = self.forecast_base.as_deref().ok_or(WeatherError::NotConfigured)?;
        let place = Regions::get().place(county_id).ok_or(WeatherError::UnknownPlace)?;
        let slot = self.slot(county_id);
        let report = slot
            .report
            .get_or_try_init(|| async {
                let position = self.position(user_id, &place).await?;
                self.spend(user_id)?;
                let bytes = self.fetch(&provider::forecast_url(forecast_base, position)).await?;
                let (now, days) = provider::forecast(&bytes)?;
                Ok::<_, WeatherError>(Arc::new(Report { place, now, days, fetched_ms: now_ms() }))
            })
            .await?;
        Ok(report.clone())
    }

    /// The county's cache slot: the fresh one, or a new one in place of a stale one (the oldest slots dropped
    /// when the cache is full).
    fn slot(&self, county_id: &str) -> Arc<Slot> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = cache.get(county_id).filter(|s| s.created.elapsed() < FRESH_FOR) {
            return slot.clone();
        }
        cache.retain(|_, s| s.created.elapsed() < FRESH_FOR);
        while cache.len() >= CACHE_ENTRIES {
            let Some(oldest) = cache.iter().min_by_key(|(_, s)| s.created).map(|(k, _)| k.clone()) else { break };
            cache.remove(&oldest);
        }
        let slot = Arc::new(Slot { created: Instant::now(), report: OnceCell::new() });
        cache.insert(county_id.to_owned(), slot.clone());
        slot
    }

    /// The county seat's position: kept, or asked of the geocoding service.
    async fn position(&self, user_id: i64, place: &Place) -> Result<Position, WeatherError> {
        if let Some(known) = self.positions.lock().unwrap_or_else(|e| e.into_inner()).get(&place.county_id) {
            return Ok(*known);
        }
        let base =
            self.geocoding_base.as_deref().or(self.forecast_base.as_deref()).ok_or(WeatherError::NotConfigured)?;
        self.spend(user_id)?;
        let bytes = self.fetch(&provider::search_url(base, &place.county)).await?;
        let position = provider::locate(&bytes, place)?.ok_or_else(|| {
            WeatherError::Unavailable(format!(
                "the geocoding service does not know {} in {}",
                place.county, place.province
            ))
        })?;
        self.positions.lock().unwrap_or_else(|e| e.into_inner()).insert(place.county_id.clone(), position);
        Ok(position)
    }

    /// Counts one upstream call against the user's minute; refuses past [`CALLS_PER_MINUTE`].
    fn spend(&self, user_id: i64) -> Result<(), WeatherError> {
        if self.budget.spend(user_id) { Ok(()) } else { Err(WeatherError::Throttled) }
    }

    /// GETs `url`: a success status and at most [`MAX_BODY`] bytes, else 1272.
    async fn fetch(&self, url: &str) -> Result<Vec<u8>, WeatherError> {
        const SERVICE: &str = "weather service";
        let response =
            self.client.get(url).send().await.map_err(|e| WeatherError::Unavailable(read_failure(SERVICE, e)))?;
        bounded_body(SERVICE, response, MAX_BODY).await.map_err(WeatherError::Unavailable)
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn not_configured_and_unknown_places_are_refused_without_a_call() {
        let weather = Weather::new(None, None);
        assert_eq!(weather.report(1, "110108").await.unwrap_err(), WeatherError::NotConfigured);
        let weather = Weather::new(Some("http://127.0.0.1:9".into()), None);
        assert_eq!(weather.report(1, "999999").await.unwrap_err(), WeatherError::UnknownPlace);
        assert_eq!(weather.report(1, "../x").await.unwrap_err(), WeatherError::UnknownPlace);
    }

    #[test]
    fn the_cache_stays_bounded_and_each_user_has_a_budget() {
        let weather = Weather::new(Some("http://127.0.0.1:9".into()), None);
        for i in 0..CACHE_ENTRIES + 50 {
            weather.slot(&format!("{i:06}"));
        }
        assert_eq!(weather.cache.lock().unwrap().len(), CACHE_ENTRIES);
        let first = weather.slot("000600");
        assert!(Arc::ptr_eq(&first, &weather.slot("000600")), "a fresh slot is shared");
        for _ in 0..CALLS_PER_MINUTE {
            weather.spend(7).unwrap();
        }
        assert_eq!(weather.spend(7), Err(WeatherError::Throttled));
        assert_eq!(weather.spend(8), Ok(()), "another user has its own budget");
    }
}

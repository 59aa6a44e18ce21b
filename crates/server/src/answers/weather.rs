//! The weather widget's calls: the place picker's tree and a county's weather.

use crate::weather::{Report, regions::Regions};
use serde::Serialize;
use ts_rs::TS;

/// A division of the place picker: its GB/T 2260 code and name, and the divisions under it (none for a county).
#[derive(Clone, Debug, Serialize, TS)]
pub struct Region {
    pub code: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub children: Option<Vec<Region>>,
}

/// `/lfscada/weather/regions`: every province with its cities and their counties.
pub fn region_tree() -> Vec<Region> {
    let leaf = |code: &str, name: &str, children: Option<Vec<Region>>| Region {
        code: code.to_owned(),
        name: name.to_owned(),
        children,
    };
    Regions::get()
        .tree()
        .map(|(province, cities)| {
            let cities = cities
                .map(|(city, counties)| {
                    leaf(city.code, city.name, Some(counties.map(|c| leaf(c.code, c.name, None)).collect()))
                })
                .collect();
            leaf(province.code, province.name, Some(cities))
        })
        .collect()
}

/// Where the weather is for: codes and names.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WeatherPlace {
    pub province_id: String,
    pub province: String,
    pub city_id: String,
    pub city: String,
    pub county_id: String,
    pub county: String,
}

/// The weather now.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WeatherNow {
    /// °C.
    pub temperature: f64,
    /// Relative humidity, %.
    pub humidity: f64,
    /// Wind speed at 10 m, km/h.
    pub wind_speed: f64,
    /// WMO weather code, 0 to 99.
    pub code: u8,
}

/// One day of the forecast; null where the service gave nothing.
#[derive(Clone, Debug, Serialize, TS)]
pub struct WeatherDay {
    /// `YYYY-MM-DD`, the place's date.
    pub date: String,
    pub code: Option<u8>,
    /// °C.
    pub min: Option<f64>,
    /// °C.
    pub max: Option<f64>,
}

/// `/lfscada/weather/query`: a county's weather, as fetched at most 10 minutes ago.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WeatherReport {
    pub place: WeatherPlace,
    pub current: WeatherNow,
    /// Today and the next days (up to 3).
    pub daily: Vec<WeatherDay>,
    /// When the server fetched it (ms since the epoch).
    pub fetched_ms: i64,
}

impl From<&Report> for WeatherReport {
    fn from(report: &Report) -> WeatherReport {
        let p = &report.place;
        WeatherReport {
            place: WeatherPlace {
                province_id: p.province_id.clone(),
                province: p.province.clone(),
                city_id: p.city_id.clone(),
                city: p.city.clone(),
                county_id: p.county_id.clone(),
                county: p.county.clone(),
            },
            current: WeatherNow {
                temperature: report.now.temperature,
                humidity: report.now.humidity,
                wind_speed: report.now.wind_speed,
                code: report.now.code,
            },
            daily: report
                .days
                .iter()
                .map(|d| WeatherDay { date: d.date.clone(), code: d.code, min: d.min, max: d.max })
                .collect(),
            fetched_ms: report.fetched_ms,
        }
    }
}

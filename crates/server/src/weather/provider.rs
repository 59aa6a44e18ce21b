//! The Open-Meteo protocols the weather call speaks: geocoding (`GET {base}/v1/search?name=…&language=zh&count=10`)
//! to locate a county, and the forecast (`GET {base}/v1/forecast?latitude=…&longitude=…&current=…&daily=…`). Pure
//! functions from the provider's bytes to our values: whatever those bytes are, the result is a value or a
//! [`BadAnswer`], never a panic.

use super::regions::Place;
use serde::Deserialize;

/// What the provider answered could not be read as the protocol says.
#[derive(Debug, PartialEq)]
pub struct BadAnswer(pub String);

/// A county seat's position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    pub latitude: f64,
    pub longitude: f64,
}

/// The geocoding query for `place`: the county's name, as the service knows Chinese names.
pub fn search_url(base: &str, name: &str) -> String {
    let name = percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC);
    format!("{base}/v1/search?name={name}&language=zh&count=10&format=json")
}

/// The forecast query: the current weather and three days.
pub fn forecast_url(base: &str, at: Position) -> String {
    format!(
        "{base}/v1/forecast?latitude={:.4}&longitude={:.4}&current=temperature_2m,relative_humidity_2m,weather_code,\
         wind_speed_10m&daily=weather_code,temperature_2m_max,temperature_2m_min&timezone=auto&forecast_days=3",
        at.latitude, at.longitude
    )
}

#[derive(Deserialize)]
struct SearchAnswer {
    #[serde(default)]
    results: Vec<SearchResult>,
}

#[derive(Deserialize)]
struct SearchResult {
    latitude: f64,
    longitude: f64,
    #[serde(default)]
    country_code: Option<String>,
    #[serde(default)]
    admin1: Option<String>,
    #[serde(default)]
    admin2: Option<String>,
}

/// The first two characters of a division's name: enough to tell China's provinces apart (河北省/河北, 内蒙古自治区/
/// 内蒙古), whatever suffix a service writes.
fn stem(name: &str) -> String {
    name.trim().chars().take(2).collect()
}

/// The county's position among the geocoding results: a result in China, in the county's province, and in its
/// city when one is (朝阳区 is in Beijing and in Changchun). `Ok(None)` when no result is in the province.
pub fn locate(bytes: &[u8], place: &Place) -> Result<Option<Position>, BadAnswer> {
    let answer: SearchAnswer =
        serde_json::from_slice(bytes).map_err(|e| BadAnswer(format!("geocoding answer: {e}")))?;
    let province = stem(&place.province);
    let city = stem(&place.city);
    let in_province: Vec<&SearchResult> = answer
        .results
        .iter()
        .filter(|r| r.country_code.as_deref().is_none_or(|c| c.eq_ignore_ascii_case("CN")))
        .filter(|r| r.admin1.as_deref().is_some_and(|a| stem(a) == province))
        .filter(|r| (-90.0..=90.0).contains(&r.latitude) && (-180.0..=180.0).contains(&r.longitude))
        .collect();
    let best = in_province
        .iter()
        .find(|r| r.admin2.as_deref().is_some_and(|a| stem(a) == city))
        .or_else(|| in_province.first());
    Ok(best.map(|r| Position { latitude: r.latitude, longitude: r.longitude }))
}

#[derive(Deserialize)]
struct ForecastAnswer {
    current: Current,
    daily: Daily,
}

#[derive(Deserialize)]
struct Current {
    temperature_2m: f64,
    relative_humidity_2m: f64,
    weather_code: f64,
    wind_speed_10m: f64,
}

#[derive(Deserialize)]
struct Daily {
    time: Vec<String>,
    weather_code: Vec<Option<f64>>,
    temperature_2m_max: Vec<Option<f64>>,
    temperature_2m_min: Vec<Option<f64>>,
}

/// The weather now, as read from the forecast.
#[derive(Clone, Debug, PartialEq)]
pub struct Now {
    /// °C.
    pub temperature: f64,
    /// %.
    pub humidity: f64,
    /// km/h (the service's default unit).
    pub wind_speed: f64,
    /// WMO weather code (0 to 99).
    pub code: u8,
}

/// One day of the forecast; a value the service left out is `None`.
#[derive(Clone, Debug, PartialEq)]
pub struct Day {
    /// `YYYY-MM-DD`, the place's date.
    pub date: String,
    pub code: Option<u8>,
    pub min: Option<f64>,
    pub max: Option<f64>,
}

/// A WMO code as the protocol gives it (a number, 0 to 99).
fn wmo(code: f64) -> Option<u8> {
    (code.fract() == 0.0 && (0.0..=99.0).contains(&code)).then_some(code as u8)
}

/// A reading within what the earth shows, or `None` (an absurd value is not drawn as if it were weather).
fn plausible(value: f64, min: f64, max: f64) -> Option<f64> {
    (value.is_finite() && (min..=max).contains(&value)).then_some(value)
}

/// The current weather and at most three days from a forecast answer.
pub fn forecast(bytes: &[u8]) -> Result<(Now, Vec<Day>), BadAnswer> {
    let answer: ForecastAnswer =
        serde_json::from_slice(bytes).map_err(|e| BadAnswer(format!("forecast answer: {e}")))?;
    let c = answer.current;
    let bad = |what: &str| BadAnswer(format!("forecast answer: {what} out of range"));
    let now = Now {
        temperature: plausible(c.temperature_2m, -100.0, 70.0).ok_or_else(|| bad("temperature"))?,
        humidity: plausible(c.relative_humidity_2m, 0.0, 100.0).ok_or_else(|| bad("humidity"))?,
        wind_speed: plausible(c.wind_speed_10m, 0.0, 500.0).ok_or_else(|| bad("wind speed"))?,
        code: wmo(c.weather_code).ok_or_else(|| bad("weather code"))?,
    };
    let d = answer.daily;
    let days = d
        .time
        .iter()
        .take(3)
        .enumerate()
        .map(|(i, date)| {
            let valid_date = date.len() == 10 && date.bytes().all(|b| b.is_ascii_digit() || b == b'-');
            if !valid_date {
                return Err(bad("date"));
            }
            let at = |list: &Vec<Option<f64>>| list.get(i).copied().flatten();
            Ok(Day {
                date: date.clone(),
                code: at(&d.weather_code).and_then(wmo),
                min: at(&d.temperature_2m_min).and_then(|v| plausible(v, -100.0, 70.0)),
                max: at(&d.temperature_2m_max).and_then(|v| plausible(v, -100.0, 70.0)),
            })
        })
        .collect::<Result<Vec<Day>, BadAnswer>>()?;
    Ok((now, days))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weather::regions::Regions;

    #[test]
    fn the_county_is_found_in_its_province_and_city() {
        let changchun_chaoyang = Regions::get().place("220104").unwrap();
        assert_eq!(changchun_chaoyang.county, "朝阳区");
        let answer = r#"{"results":[
            {"latitude":39.92,"longitude":116.44,"country_code":"CN","admin1":"北京市","admin2":"北京市"},
            {"latitude":43.83,"longitude":125.31,"country_code":"CN","admin1":"吉林省","admin2":"长春市"}]}"#
            .as_bytes();
        assert_eq!(locate(answer, &changchun_chaoyang), Ok(Some(Position { latitude: 43.83, longitude: 125.31 })));
        let elsewhere =
            r#"{"results":[{"latitude":1,"longitude":2,"country_code":"CN","admin1":"广东省"}]}"#.as_bytes();
        assert_eq!(locate(elsewhere, &changchun_chaoyang), Ok(None));
        assert_eq!(locate(b"{}", &changchun_chaoyang), Ok(None), "no results at all");
        assert!(locate(b"<html>", &changchun_chaoyang).is_err());
    }

    #[test]
    fn a_forecast_is_read_and_nonsense_refused() {
        let good =
            br#"{"current":{"temperature_2m":21.5,"relative_humidity_2m":40,"weather_code":3,"wind_speed_10m":9.4},
            "daily":{"time":["2026-11-26","2026-11-27","2026-11-28"],"weather_code":[3,61,null],
            "temperature_2m_max":[22.1,18,15],"temperature_2m_min":[10,9.5,null]}}"#;
        let (now, days) = forecast(good).unwrap();
        assert_eq!(now, Now { temperature: 21.5, humidity: 40.0, wind_speed: 9.4, code: 3 });
        assert_eq!(days.len(), 3);
        assert_eq!(days[1], Day { date: "2026-11-27".into(), code: Some(61), min: Some(9.5), max: Some(18.0) });
        assert_eq!((days[2].code, days[2].min), (None, None));
        for bad in [
            &b"garbage"[..],
            br#"{"current":{}}"#,
            br#"{"current":{"temperature_2m":1e9,"relative_humidity_2m":40,"weather_code":3,"wind_speed_10m":1},"daily":{"time":[],"weather_code":[],"temperature_2m_max":[],"temperature_2m_min":[]}}"#,
            br#"{"current":{"temperature_2m":1,"relative_humidity_2m":40,"weather_code":3.5,"wind_speed_10m":1},"daily":{"time":[],"weather_code":[],"temperature_2m_max":[],"temperature_2m_min":[]}}"#,
            br#"{"current":{"temperature_2m":1,"relative_humidity_2m":40,"weather_code":3,"wind_speed_10m":1},"daily":{"time":["<script>"],"weather_code":[],"temperature_2m_max":[],"temperature_2m_min":[]}}"#,
        ] {
            assert!(forecast(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn urls_follow_the_protocol() {
        assert_eq!(
            search_url("http://h", "海淀区"),
            "http://h/v1/search?name=%E6%B5%B7%E6%B7%80%E5%8C%BA&language=zh&count=10&format=json"
        );
        let url = forecast_url("http://h", Position { latitude: 39.96, longitude: 116.3 });
        assert!(url.starts_with("http://h/v1/forecast?latitude=39.9600&longitude=116.3000&current="), "{url}");
        assert!(url.ends_with("&timezone=auto&forecast_days=3"), "{url}");
    }
}

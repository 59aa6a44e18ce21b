//! Values of adopted devices' metrics become readings of their signals, handed to the same path as a gateway's
//! ([`crate::link::ingest::accept`]: latest values, alarms, live frames, the history writer), so a GM equipment's
//! history, alarms and live values are an EG equipment's.
//!
//! A reading's time is the metric's timestamp, else the payload's, else the arrival (the session resolves that);
//! one dated more than the tolerance ahead of the server's clock is stored at arrival, as a gateway's is. A null
//! value, a bad or stale quality and a value that is not a finite number are bad readings; a text value is not a
//! reading at all (counted). Births carry values too, and store them like data.

use super::directory::{DeviceRoutes, Source};
use crate::link::Link;
use crate::link::ingest::{accept, arrival_time};
use ironsight_sparkplug::properties::Quality;
use ironsight_sparkplug::session::{BirthMetric, MetricUpdate, Sample};
use ironsight_store::readings::StoredReading;

/// One value as the session delivered it.
struct Value<'a> {
    name: &'a str,
    timestamp: u64,
    sample: &'a Sample,
    quality: Option<Quality>,
}

/// The values of a birth (metrics whose value could not be read have none).
pub async fn births(link: &Link, source: Source, device: Option<&str>, metrics: &[BirthMetric], now: i64) {
    let values = metrics.iter().filter_map(|m| {
        let sample = m.value.as_ref()?;
        Some(Value { name: &m.name, timestamp: m.timestamp, sample, quality: m.props.quality })
    });
    store(link, source, device, values, now).await;
}

/// The values of an NDATA or DDATA.
pub async fn data(link: &Link, source: Source, device: Option<&str>, updates: &[MetricUpdate], now: i64) {
    let values =
        updates.iter().map(|u| Value { name: &u.name, timestamp: u.timestamp, sample: &u.value, quality: u.quality });
    store(link, source, device, values, now).await;
}

async fn store<'a>(
    link: &Link,
    source: Source,
    device: Option<&str>,
    values: impl Iterator<Item = Value<'a>>,
    now: i64,
) {
    let Some(routes) = link.inner.sparkplug.directory.routes(source.id, device.unwrap_or_default()) else {
        return; // not adopted
    };
    let (rows, counts) = readings(&routes, values, now);
    if counts.future > 0 || counts.not_numeric > 0 {
        link.inner.gm_stats.count(source.id, |s| {
            s.future += counts.future;
            s.not_numeric += counts.not_numeric;
        });
    }
    if counts.future > 0 {
        tracing::warn!(
            source = source.id,
            future = counts.future,
            "values dated ahead of the server's clock stored at arrival"
        );
    }
    if !rows.is_empty() {
        accept(link, rows, None).await;
    }
}

/// What [`readings`] could not take as it was.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    future: u64,
    not_numeric: u64,
}

/// The readings of the values that feed a signal.
fn readings<'a>(
    routes: &DeviceRoutes,
    values: impl Iterator<Item = Value<'a>>,
    now: i64,
) -> (Vec<StoredReading>, Counts) {
    let mut counts = Counts::default();
    let mut rows = Vec::new();
    for value in values {
        let Some(route) = routes.get(value.name) else { continue };
        let v = match value.sample {
            Sample::Null => None,
            Sample::Value(v) => match v.as_f64() {
                Some(number) => Some(number),
                None => {
                    counts.not_numeric += 1;
                    continue;
                }
            },
        };
        let v = v.filter(|v| v.is_finite());
        let (t, ahead) = arrival_time(i64::try_from(value.timestamp).unwrap_or(i64::MAX), now);
        counts.future += u64::from(ahead.is_some());
        let trusted = !matches!(value.quality, Some(Quality::Bad | Quality::Stale));
        rows.push(StoredReading {
            signal_id: route.signal_id,
            equipment_id: route.equipment_id,
            t,
            v,
            good: v.is_some() && trusted,
            error_code: None,
        });
    }
    (rows, counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::sparkplug::directory::Route;
    use ironsight_sparkplug::MetricValue;

    #[test]
    fn values_of_routed_metrics_become_readings_bad_when_null_stale_or_not_finite() {
        let routes: DeviceRoutes =
            [("P", Route { signal_id: 7, equipment_id: 3 })].into_iter().map(|(k, r)| (k.to_owned(), r)).collect();
        let now = 1_800_000_000_000i64;
        let (good, nan, null, text) = (
            Sample::Value(MetricValue::Double(2.5)),
            Sample::Value(MetricValue::Float(f32::NAN)),
            Sample::Null,
            Sample::Value(MetricValue::String("x".into())),
        );
        let t = (now - 1_000) as u64;
        let values = [
            Value { name: "P", timestamp: t, sample: &good, quality: None },
            Value { name: "P", timestamp: t + 1, sample: &good, quality: Some(Quality::Stale) },
            Value { name: "P", timestamp: t + 2, sample: &nan, quality: None },
            Value { name: "P", timestamp: t + 3, sample: &null, quality: None },
            Value { name: "P", timestamp: t + 4, sample: &text, quality: None },
            Value { name: "other", timestamp: t, sample: &good, quality: None },
            Value { name: "P", timestamp: u64::MAX, sample: &good, quality: None },
        ];
        let (rows, counts) = readings(&routes, values.into_iter(), now);
        let got: Vec<(i64, Option<f64>, bool)> = rows.iter().map(|r| (r.t, r.v, r.good)).collect();
        let t = t as i64;
        assert_eq!(
            got,
            [
                (t, Some(2.5), true),
                (t + 1, Some(2.5), false),
                (t + 2, None, false),
                (t + 3, None, false),
                (now, Some(2.5), true)
            ]
        );
        assert!(rows.iter().all(|r| (r.signal_id, r.equipment_id) == (7, 3)));
        assert_eq!(counts, Counts { future: 1, not_numeric: 1 });
    }
}

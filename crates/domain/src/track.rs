//! Track playback (docs/track.md): which signals of an equipment carry its position, how their stored readings
//! become one path, and how a long path is thinned on the server so the browser draws and plays it fast.
//!
//! A gateway reports latitude and longitude as two signals, each by exception, so their readings rarely share a
//! timestamp: the path takes a point at every time either changes, with the latest value of the other. A path of
//! hundreds of thousands of points is then reduced to at most [`TRACK_POINTS`] by Visvalingam–Whyatt (repeatedly
//! dropping the point that spans the smallest triangle with its neighbours): unlike a distance tolerance, it
//! meets a point budget exactly in O(n log n), keeps the first and last point and never reorders time.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Most points one track answer holds (the rest are thinned away, first and last kept).
pub const TRACK_POINTS: usize = 2_000;
/// Most stored readings of one position signal a track query reads; a longer range is refused (1341) so a
/// query never holds an unbounded amount of history in memory.
pub const TRACK_READINGS: i64 = 1_000_000;

/// One point of a path.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, ts_rs::TS)]
pub struct TrackPoint {
    /// ms since the epoch.
    pub t: i64,
    pub lat: f64,
    pub lng: f64,
}

/// Which role a signal's name gives it: a signal carries the latitude when its name is `lat` or holds
/// `latitude` or `纬度` (any case); the longitude when `lng`, `lon`, or holding `longitude` or `经度`.
/// Why names: a signal has no kind of its own, and these are the names a person gives them (docs/track.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocationRole {
    Latitude,
    Longitude,
}

impl LocationRole {
    pub fn of(name: &str) -> Option<LocationRole> {
        let name = name.trim().to_lowercase();
        if name == "lat" || name.contains("latitude") || name.contains("纬度") {
            Some(LocationRole::Latitude)
        } else if name == "lng" || name == "lon" || name.contains("longitude") || name.contains("经度") {
            Some(LocationRole::Longitude)
        } else {
            None
        }
    }
}

/// The first latitude and the first longitude signal among `names` (in the equipment's order), as indices.
pub fn location_signals<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<(usize, usize)> {
    let (mut lat, mut lng) = (None, None);
    for (i, name) in names.into_iter().enumerate() {
        match LocationRole::of(name) {
            Some(LocationRole::Latitude) if lat.is_none() => lat = Some(i),
            Some(LocationRole::Longitude) if lng.is_none() => lng = Some(i),
            _ => {}
        }
    }
    Some((lat?, lng?))
}

/// Pairs two time-ordered series (`(t, value)`) into a path: a point at every time either changes once both are
/// known, holding the latest value of each. Readings outside the valid range (latitude ±90, longitude ±180) are
/// skipped as if never sent.
pub fn pair_by_time(lat: &[(i64, f64)], lng: &[(i64, f64)]) -> Vec<TrackPoint> {
    let lat: Vec<_> = lat.iter().filter(|(_, v)| v.is_finite() && v.abs() <= 90.0).collect();
    let lng: Vec<_> = lng.iter().filter(|(_, v)| v.is_finite() && v.abs() <= 180.0).collect();
    let mut points = Vec::with_capacity(lat.len().max(lng.len()));
    let (mut i, mut j) = (0, 0);
    let (mut last_lat, mut last_lng) = (None, None);
    while i < lat.len() || j < lng.len() {
        let next_lat = lat.get(i).map(|r| r.0);
        let next_lng = lng.get(j).map(|r| r.0);
        let t = match (next_lat, next_lng) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (None, None) => break,
        };
        if next_lat == Some(t) {
            last_lat = Some(lat[i].1);
            i += 1;
        }
        if next_lng == Some(t) {
            last_lng = Some(lng[j].1);
            j += 1;
        }
        if let (Some(lat), Some(lng)) = (last_lat, last_lng) {
            points.push(TrackPoint { t, lat, lng });
        }
    }
    points
}

/// A candidate for removal: the area its point spans with its current neighbours.
#[derive(PartialEq)]
struct Candidate {
    area: f64,
    index: usize,
    /// The point's version when this area was computed; a later neighbour change makes it stale.
    version: u32,
}

impl Eq for Candidate {}

impl Ord for Candidate {
    /// Smallest area first (a max-heap reversed); ties by the earlier point, so the result is deterministic.
    fn cmp(&self, other: &Self) -> Ordering {
        other.area.total_cmp(&self.area).then_with(|| other.index.cmp(&self.index))
    }
}

impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Thins `points` to at most `budget` (at least 2) by Visvalingam–Whyatt, keeping the first and the last point
/// and the time order. Areas are measured on a local plane (longitude shrunk by the cosine of the mean latitude)
/// so an east–west wiggle weighs as much as a north–south one.
pub fn simplify(points: &[TrackPoint], budget: usize) -> Vec<TrackPoint> {
    let budget = budget.max(2);
    let n = points.len();
    if n <= budget {
        return points.to_vec();
    }
    let mean_lat = points.iter().map(|p| p.lat).sum::<f64>() / n as f64;
    let shrink = mean_lat.to_radians().cos();
    let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.lng * shrink, p.lat)).collect();
    let area = |a: usize, b: usize, c: usize| {
        let ((ax, ay), (bx, by), (cx, cy)) = (xy[a], xy[b], xy[c]);
        ((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)).abs()
    };
    let mut prev: Vec<usize> = (0..n).map(|i| i.saturating_sub(1)).collect();
    let mut next: Vec<usize> = (0..n).map(|i| (i + 1).min(n - 1)).collect();
    let mut version = vec![0_u32; n];
    let mut removed = vec![false; n];
    let mut heap: BinaryHeap<Candidate> =
        (1..n - 1).map(|i| Candidate { area: area(i - 1, i, i + 1), index: i, version: 0 }).collect();
    let mut left = n;
    while left > budget {
        let Some(Candidate { index, version: seen, .. }) = heap.pop() else { break };
        if removed[index] || seen != version[index] {
            continue;
        }
        removed[index] = true;
        left -= 1;
        let (p, q) = (prev[index], next[index]);
        next[p] = q;
        prev[q] = p;
        for neighbour in [p, q] {
            if neighbour != 0 && neighbour != n - 1 {
                version[neighbour] += 1;
                let a = area(prev[neighbour], neighbour, next[neighbour]);
                heap.push(Candidate { area: a, index: neighbour, version: version[neighbour] });
            }
        }
    }
    points.iter().zip(removed).filter(|(_, gone)| !gone).map(|(p, _)| *p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(t: i64, lat: f64, lng: f64) -> TrackPoint {
        TrackPoint { t, lat, lng }
    }

    #[test]
    fn signals_are_found_by_their_names_in_both_languages() {
        assert_eq!(location_signals(["Speed", "GPS 纬度", "GPS 经度"]), Some((1, 2)));
        assert_eq!(location_signals(["lng", "Lat", "Latitude 2"]), Some((1, 0)));
        assert_eq!(location_signals(["Longitude", "Vehicle latitude"]), Some((1, 0)));
        assert_eq!(location_signals(["Flow", "Latitude"]), None, "a latitude alone is no position");
        assert_eq!(location_signals(["Flat", "Longer"]), None, "a word merely holding lat or lon is not one");
    }

    #[test]
    fn readings_at_different_times_pair_with_the_latest_of_the_other() {
        let lat = [(10, 31.0), (30, 31.5), (40, 99.0)];
        let lng = [(5, 121.0), (20, 121.2), (30, 121.4), (50, 200.0)];
        assert_eq!(
            pair_by_time(&lat, &lng),
            vec![point(10, 31.0, 121.0), point(20, 31.0, 121.2), point(30, 31.5, 121.4)],
            "before both are known there is no point; out-of-range readings are skipped; one point per time"
        );
        assert!(pair_by_time(&lat, &[]).is_empty());
    }

    #[test]
    fn a_short_path_is_kept_whole() {
        let path: Vec<_> = (0..5).map(|i| point(i, 31.0 + i as f64 * 0.1, 121.0)).collect();
        assert_eq!(simplify(&path, 10), path);
        assert_eq!(simplify(&path, 5), path);
    }

    #[test]
    fn a_straight_run_loses_its_middle_and_a_corner_survives() {
        // East along a line, then a sharp turn north: the corner is the last point to go.
        let mut path: Vec<_> = (0..100).map(|i| point(i, 31.0, 121.0 + i as f64 * 0.001)).collect();
        path.extend((1..100).map(|i| point(99 + i, 31.0 + i as f64 * 0.001, 121.099)));
        let thin = simplify(&path, 3);
        assert_eq!(thin, vec![path[0], path[99], *path.last().unwrap()]);
    }

    #[test]
    fn a_long_path_meets_the_budget_in_time_order_with_its_ends() {
        let n = 300_000;
        let path: Vec<_> = (0..n)
            .map(|i| {
                let a = i as f64 / 1000.0;
                point(1_800_000_000_000 + i * 1000, 31.2 + a.sin() * 0.01 + (i % 7) as f64 * 1e-6, 121.5 + a * 0.001)
            })
            .collect();
        // No clock here: a wall-time bound failed under a loaded test run (19 s on a busy machine). The work is
        // bounded by construction instead: each removal pushes at most two candidates, so the heap sees at most 3n
        // entries, O(n log n).
        let thin = simplify(&path, TRACK_POINTS);
        assert_eq!(thin.len(), TRACK_POINTS);
        assert_eq!(thin.first(), path.first());
        assert_eq!(thin.last(), path.last());
        assert!(thin.windows(2).all(|w| w[0].t < w[1].t), "time order kept");
        // The thinned path stays near the real one: every real point is within a small distance of its span.
        let far = path.iter().map(|p| {
            let after = thin.partition_point(|q| q.t <= p.t).min(thin.len() - 1);
            let (a, b) = (thin[after.saturating_sub(1)], thin[after]);
            let f = if b.t == a.t { 0.0 } else { (p.t - a.t) as f64 / (b.t - a.t) as f64 };
            let (lat, lng) = (a.lat + (b.lat - a.lat) * f, a.lng + (b.lng - a.lng) * f);
            ((p.lat - lat).powi(2) + (p.lng - lng).powi(2)).sqrt()
        });
        assert!(far.fold(0.0, f64::max) < 0.001, "thinned path within about 100 m of the real one");
    }
}

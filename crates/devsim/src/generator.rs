//! Value generators: deterministic functions of the time since start.
//!
//! No generator reads the wall clock or a global random source, so the value at a given elapsed time is fixed by
//! the configuration alone and tests can assert exact values. The random walk draws its steps from a seeded hash
//! of the tick number; it caches its last position only to avoid replaying the whole walk on every read.

use std::{f64::consts::TAU, time::Duration};

use crate::config::GeneratorConfig;

/// After an idle gap longer than this many ticks the random walk skips ahead instead of replaying every step, so
/// one read can never hold the register map's lock for long. Only reachable with tiny `every_ms` and no reads for
/// a long time.
const MAX_CATCH_UP_TICKS: u64 = 1_000_000;

/// A configured generator, ready to be evaluated.
#[derive(Debug, Clone, PartialEq)]
pub struct Generator {
    /// The generator's parameters, and the random walk's cache.
    kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Constant(f64),
    Ramp {
        from: f64,
        step: f64,
        /// How many values one lap of the ramp has (`from` … the last value not beyond `to`).
        values: u64,
        every_ms: u64,
    },
    Sine {
        offset: f64,
        amplitude: f64,
        period_ms: u64,
    },
    RandomWalk(RandomWalk),
    Toggle {
        every_ms: u64,
    },
}

#[derive(Debug, Clone, PartialEq)]
struct RandomWalk {
    start: f64,
    step: f64,
    min: f64,
    max: f64,
    every_ms: u64,
    seed: u64,
    /// The tick `value` belongs to.
    tick: u64,
    /// The walk's position at `tick`.
    value: f64,
}

impl Generator {
    /// A generator that always answers `value`.
    pub fn constant(value: f64) -> Self {
        Self { kind: Kind::Constant(value) }
    }

    /// Builds a generator from its configuration. `default_seed` seeds a random walk that names no seed (the
    /// register map passes a hash of the point's name, so two walks in one device differ but every run repeats).
    ///
    /// The configuration should have been validated; parameters that would divide by zero are clamped to 1 ms
    /// rather than trusted.
    pub fn new(config: &GeneratorConfig, default_seed: u64) -> Self {
        let kind = match *config {
            GeneratorConfig::Constant { value } => Kind::Constant(value),
            GeneratorConfig::Ramp { from, to, step, every_ms } => {
                // Small tolerance so 0 → 1 by 0.1 still reaches 1 despite binary fractions.
                let laps = ((to - from) / step + 1e-9).floor();
                // `as` saturates: a negative or NaN lap count (invalid config) becomes 0, then 1 value.
                let values = (laps as u64).saturating_add(1);
                Kind::Ramp { from, step, values, every_ms: every_ms.max(1) }
            }
            GeneratorConfig::Sine { offset, amplitude, period_ms } => {
                Kind::Sine { offset, amplitude, period_ms: period_ms.max(1) }
            }
            GeneratorConfig::RandomWalk { start, step, min, max, every_ms, seed } => Kind::RandomWalk(RandomWalk {
                start,
                step,
                min,
                max,
                every_ms: every_ms.max(1),
                seed: seed.unwrap_or(default_seed),
                tick: 0,
                value: start,
            }),
            GeneratorConfig::Toggle { every_ms } => Kind::Toggle { every_ms: every_ms.max(1) },
        };
        Self { kind }
    }

    /// The engineering value at `elapsed` since start.
    ///
    /// `&mut` only because the random walk caches its position; the answer for a given `elapsed` does not depend
    /// on earlier calls (except after an idle gap of over a million ticks, see `MAX_CATCH_UP_TICKS`).
    pub fn value_at(&mut self, elapsed: Duration) -> f64 {
        let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        match &mut self.kind {
            Kind::Constant(value) => *value,
            Kind::Ramp { from, step, values, every_ms } => {
                let tick = (ms / *every_ms) % (*values).max(1);
                *from + *step * tick as f64
            }
            Kind::Sine { offset, amplitude, period_ms } => {
                let period_ns = u128::from(*period_ms) * 1_000_000;
                let phase = (elapsed.as_nanos() % period_ns) as f64 / period_ns as f64;
                *offset + *amplitude * (TAU * phase).sin()
            }
            Kind::RandomWalk(walk) => walk.value_at(ms / walk.every_ms),
            Kind::Toggle { every_ms } => ((ms / *every_ms) % 2) as f64,
        }
    }
}

impl RandomWalk {
    fn value_at(&mut self, tick: u64) -> f64 {
        if tick < self.tick {
            // Only a clock that went back (a test's ManualClock) gets here: replay from the start.
            self.tick = 0;
            self.value = self.start;
        }
        if tick - self.tick > MAX_CATCH_UP_TICKS {
            self.tick = tick - MAX_CATCH_UP_TICKS;
        }
        while self.tick < tick {
            self.tick += 1;
            let delta = (2.0 * unit_interval(self.seed, self.tick) - 1.0) * self.step;
            self.value = (self.value + delta).clamp(self.min, self.max);
        }
        self.value
    }
}

/// A pseudo-random number in [0, 1) fixed by `seed` and `tick` (SplitMix64 finaliser).
fn unit_interval(seed: u64, tick: u64) -> f64 {
    let mut z = seed.wrapping_add(tick.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

/// FNV-1a of a point's name: the default random-walk seed.
pub fn seed_from_name(name: &str) -> u64 {
    name.bytes().fold(0xCBF2_9CE4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(generator: &mut Generator, ms: u64) -> f64 {
        generator.value_at(Duration::from_millis(ms))
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn constant_never_changes() {
        let mut g = Generator::new(&GeneratorConfig::Constant { value: 102.0 }, 0);
        for ms in [0, 1, 1_000, u64::MAX / 2] {
            assert_eq!(at(&mut g, ms), 102.0);
        }
    }

    #[test]
    fn ramp_steps_every_interval_and_wraps_to_from() {
        let mut g = Generator::new(&GeneratorConfig::Ramp { from: 10.0, to: 13.0, step: 1.0, every_ms: 100 }, 0);
        let expected = [
            (0, 10.0),
            (99, 10.0),
            (100, 11.0),
            (250, 12.0),
            (300, 13.0),
            (400, 10.0),
            (450, 10.0),
            (700, 13.0),
            (800, 10.0),
        ];
        for (ms, value) in expected {
            assert_eq!(at(&mut g, ms), value, "at {ms} ms");
        }
    }

    #[test]
    fn ramp_wraps_before_passing_to_when_step_does_not_divide() {
        let mut g = Generator::new(&GeneratorConfig::Ramp { from: 0.0, to: 1.0, step: 0.4, every_ms: 1 }, 0);
        let values: Vec<f64> = (0..4).map(|ms| at(&mut g, ms)).collect();
        assert!(close(values[0], 0.0) && close(values[1], 0.4) && close(values[2], 0.8));
        assert!(close(values[3], 0.0), "{values:?}");
    }

    #[test]
    fn ramp_with_decimal_step_reaches_to() {
        let mut g = Generator::new(&GeneratorConfig::Ramp { from: 0.0, to: 1.0, step: 0.1, every_ms: 10 }, 0);
        assert!(close(at(&mut g, 100), 1.0), "{}", at(&mut g, 100));
        assert!(close(at(&mut g, 110), 0.0));
    }

    #[test]
    fn falling_ramp_counts_down() {
        let mut g = Generator::new(&GeneratorConfig::Ramp { from: 5.0, to: 0.0, step: -2.5, every_ms: 1_000 }, 0);
        assert_eq!([0, 1_000, 2_000, 3_000].map(|ms| at(&mut g, ms)), [5.0, 2.5, 0.0, 5.0]);
    }

    #[test]
    fn sine_follows_offset_plus_amplitude_sin() {
        let mut g = Generator::new(&GeneratorConfig::Sine { offset: 2.5, amplitude: 0.5, period_ms: 4_000 }, 0);
        let expected = [(0, 2.5), (1_000, 3.0), (2_000, 2.5), (3_000, 2.0), (4_000, 2.5), (5_000, 3.0)];
        for (ms, value) in expected {
            let got = at(&mut g, ms);
            assert!(close(got, value), "at {ms} ms: {got} != {value}");
        }
        let sub_ms = g.value_at(Duration::from_micros(500));
        assert!(sub_ms > 2.5 && sub_ms < 2.501, "{sub_ms}");
    }

    #[test]
    fn toggle_starts_false_and_flips_every_interval() {
        let mut g = Generator::new(&GeneratorConfig::Toggle { every_ms: 500 }, 0);
        assert_eq!([0, 499, 500, 999, 1_000, 1_750].map(|ms| at(&mut g, ms)), [0.0, 0.0, 1.0, 1.0, 0.0, 1.0]);
    }

    fn walk(seed: Option<u64>) -> Generator {
        Generator::new(
            &GeneratorConfig::RandomWalk { start: 50.0, step: 2.0, min: 45.0, max: 55.0, every_ms: 100, seed },
            99,
        )
    }

    #[test]
    fn random_walk_starts_at_start_and_moves_at_most_step_per_tick_within_bounds() {
        let mut g = walk(Some(1));
        assert_eq!(at(&mut g, 0), 50.0);
        assert_eq!(at(&mut g, 99), 50.0);
        let mut previous = 50.0;
        let mut moved = false;
        for tick in 1..=500 {
            let value = at(&mut g, tick * 100);
            assert!((45.0..=55.0).contains(&value), "tick {tick}: {value}");
            assert!((value - previous).abs() <= 2.0 + 1e-12, "tick {tick}");
            moved |= value != previous;
            previous = value;
        }
        assert!(moved);
    }

    #[test]
    fn random_walk_is_a_function_of_time_and_seed() {
        let mut stepwise = walk(Some(1));
        for ms in (0..=10_000).step_by(100) {
            at(&mut stepwise, ms);
        }
        let mut direct = walk(Some(1));
        assert_eq!(at(&mut direct, 10_000), at(&mut stepwise, 10_000));
        // Asking for an earlier time replays rather than continuing.
        assert_eq!(at(&mut stepwise, 300), at(&mut walk(Some(1)), 300));
        // Another seed walks another path; no seed falls back to the default seed.
        assert_ne!(at(&mut walk(Some(2)), 10_000), at(&mut direct, 10_000));
        assert_eq!(at(&mut walk(None), 5_000), at(&mut walk(Some(99)), 5_000));
    }

    #[test]
    fn random_walk_skips_ahead_after_a_huge_idle_gap() {
        let mut g = walk(Some(3));
        let value = g.value_at(Duration::from_secs(365 * 24 * 3600));
        assert!((45.0..=55.0).contains(&value));
    }

    #[test]
    fn unit_interval_stays_in_range() {
        for tick in 0..10_000 {
            let u = unit_interval(42, tick);
            assert!((0.0..1.0).contains(&u));
        }
    }

    #[test]
    fn name_seeds_differ() {
        assert_ne!(seed_from_name("flow"), seed_from_name("temperature"));
        assert_eq!(seed_from_name("flow"), seed_from_name("flow"));
    }
}

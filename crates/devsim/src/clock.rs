//! The time source generators read.
//!
//! Generators are functions of the time since the simulator started, never of the wall clock, so a test can swap
//! in a [`ManualClock`] and know exactly which value a read returns.

use std::{
    fmt,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

/// Tells how long the simulator has been running.
pub trait Clock: Send + Sync + fmt::Debug {
    /// Time since the simulator started.
    fn elapsed(&self) -> Duration;
}

/// The real monotonic clock, counting from its creation.
#[derive(Debug, Clone, Copy)]
pub struct SystemClock {
    /// When the simulator started.
    start: Instant,
}

impl SystemClock {
    /// A clock whose time 0 is now.
    pub fn new() -> Self {
        Self { start: Instant::now() }
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for SystemClock {
    fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A clock that only moves when told to; clones share the same time, so a test keeps one and hands the other to
/// [`crate::spawn_with_clock`].
#[derive(Debug, Clone, Default)]
pub struct ManualClock {
    /// Elapsed time in nanoseconds (u64 nanoseconds last 584 years).
    nanos: Arc<AtomicU64>,
}

impl ManualClock {
    /// A clock standing at time 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the elapsed time.
    pub fn set(&self, elapsed: Duration) {
        self.nanos.store(to_nanos(elapsed), Ordering::SeqCst);
    }

    /// Moves the clock forward.
    pub fn advance(&self, by: Duration) {
        let by = to_nanos(by);
        // fetch_update only fails if the closure returns None, which it never does.
        let _ = self.nanos.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |now| Some(now.saturating_add(by)));
    }
}

impl Clock for ManualClock {
    fn elapsed(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::SeqCst))
    }
}

fn to_nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told_and_clones_share_it() {
        let clock = ManualClock::new();
        let shared = clock.clone();
        assert_eq!(shared.elapsed(), Duration::ZERO);
        clock.set(Duration::from_millis(1500));
        clock.advance(Duration::from_millis(500));
        assert_eq!(shared.elapsed(), Duration::from_secs(2));
    }

    #[test]
    fn the_system_clock_starts_near_zero_and_never_goes_back() {
        let clock = SystemClock::new();
        let first = clock.elapsed();
        assert!(clock.elapsed() >= first);
    }
}

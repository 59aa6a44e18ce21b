//! The asynchronous device command poll schedule (spec sections 4 and 9). The console polls the callback with
//! these waits; the server uses the same numbers to decide when a command has timed out.

/// At most this many callback polls, then the command fails with 1301 (communication timeout).
pub const MAX_ATTEMPTS: u32 = 180;

/// Milliseconds to wait before poll number `attempt` (0-based): 0.5 s at 0, 1 s under 1, 2 s under 5,
/// 5 s under 10, 10 s under 30, else 30 s. ("1 s under 1" can never apply after "0.5 s at 0" for whole attempt
/// numbers; it is kept so the table reads as the spec does.)
pub fn delay_ms(attempt: u32) -> u64 {
    match attempt {
        0 => 500,
        #[allow(clippy::absurd_extreme_comparisons)]
        n if n < 1 => 1_000,
        n if n < 5 => 2_000,
        n if n < 10 => 5_000,
        n if n < 30 => 10_000,
        _ => 30_000,
    }
}

/// Total milliseconds the console may wait before it gives up.
pub fn total_budget_ms() -> u64 {
    (0..MAX_ATTEMPTS).map(delay_ms).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_follow_the_spec_table() {
        assert_eq!(delay_ms(0), 500);
        assert_eq!([1, 4].map(delay_ms), [2_000, 2_000]);
        assert_eq!([5, 9].map(delay_ms), [5_000, 5_000]);
        assert_eq!([10, 29].map(delay_ms), [10_000, 10_000]);
        assert_eq!([30, 179].map(delay_ms), [30_000, 30_000]);
    }

    #[test]
    fn budget_is_the_sum_of_180_waits() {
        assert_eq!(total_budget_ms(), 500 + 4 * 2_000 + 5 * 5_000 + 20 * 10_000 + 150 * 30_000);
    }
}

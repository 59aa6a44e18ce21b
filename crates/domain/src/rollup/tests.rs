use super::*;

/// Readings every `every` ms from `from` to `to`, the value of each given by `value(i)`.
fn series(from: i64, to: i64, every: i64, value: impl Fn(i64) -> f64) -> Vec<(i64, f64)> {
    (0..).map(|i| (from + i * every, value(i))).take_while(|(t, _)| *t < to).collect()
}

/// The summaries of `readings` per bucket of `width` over `[start, end)`, leaving out empty buckets.
fn buckets(readings: &[(i64, f64)], start: i64, end: i64, width: i64) -> Vec<Summary> {
    (start..end).step_by(width as usize).filter_map(|b| Summary::of_readings(b, b + width, readings)).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn assert_same(folded: &Summary, whole: &Summary) {
    assert_eq!((folded.start, folded.end, folded.count), (whole.start, whole.end, whole.count));
    assert_eq!(
        (folded.first_t, folded.last_t, folded.drops, folded.on_ms),
        (whole.first_t, whole.last_t, whole.drops, whole.on_ms)
    );
    for (a, b) in [
        (folded.sum, whole.sum),
        (folded.min, whole.min),
        (folded.max, whole.max),
        (folded.first_v, whole.first_v),
        (folded.last_v, whole.last_v),
        (folded.rise, whole.rise),
        (folded.dropped_from, whole.dropped_from),
    ] {
        assert!(close(a, b), "{folded:?}\n!=\n{whole:?}");
    }
}

#[test]
fn minutes_folded_into_an_hour_equal_the_hour_read_at_once() {
    // A counter that resets twice, a digital signal with long gaps, a noisy analogue value; readings at odd times.
    let counter = series(0, HOUR_MS, 7_000, |i| ((i * 13) % 400) as f64);
    let gaps: Vec<(i64, f64)> =
        [(5_000, 1.0), (65_000, 1.0), (1_500_000, 0.0), (1_800_000, 1.0), (3_000_000, 1.0)].into();
    let noisy = series(1_234, HOUR_MS, 1_000, |i| ((i * 7919) % 1000) as f64 / 10.0 - 50.0);
    for readings in [counter, gaps, noisy] {
        let minutes = buckets(&readings, 0, HOUR_MS, MINUTE_MS);
        let folded = Summary::of_period(None, &minutes, 0, HOUR_MS).unwrap();
        assert_same(&folded, &Summary::of_readings(0, HOUR_MS, &readings).unwrap());
        // Hours fold likewise from minute folds: a day of two hours' parts.
        let first_half = Summary::of_period(None, &minutes[..minutes.len() / 2], 0, 1_800_000).unwrap();
        let second_half = Summary::of_period(None, &minutes[minutes.len() / 2..], 1_800_000, HOUR_MS).unwrap();
        if first_half.end <= second_half.start {
            assert_same(&first_half.then(&second_half), &Summary::of_readings(0, HOUR_MS, &readings).unwrap());
        }
    }
}

#[test]
fn a_span_without_good_readings_has_no_summary() {
    assert_eq!(Summary::of_readings(0, 60_000, &[]), None);
    assert_eq!(Summary::of_readings(0, 60_000, &[(10, f64::NAN), (20, f64::INFINITY)]), None);
    assert_eq!(Summary::of_readings(0, 60_000, &[(60_000, 1.0), (-1, 2.0)]), None, "outside the span");
    assert_eq!(Summary::of_period(None, &[], 0, 60_000), None);
}

#[test]
fn statistics_read_off_one_summary() {
    let s = Summary::of_readings(0, 100, &[(0, 4.0), (10, 2.0), (20, f64::NAN), (30, 9.0)]).unwrap();
    let value = |statistic: Statistic| statistic.of(&s, None);
    assert_eq!(value(Statistic::Max), 9.0);
    assert_eq!(value(Statistic::Min), 2.0);
    assert_eq!(value(Statistic::Avg), 5.0);
    assert_eq!(value(Statistic::First), 4.0);
    assert_eq!(value(Statistic::Last), 9.0);
    assert_eq!(value(Statistic::Sum), 15.0);
    assert_eq!(value(Statistic::Count), 3.0);
    // 4 → 2 is a drop: a reset counts the 2 counted since; then 2 → 9 adds 7.
    assert_eq!(value(Statistic::Difference), 9.0);
    // Wrapping at 10, the drop 4 → 2 counted 10 - 4 + 2 = 8; then 7.
    assert_eq!(Statistic::Difference.of(&s, Some(10.0)), 15.0);
    // Not 0 from 0 to 100 (each reading holds until the next, the last to the span's end).
    assert_eq!(value(Statistic::OnHours), 100.0 / HOUR_MS as f64);
}

#[test]
fn a_16_bit_counter_that_wraps_counts_across_the_wrap() {
    let readings = [(0, 65_000.0), (60_000, 65_500.0), (120_000, 300.0), (180_000, 1_000.0)];
    let minutes = buckets(&readings, 0, 240_000, MINUTE_MS);
    let period = Summary::of_period(None, &minutes, 0, 240_000).unwrap();
    assert_eq!(Statistic::Difference.of(&period, Some(65_536.0)), 500.0 + 336.0 + 700.0);
    // Without the range, the drop is a reset: the 300 counted since, then 700.
    assert_eq!(Statistic::Difference.of(&period, None), 500.0 + 300.0 + 700.0);
}

#[test]
fn a_period_counts_the_step_and_the_hold_from_the_reading_before_it() {
    // The pump ran from 07:58 (a reading the period before) and its counter read 100 then; the period is 08:00
    // to 09:00, its first reading at 08:01 says 130 and still running, then 140 and 150 ten minutes apart, and the
    // last at 08:30 says stopped.
    let (start, end) = (8 * HOUR_MS, 9 * HOUR_MS);
    let before = Summary::of_readings(7 * HOUR_MS, start, &[(start - 2 * MINUTE_MS, 100.0)]).unwrap();
    let readings = [
        (start + MINUTE_MS, 130.0),
        (start + 10 * MINUTE_MS, 140.0),
        (start + 20 * MINUTE_MS, 150.0),
        (start + 30 * MINUTE_MS, 0.0),
    ];
    let parts = buckets(&readings, start, end, MINUTE_MS);
    let period = Summary::of_period(Some(&before), &parts, start, end).unwrap();
    // The step 100 → 130 is the period's; 150 → 0 a reset.
    assert_eq!(Statistic::Difference.of(&period, None), 50.0);
    // Running from 08:00 (held from 07:58) to 08:30.
    assert_eq!(period.on_ms, 30 * MINUTE_MS);
    // The period before counted its own part of the hold: 07:58 to 08:00.
    assert_eq!(before.on_ms, 2 * MINUTE_MS);
}

#[test]
fn a_silent_signal_holds_its_state_only_so_long() {
    // One reading "running" at 00:00, then nothing for an hour: it counts STATE_HOLD_MS, across empty minutes.
    let readings = [(0, 1.0), (HOUR_MS - 1, 0.0)];
    let parts = buckets(&readings, 0, HOUR_MS, MINUTE_MS);
    assert_eq!(parts.len(), 2);
    let period = Summary::of_period(None, &parts, 0, HOUR_MS).unwrap();
    assert_eq!(period.on_ms, STATE_HOLD_MS);
    // And a period that ends before the hold does not count past its end.
    let short = Summary::of_period(None, &parts[..1], 0, 3 * MINUTE_MS).unwrap();
    assert_eq!(short.on_ms, 3 * MINUTE_MS);
}

#[test]
fn a_running_period_cut_at_now_counts_no_time_after_now() {
    // Running since 00:00:30, the last reading at 00:01:10; now is 00:01:40, in a period of an hour.
    let readings = [(30_000, 1.0), (70_000, 1.0)];
    let parts = buckets(&readings, 0, 2 * MINUTE_MS, MINUTE_MS);
    let period = Summary::of_period(None, &parts, 0, HOUR_MS).unwrap().cut_at(100_000);
    assert_eq!(period.on_ms, 70_000);
    assert_eq!(period.end, 100_000);
    // Cutting after the end changes nothing.
    assert_eq!(period.cut_at(HOUR_MS), period);
}

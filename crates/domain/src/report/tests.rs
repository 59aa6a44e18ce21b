use super::*;
use crate::Lang;

fn day(text: &str) -> Day {
    Day::parse(text).unwrap()
}

#[test]
fn a_day_has_24_hours_from_midnight_in_china() {
    let periods = View::Day(day("2026-11-28")).periods(&[]);
    assert_eq!(periods.len(), 24);
    // 2026-11-28 00:00 in China is 2026-11-27 16:00 UTC.
    assert_eq!(periods[0].start, 1_795_795_200_000);
    assert_eq!(periods[23].end, periods[0].start + DAY_MS);
    assert!(on_hours(&periods));
}

#[test]
fn a_month_has_its_days() {
    for (month, days) in [((2024, 2), 29), ((2026, 2), 28), ((2026, 11), 30), ((2026, 12), 31)] {
        let periods = View::Month { year: month.0, month: month.1 }.periods(&[]);
        assert_eq!(periods.len(), days, "{month:?}");
        assert!(periods.windows(2).all(|w| w[0].end == w[1].start && w[0].end - w[0].start == DAY_MS));
    }
    assert_eq!(parse_month("2026-11"), Ok((2026, 11)));
    for bad in ["2026-13", "2026-1", "26-11", "1999-01", "2026/11"] {
        assert!(parse_month(bad).is_err(), "{bad}");
    }
}

#[test]
fn shifts_are_rows_of_their_day_and_a_night_shift_runs_past_midnight() {
    let shifts = vec![
        Shift { name: "早班".into(), start_minute: 8 * 60, end_minute: 16 * 60 },
        Shift { name: "中班".into(), start_minute: 16 * 60, end_minute: 22 * 60 + 30 },
        Shift { name: "夜班".into(), start_minute: 22 * 60 + 30, end_minute: 8 * 60 },
    ];
    assert_eq!(check_shifts(&shifts), Ok(()));
    let periods = View::Shifts(day("2026-11-28")).periods(&shifts);
    let midnight = day("2026-11-28").start_ms();
    assert_eq!(
        periods[2],
        Period { start: midnight + (22 * 60 + 30) * MINUTE_MS, end: midnight + DAY_MS + 8 * HOUR_MS, shift: Some(2) }
    );
    assert!(!on_hours(&periods), "22:30 is read from the minutes");
    assert!(on_hours(&View::Shifts(day("2026-11-28")).periods(&default_shifts(Lang::Zh))));
    assert_eq!(check_shifts(&default_shifts(Lang::En)), Ok(()));
}

#[test]
fn shifts_that_overlap_or_are_out_of_the_day_are_refused() {
    let shift = |name: &str, start: i64, end: i64| Shift { name: name.into(), start_minute: start, end_minute: end };
    assert_eq!(check_shifts(&[shift("A", 0, 600), shift("B", 500, 900)]), Err(Reason::Overlap));
    assert_eq!(check_shifts(&[shift("A", 1320, 120), shift("B", 60, 600)]), Err(Reason::Overlap), "past midnight");
    assert_eq!(check_shifts(&[shift("A", 0, 1440)]), Err(Reason::OutOfRange { min: 0, max: 1439 }));
    assert_eq!(check_shifts(&[shift(" ", 0, 60)]), Err(Reason::Required));
    assert_eq!(check_shifts(&[]), Err(Reason::Required));
    let seven: Vec<Shift> = (0..7).map(|i| shift("A", i * 60, i * 60 + 60)).collect();
    assert!(matches!(check_shifts(&seven), Err(Reason::TooMany { .. })));
    // One shift of the whole day (it ends where it starts).
    assert_eq!(check_shifts(&[shift("All day", 360, 360)]), Ok(()));
    assert_eq!(shift("All day", 360, 360).minutes(), 1440);
}

#[test]
fn a_range_is_cut_in_steps_the_last_one_cut_at_its_end() {
    let periods = View::Range { start: 0, end: 150 * MINUTE_MS, step_ms: HOUR_MS }.periods(&[]);
    assert_eq!(
        periods.iter().map(|p| (p.start, p.end)).collect::<Vec<_>>(),
        vec![(0, HOUR_MS), (HOUR_MS, 2 * HOUR_MS), (2 * HOUR_MS, 150 * MINUTE_MS)]
    );
    assert!(!on_hours(&periods));
}

#[test]
fn a_wrap_range_belongs_to_a_difference_and_is_a_positive_number() {
    let column = |statistic, wraps_at| ColumnDef { signal_id: 1, statistic, wraps_at };
    assert_eq!(column(Statistic::Difference, Some(65_536.0)).check(), Ok(()));
    assert_eq!(column(Statistic::Max, Some(65_536.0)).check(), Err(Reason::NotAllowed));
    assert_eq!(column(Statistic::Difference, Some(0.0)).check(), Err(Reason::NotNumber));
    assert_eq!(column(Statistic::Avg, None).check(), Ok(()));
}

#[test]
fn a_custom_column_is_a_signal_of_an_equipment_or_a_variable() {
    let column = |equipment_id, signal_id, mvar_id| CustomColumnDef {
        equipment_id,
        signal_id,
        mvar_id,
        statistic: Statistic::Avg,
        wraps_at: None,
    };
    assert_eq!(column(Some(1), Some(2), None).check(), Ok(()));
    assert_eq!(column(None, None, Some(3)).check(), Ok(()));
    assert_eq!(column(None, Some(2), None).check(), Err(("equipmentId", Reason::Required)));
    assert_eq!(column(Some(1), Some(2), Some(3)).check(), Err(("signalId", Reason::NotAllowed)));
    assert_eq!(column(None, None, None).check(), Err(("signalId", Reason::NotAllowed)));
    let wrapped = CustomColumnDef { wraps_at: Some(10.0), ..column(None, None, Some(3)) };
    assert_eq!(wrapped.check(), Err(("wrapsAt", Reason::NotAllowed)));
}

//! Expiry dates of equipment (service subscription) and gateways (gateway service), and when their expire
//! messages are due (docs/messages.md, "Expire messages").
//!
//! An expiry date is a calendar day in China time (UTC+8, the plants' time zone), written `YYYY-MM-DD`. The days
//! left are counted between calendar days in that zone, so "expires in 7 days" changes at midnight in China, not
//! at the server's midnight. Messages are due 30, 7 and 1 days before and on the day; after a gap (the server was
//! down) only the nearest threshold that has passed is due, never the ones it skipped over.

use crate::Reason;
use crate::calendar::{civil_from_days, days_from_civil};

/// The days before the expiry date a message is sent, largest first (0: on the day).
pub const THRESHOLDS: [i64; 4] = [30, 7, 1, 0];

/// Within this many days an expiry date is shown as coming (the lists' tag).
pub const WARN_DAYS: i64 = 30;

/// The plants' time zone offset from UTC, ms.
const CHINA_OFFSET_MS: i64 = 8 * 3600 * 1000;

/// Earliest and latest year an expiry date may have: a typo's year 20026 or 1926 is refused, not stored.
const YEARS: (i64, i64) = (2000, 2199);

/// A calendar day, as days since 1970-01-01 (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(pub i64);

impl Day {
    /// Parses `YYYY-MM-DD` (zero-padded), refusing days that do not exist (2026-02-30) and years outside 2000–2199.
    pub fn parse(text: &str) -> Result<Day, Reason> {
        let b = text.as_bytes();
        let shape = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !shape {
            return Err(Reason::BadFormat);
        }
        let number = |range: std::ops::Range<usize>| text[range].parse::<i64>().map_err(|_| Reason::BadFormat);
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        if !(YEARS.0..=YEARS.1).contains(&year) || !(1..=12).contains(&month) {
            return Err(Reason::BadFormat);
        }
        if day < 1 || day > days_in_month(year, month) {
            return Err(Reason::BadFormat);
        }
        Ok(Day(days_from_civil(year, month, day)))
    }

    /// The day in China time at `ms` since the epoch.
    pub fn in_china(ms: i64) -> Day {
        Day((ms + CHINA_OFFSET_MS).div_euclid(86_400_000))
    }

    /// Midnight at the start of this day in China time, ms since the epoch.
    pub fn start_ms(self) -> i64 {
        self.0 * 86_400_000 - CHINA_OFFSET_MS
    }

    /// `YYYY-MM-DD`.
    pub fn text(self) -> String {
        let (y, m, d) = civil_from_days(self.0);
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// Whole days from `today` to this day (negative once it has passed).
    pub fn days_after(self, today: Day) -> i64 {
        self.0 - today.0
    }
}

/// The threshold whose message is due with `days_left` days to go: the nearest one that has been reached
/// (a gap from 8 days to 2 answers 7, not 30 then 7), or `None` beyond 30 days and once the day has passed.
pub fn due_threshold(days_left: i64) -> Option<i64> {
    if days_left < 0 {
        return None;
    }
    THRESHOLDS.iter().copied().filter(|t| days_left <= *t).min()
}

fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in a month of a year.
pub fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_and_print_back() {
        for text in ["2026-12-03", "2000-02-29", "2199-12-31", "2026-01-01"] {
            assert_eq!(Day::parse(text).unwrap().text(), text);
        }
        assert_eq!(Day::parse("1970-01-01"), Err(Reason::BadFormat), "before 2000");
        assert_eq!(Day::parse("2026-01-01").unwrap().0, 20_454);
    }

    #[test]
    fn days_that_do_not_exist_are_refused() {
        for text in [
            "2026-02-29",
            "2100-02-29",
            "2026-13-01",
            "2026-04-31",
            "2026-00-10",
            "2026-1-1",
            "26-01-01",
            "2026/01/01",
            "2026-01-01T00:00",
            " 2026-01-01",
            "",
            "２０２６-01-01",
            "2200-01-01",
        ] {
            assert_eq!(Day::parse(text), Err(Reason::BadFormat), "{text}");
        }
    }

    #[test]
    fn today_is_counted_in_china_time() {
        let day = Day::parse("2026-12-03").unwrap();
        assert_eq!(Day::in_china(day.start_ms()), day);
        assert_eq!(Day::in_china(day.start_ms() - 1).0, day.0 - 1, "a ms before midnight in China");
        // 16:00 UTC is already the next day in China.
        assert_eq!(Day::in_china(day.start_ms() + 16 * 3600 * 1000 - 1), day);
        assert_eq!(Day::in_china(day.start_ms() + 24 * 3600 * 1000), Day(day.0 + 1));
    }

    #[test]
    fn the_nearest_reached_threshold_is_due() {
        let due: Vec<_> = [31, 30, 29, 8, 7, 2, 1, 0, -1].iter().map(|d| due_threshold(*d)).collect();
        assert_eq!(due, [None, Some(30), Some(30), Some(30), Some(7), Some(7), Some(1), Some(0), None]);
    }
}

//! Reports: a table whose rows are periods and whose columns are a signal with a statistic
//! ([`crate::rollup::Statistic`]). This module says which periods a view of a report has, in China time (UTC+8,
//! as every date of the console), and how a column is defined; the numbers come from the roll-ups.
//!
//! Views: a day (24 hours), a month (its days), a day's shifts (the organisation's shift times), or a range cut
//! in steps. A shift that ends at or before its start runs past midnight and belongs to the day it starts.

use crate::Reason;
use crate::expiry::{Day, days_in_month};
use crate::rollup::{HOUR_MS, MINUTE_MS, Statistic};
use serde::{Deserialize, Serialize};

/// A day, in ms.
pub const DAY_MS: i64 = 24 * HOUR_MS;
/// Minutes in a day.
const DAY_MINUTES: i64 = 24 * 60;

/// One column of a report: a signal of the report's equipment and what is read of it per period.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ColumnDef {
    pub signal_id: i64,
    pub statistic: Statistic,
    /// For [`Statistic::Difference`]: the value at which the counter wraps to 0 (65,536 for a 16-bit register);
    /// absent, a drop is taken as a reset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub wraps_at: Option<f64>,
}

impl ColumnDef {
    /// Refuses a wrap range that is not a positive finite number, or one given for another statistic.
    pub fn check(&self) -> Result<(), Reason> {
        match self.wraps_at {
            None => Ok(()),
            Some(_) if self.statistic != Statistic::Difference => Err(Reason::NotAllowed),
            Some(w) if w.is_finite() && w > 0.0 => Ok(()),
            Some(_) => Err(Reason::NotNumber),
        }
    }
}

/// One column of a project's custom report: a signal of any equipment of the project (`equipmentId` and
/// `signalId`), or one of its intermediate variables (`mvarId`), and the statistic read of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CustomColumnDef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub equipment_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub signal_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mvar_id: Option<i64>,
    pub statistic: Statistic,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub wraps_at: Option<f64>,
}

impl CustomColumnDef {
    /// Refuses a column that names neither or both of a signal (with its equipment) and a variable, and a wrap
    /// range as [`ColumnDef::check`] does; answers the field at fault (`signalId`, `wrapsAt`).
    pub fn check(&self) -> Result<(), (&'static str, Reason)> {
        match (self.equipment_id, self.signal_id, self.mvar_id) {
            (Some(_), Some(_), None) | (None, None, Some(_)) => {}
            (None, Some(_), None) => return Err(("equipmentId", Reason::Required)),
            _ => return Err(("signalId", Reason::NotAllowed)),
        }
        ColumnDef { signal_id: 0, statistic: self.statistic, wraps_at: self.wraps_at }
            .check()
            .map_err(|r| ("wrapsAt", r))
    }
}

/// One shift of an organisation's day: a name and its start and end, minutes after midnight (an end at or before
/// the start runs past midnight).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Shift {
    pub name: String,
    pub start_minute: i64,
    pub end_minute: i64,
}

impl Shift {
    /// Its length in minutes: a whole day when it ends where it starts.
    pub fn minutes(&self) -> i64 {
        match (self.end_minute - self.start_minute).rem_euclid(DAY_MINUTES) {
            0 => DAY_MINUTES,
            length => length,
        }
    }
}

/// The shifts an organisation has until it sets its own: three of eight hours from midnight.
pub fn default_shifts(lang: crate::Lang) -> Vec<Shift> {
    let names: [&str; 3] = match lang {
        crate::Lang::Zh => ["夜班", "早班", "中班"],
        crate::Lang::En => ["Night", "Day", "Evening"],
    };
    names
        .iter()
        .enumerate()
        .map(|(i, name)| Shift {
            name: (*name).to_owned(),
            start_minute: i as i64 * 480,
            end_minute: (i as i64 + 1) * 480 % DAY_MINUTES,
        })
        .collect()
}

/// Refuses shifts that are not 1 to 6, with minutes of the day, names of 1 to 20 characters, and that overlap.
pub fn check_shifts(shifts: &[Shift]) -> Result<(), Reason> {
    if shifts.is_empty() {
        return Err(Reason::Required);
    }
    if shifts.len() > crate::limits::SHIFTS_PER_DAY {
        return Err(Reason::TooMany { max: crate::limits::SHIFTS_PER_DAY });
    }
    let mut covered = vec![false; DAY_MINUTES as usize];
    for shift in shifts {
        let name = shift.name.trim().chars().count();
        if name == 0 {
            return Err(Reason::Required);
        }
        if name > crate::limits::SHIFT_NAME_CHARS {
            return Err(Reason::TooLong { max: crate::limits::SHIFT_NAME_CHARS });
        }
        for minute in [shift.start_minute, shift.end_minute] {
            if !(0..DAY_MINUTES).contains(&minute) {
                return Err(Reason::OutOfRange { min: 0, max: DAY_MINUTES - 1 });
            }
        }
        for m in 0..shift.minutes() {
            let slot = &mut covered[((shift.start_minute + m) % DAY_MINUTES) as usize];
            if *slot {
                return Err(Reason::Overlap);
            }
            *slot = true;
        }
    }
    Ok(())
}

/// What a report is read over.
#[derive(Clone, Debug, PartialEq)]
pub enum View {
    /// A day in China, by the hour.
    Day(Day),
    /// A month in China, by the day.
    Month { year: i64, month: i64 },
    /// A day's shifts, each shift a row.
    Shifts(Day),
    /// `[start, end)` cut into steps of `step_ms` (whole minutes), the last step cut at `end`.
    Range { start: i64, end: i64, step_ms: i64 },
}

/// One row of a report: `[start, end)`, and for a shift its index in the organisation's shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub start: i64,
    pub end: i64,
    pub shift: Option<usize>,
}

/// Parses a month `YYYY-MM`, with the years a date may have ([`Day::parse`]).
pub fn parse_month(text: &str) -> Result<(i64, i64), Reason> {
    Day::parse(&format!("{text}-01"))?;
    let number = |part: &str| part.parse::<i64>().map_err(|_| Reason::BadFormat);
    Ok((number(&text[0..4])?, number(&text[5..7])?))
}

impl View {
    /// The view's periods, oldest first.
    pub fn periods(&self, shifts: &[Shift]) -> Vec<Period> {
        let every = |start: i64, end: i64, step: i64| -> Vec<Period> {
            (0..)
                .map(|i| start + i * step)
                .take_while(|t| *t < end)
                .map(|t| Period { start: t, end: (t + step).min(end), shift: None })
                .collect()
        };
        match *self {
            View::Day(day) => every(day.start_ms(), day.start_ms() + DAY_MS, HOUR_MS),
            View::Month { year, month } => {
                let first = Day(crate::calendar::days_from_civil(year, month, 1));
                every(first.start_ms(), first.start_ms() + days_in_month(year, month) * DAY_MS, DAY_MS)
            }
            View::Shifts(day) => shifts
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let start = day.start_ms() + s.start_minute * MINUTE_MS;
                    Period { start, end: start + s.minutes() * MINUTE_MS, shift: Some(i) }
                })
                .collect(),
            View::Range { start, end, step_ms } => every(start, end, step_ms.max(MINUTE_MS)),
        }
    }
}

/// Whether every period starts and ends on an hour, so the hour roll-ups can serve them (else the minutes).
pub fn on_hours(periods: &[Period]) -> bool {
    periods.iter().all(|p| p.start % HOUR_MS == 0 && p.end % HOUR_MS == 0)
}

#[cfg(test)]
mod tests;

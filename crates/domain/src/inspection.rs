//! Inspection work orders (docs/work-orders.md, the inspection half): the worksheet statuses of spec section 4
//! (not started, aborted, normal, abnormal), who takes which step, how a result is judged and when a plan falls due.
//!
//! As for repairs, [`STEPS`] is the one rule table: the server refuses by it ([`check`]) and `contract.json`
//! exports it (`inspectionSteps`), so the console shows exactly the buttons the server accepts. A wrong status is
//! checked first (1299), then the person (1298). "Overdue" is not a status: a worksheet still not started after
//! its deadline is shown as overdue ([`is_overdue`]), computed, so nothing has to move it.

use crate::calendar::civil_from_days;

/// Where a worksheet stands (spec section 4, "Inspection statuses").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InspectionStatus {
    /// Generated, results not submitted yet (a draft may be saved).
    NotStarted,
    /// Ended without an inspection, with the reason.
    Aborted,
    /// Submitted, every result within its bounds.
    Normal,
    /// Submitted, at least one result abnormal.
    Abnormal,
}

impl InspectionStatus {
    pub const ALL: &'static [InspectionStatus] = &[
        InspectionStatus::NotStarted,
        InspectionStatus::Aborted,
        InspectionStatus::Normal,
        InspectionStatus::Abnormal,
    ];

    /// The status as stored and as the wire carries it.
    pub fn as_str(self) -> &'static str {
        match self {
            InspectionStatus::NotStarted => "not-started",
            InspectionStatus::Aborted => "aborted",
            InspectionStatus::Normal => "normal",
            InspectionStatus::Abnormal => "abnormal",
        }
    }

    pub fn parse(text: &str) -> Option<InspectionStatus> {
        InspectionStatus::ALL.iter().copied().find(|s| s.as_str() == text)
    }
}

/// What a person does to a worksheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InspectionAction {
    /// Keep the results typed so far (a draft); the status stays.
    Save,
    /// Submit the results once: normal, or abnormal when any result is.
    Submit,
    /// End it without inspecting, with the reason.
    Abort,
}

impl InspectionAction {
    pub const ALL: &'static [InspectionAction] =
        &[InspectionAction::Save, InspectionAction::Submit, InspectionAction::Abort];

    pub fn as_str(self) -> &'static str {
        match self {
            InspectionAction::Save => "save",
            InspectionAction::Submit => "submit",
            InspectionAction::Abort => "abort",
        }
    }
}

/// Who takes a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InspectionRole {
    /// The account the plan names to inspect.
    Inspector,
    /// An account holding `manage` that sees the worksheet.
    Manager,
}

impl InspectionRole {
    pub fn as_str(self) -> &'static str {
        match self {
            InspectionRole::Inspector => "inspector",
            InspectionRole::Manager => "manager",
        }
    }
}

/// One allowed step. A submission's end status is decided by the results ([`submitted_status`]), so `to` lists
/// where it may lead.
pub type InspectionStep = Step<InspectionAction, InspectionStatus, InspectionRole, &'static [InspectionStatus]>;

pub use crate::workflow::StepRefused;
use crate::workflow::{self, Holds, Step};
crate::named!(InspectionStatus, InspectionAction, InspectionRole);

use InspectionAction as A;
use InspectionRole as R;
use InspectionStatus as S;

/// Every allowed step. Anything not here is refused.
pub const STEPS: &[InspectionStep] = &[
    InspectionStep { action: A::Save, from: S::NotStarted, to: &[S::NotStarted], by: R::Inspector, requires: None },
    InspectionStep {
        action: A::Submit,
        from: S::NotStarted,
        to: &[S::Normal, S::Abnormal],
        by: R::Inspector,
        requires: Some("results"),
    },
    InspectionStep {
        action: A::Abort,
        from: S::NotStarted,
        to: &[S::Aborted],
        by: R::Inspector,
        requires: Some("remark"),
    },
    InspectionStep {
        action: A::Abort,
        from: S::NotStarted,
        to: &[S::Aborted],
        by: R::Manager,
        requires: Some("remark"),
    },
];

/// The roles a person holds on one worksheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Roles {
    pub inspector: bool,
    pub manager: bool,
}

impl Holds<InspectionRole> for Roles {
    fn holds(&self, role: InspectionRole) -> bool {
        match role {
            InspectionRole::Inspector => self.inspector,
            InspectionRole::Manager => self.manager,
        }
    }
}

/// The step `action` on a worksheet in `status` by a person holding `roles`, or why not (a wrong status is 1299,
/// a wrong person 1298).
pub fn check(
    action: InspectionAction,
    status: InspectionStatus,
    roles: Roles,
) -> Result<&'static InspectionStep, StepRefused> {
    workflow::check(STEPS, action, status, &roles)
}

/// The steps a person holding `roles` may take on a worksheet in `status` (the buttons the console shows).
pub fn available(status: InspectionStatus, roles: Roles) -> Vec<InspectionAction> {
    workflow::available(STEPS, status, &roles)
}

/// The table as `contract.json` exports it: `[{action, from, to: [..], by, requires}]`.
pub fn export() -> serde_json::Value {
    workflow::export(STEPS)
}

/// The letters of a worksheet's number: `XJ` (巡检) + the day in China + the 4-digit sequence, as repairs' `WX`.
pub const NUMBER_LETTERS: &str = "XJ";

/// True when a worksheet still not started is past its deadline (due time + the plan's allowed hours).
pub fn is_overdue(status: InspectionStatus, deadline_ms: i64, now_ms: i64) -> bool {
    status == InspectionStatus::NotStarted && now_ms > deadline_ms
}

/// The kind of result an item asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// `normal` or `abnormal`.
    Check,
    /// A number, abnormal outside the item's min/max.
    Number,
    /// Free text, never abnormal by itself.
    Text,
}

impl ResultKind {
    pub const ALL: &'static [ResultKind] = &[ResultKind::Check, ResultKind::Number, ResultKind::Text];

    pub fn as_str(self) -> &'static str {
        match self {
            ResultKind::Check => "check",
            ResultKind::Number => "number",
            ResultKind::Text => "text",
        }
    }

    pub fn parse(text: &str) -> Option<ResultKind> {
        ResultKind::ALL.iter().copied().find(|k| k.as_str() == text)
    }
}

/// Why a result value is not accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadValue {
    /// A check result other than `normal` or `abnormal`.
    NotCheck,
    /// A number result that is not a finite number.
    NotNumber,
}

/// Judges one result: `Ok(true)` when it is abnormal (a check marked abnormal, a number outside `[min, max]`).
/// A blank value is not judged here (the caller decides whether it may be blank).
pub fn judge(kind: ResultKind, min: Option<f64>, max: Option<f64>, value: &str) -> Result<bool, BadValue> {
    let value = value.trim();
    match kind {
        ResultKind::Check => match value {
            "normal" => Ok(false),
            "abnormal" => Ok(true),
            _ => Err(BadValue::NotCheck),
        },
        ResultKind::Number => {
            let n: f64 = value.parse().map_err(|_| BadValue::NotNumber)?;
            if !n.is_finite() {
                return Err(BadValue::NotNumber);
            }
            Ok(min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m))
        }
        ResultKind::Text => Ok(false),
    }
}

/// Where a submission leads: abnormal when any result is.
pub fn submitted_status(any_abnormal: bool) -> InspectionStatus {
    if any_abnormal { InspectionStatus::Abnormal } else { InspectionStatus::Normal }
}

/// How often a plan falls due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frequency {
    Daily,
    /// On a weekday, 1 Monday … 7 Sunday.
    Weekly(u8),
    /// On a day of the month, 1 to 28 (every month has it).
    Monthly(u8),
}

impl Frequency {
    pub fn as_str(self) -> &'static str {
        match self {
            Frequency::Daily => "daily",
            Frequency::Weekly(_) => "weekly",
            Frequency::Monthly(_) => "monthly",
        }
    }

    /// The frequency from its stored parts; `None` when the day is out of range.
    pub fn parse(kind: &str, day: i64) -> Option<Frequency> {
        match kind {
            "daily" => Some(Frequency::Daily),
            "weekly" if (1..=7).contains(&day) => Some(Frequency::Weekly(day as u8)),
            "monthly" if (1..=28).contains(&day) => Some(Frequency::Monthly(day as u8)),
            _ => None,
        }
    }

    /// The day as stored: the weekday, the day of the month, or 0.
    pub fn day(self) -> i64 {
        match self {
            Frequency::Daily => 0,
            Frequency::Weekly(d) | Frequency::Monthly(d) => i64::from(d),
        }
    }
}

/// When a plan falls due: its frequency and the time of day, in China (UTC+8, as the work-order numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub frequency: Frequency,
    /// Minutes after midnight, 0 to 1439.
    pub minute: u16,
}

const CHINA_MS: i64 = 8 * 3_600_000;
const DAY_MS: i64 = 86_400_000;

impl Schedule {
    /// The latest time at or before `now_ms` the plan fell due (ms since the epoch). The scheduler generates the
    /// worksheet of this occurrence only, so after downtime it catches up one worksheet, not every missed one.
    pub fn latest_due(self, now_ms: i64) -> i64 {
        let local = now_ms + CHINA_MS;
        let mut day = local.div_euclid(DAY_MS);
        let at = |day: i64| day * DAY_MS + i64::from(self.minute) * 60_000 - CHINA_MS;
        // At most 31 days back reaches any daily, weekly or monthly occurrence.
        for _ in 0..=31 {
            if at(day) <= now_ms && self.falls_on(day) {
                return at(day);
            }
            day -= 1;
        }
        unreachable!("every schedule falls due within 31 days")
    }

    fn falls_on(self, day: i64) -> bool {
        match self.frequency {
            Frequency::Daily => true,
            // 1970-01-01 was a Thursday (4).
            Frequency::Weekly(weekday) => (day + 3).rem_euclid(7) + 1 == i64::from(weekday),
            Frequency::Monthly(month_day) => civil_from_days(day).2 == i64::from(month_day),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2025-03-14 (a Friday) 00:00 in China, in ms.
    const FRI_14: i64 = 1_741_881_600_000;
    const HOUR: i64 = 3_600_000;

    #[test]
    fn daily_falls_due_today_once_the_time_has_come_else_yesterday() {
        let s = Schedule { frequency: Frequency::Daily, minute: 8 * 60 };
        assert_eq!(s.latest_due(FRI_14 + 9 * HOUR), FRI_14 + 8 * HOUR);
        assert_eq!(s.latest_due(FRI_14 + 8 * HOUR), FRI_14 + 8 * HOUR, "due at the minute itself");
        assert_eq!(s.latest_due(FRI_14 + 7 * HOUR), FRI_14 + 8 * HOUR - 24 * HOUR);
    }

    #[test]
    fn weekly_and_monthly_fall_on_their_day() {
        let monday = Schedule { frequency: Frequency::Weekly(1), minute: 0 };
        // Friday the 14th → Monday the 10th.
        assert_eq!(monday.latest_due(FRI_14 + HOUR), FRI_14 - 4 * 24 * HOUR);
        let friday = Schedule { frequency: Frequency::Weekly(5), minute: 30 };
        assert_eq!(friday.latest_due(FRI_14 + HOUR), FRI_14 + 30 * 60_000);
        let the_20th = Schedule { frequency: Frequency::Monthly(20), minute: 0 };
        // 2025-02-20 00:00 China.
        assert_eq!(the_20th.latest_due(FRI_14), FRI_14 - 22 * 24 * HOUR);
        let the_14th = Schedule { frequency: Frequency::Monthly(14), minute: 60 };
        assert_eq!(the_14th.latest_due(FRI_14 + 2 * HOUR), FRI_14 + HOUR);
    }

    #[test]
    fn results_are_judged_by_their_kind() {
        assert_eq!(judge(ResultKind::Check, None, None, "abnormal"), Ok(true));
        assert_eq!(judge(ResultKind::Check, None, None, "normal"), Ok(false));
        assert_eq!(judge(ResultKind::Check, None, None, "ok"), Err(BadValue::NotCheck));
        assert_eq!(judge(ResultKind::Number, Some(1.0), Some(2.0), "2"), Ok(false));
        assert_eq!(judge(ResultKind::Number, Some(1.0), Some(2.0), "2.5"), Ok(true));
        assert_eq!(judge(ResultKind::Number, Some(1.0), None, "0.5"), Ok(true));
        assert_eq!(judge(ResultKind::Number, None, None, "NaN"), Err(BadValue::NotNumber));
        assert_eq!(judge(ResultKind::Number, None, None, "x"), Err(BadValue::NotNumber));
        assert_eq!(judge(ResultKind::Text, None, None, "anything"), Ok(false));
        assert_eq!(submitted_status(true), InspectionStatus::Abnormal);
    }

    #[test]
    fn steps_are_refused_by_status_first_then_person() {
        let inspector = Roles { inspector: true, manager: false };
        let manager = Roles { inspector: false, manager: true };
        assert!(check(A::Submit, S::NotStarted, inspector).is_ok());
        assert_eq!(check(A::Submit, S::NotStarted, manager), Err(StepRefused::WrongPerson));
        assert!(check(A::Abort, S::NotStarted, manager).is_ok());
        assert_eq!(check(A::Save, S::NotStarted, Roles::default()), Err(StepRefused::WrongPerson));
        for done in [S::Normal, S::Abnormal, S::Aborted] {
            for action in InspectionAction::ALL {
                let both = Roles { inspector: true, manager: true };
                assert_eq!(check(*action, done, both), Err(StepRefused::WrongStatus));
            }
        }
        assert!(is_overdue(S::NotStarted, 10, 11));
        assert!(!is_overdue(S::NotStarted, 10, 10));
        assert!(!is_overdue(S::Normal, 10, 11));
        assert_eq!(export().as_array().unwrap().len(), STEPS.len());
    }

    #[test]
    fn frequencies_round_trip_within_their_days() {
        assert_eq!(Frequency::parse("weekly", 7), Some(Frequency::Weekly(7)));
        assert_eq!(Frequency::parse("weekly", 8), None);
        assert_eq!(Frequency::parse("monthly", 29), None);
        assert_eq!(Frequency::parse("monthly", 28).unwrap().day(), 28);
        assert_eq!(Frequency::parse("hourly", 0), None);
        for s in InspectionStatus::ALL {
            assert_eq!(InspectionStatus::parse(s.as_str()), Some(*s));
        }
    }
}

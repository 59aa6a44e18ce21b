//! Repair work orders: the statuses, the steps between them and who may take each step (spec section 4
//! "Work-order statuses": pending, dispatched, received, finished, early-finish).
//!
//! [`STEPS`] is the one rule table. The server refuses by it ([`check`]), and `contract.json` exports it
//! (`repairSteps`) so the console shows exactly the buttons the server would accept: a step changed here changes
//! both. The order of checks is fixed: a step the order's status does not allow is a wrong status (1292), whoever
//! asks; a step it allows, asked by the wrong person, is a wrong person (1291). So a second click on a step
//! someone else just took says "the status moved on", not "not yours".

/// Where an order stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepairStatus {
    /// Created, nobody named to repair it yet.
    Pending,
    /// A repairer is named and told; not accepted yet.
    Dispatched,
    /// The repairer accepted it and is on it.
    Received,
    /// Repaired: the repair content is recorded.
    Finished,
    /// Closed without a repair (cancelled by the dispatcher, or given up by the repairer), with the reason.
    EarlyFinish,
}

impl RepairStatus {
    pub const ALL: &'static [RepairStatus] = &[
        RepairStatus::Pending,
        RepairStatus::Dispatched,
        RepairStatus::Received,
        RepairStatus::Finished,
        RepairStatus::EarlyFinish,
    ];

    /// The status as stored and as the wire carries it.
    pub fn as_str(self) -> &'static str {
        match self {
            RepairStatus::Pending => "pending",
            RepairStatus::Dispatched => "dispatched",
            RepairStatus::Received => "received",
            RepairStatus::Finished => "finished",
            RepairStatus::EarlyFinish => "early-finish",
        }
    }

    pub fn parse(text: &str) -> Option<RepairStatus> {
        RepairStatus::ALL.iter().copied().find(|s| s.as_str() == text)
    }

    /// True once nothing more happens to the order.
    pub fn is_closed(self) -> bool {
        matches!(self, RepairStatus::Finished | RepairStatus::EarlyFinish)
    }
}

/// What a person does to an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepairAction {
    /// Name the repairer (pending → dispatched).
    Dispatch,
    /// Name another repairer before the first has accepted (dispatched → dispatched): the one named is away, or
    /// the wrong trade.
    Redispatch,
    /// Accept the order (dispatched → received).
    Receive,
    /// Record the repair (received → finished).
    Finish,
    /// Close without a repair, with a reason.
    EarlyFinish,
    /// Add (or remove one's own) pictures; the status stays.
    Attach,
}

impl RepairAction {
    pub const ALL: &'static [RepairAction] = &[
        RepairAction::Dispatch,
        RepairAction::Redispatch,
        RepairAction::Receive,
        RepairAction::Finish,
        RepairAction::EarlyFinish,
        RepairAction::Attach,
    ];

    /// The action's name on the wire (the call's last path segment, camelCase).
    pub fn as_str(self) -> &'static str {
        match self {
            RepairAction::Dispatch => "dispatch",
            RepairAction::Redispatch => "redispatch",
            RepairAction::Receive => "receive",
            RepairAction::Finish => "finish",
            RepairAction::EarlyFinish => "earlyFinish",
            RepairAction::Attach => "attach",
        }
    }
}

/// Who takes a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepairRole {
    /// The order's creator, or an account holding `manage` (a supervisor) that sees the order.
    Dispatcher,
    /// The person the order was dispatched to.
    Repairer,
}

impl RepairRole {
    pub fn as_str(self) -> &'static str {
        match self {
            RepairRole::Dispatcher => "dispatcher",
            RepairRole::Repairer => "repairer",
        }
    }
}

/// One allowed step: from a status, by a role, to a status, with the text field it requires (if any):
/// `repairerId`, `content` (what was repaired) or `remark` (why the order ends early).
pub type RepairStep = Step<RepairAction, RepairStatus, RepairRole>;

const fn step(
    action: RepairAction,
    from: RepairStatus,
    to: RepairStatus,
    by: RepairRole,
    requires: Option<&'static str>,
) -> RepairStep {
    Step { action, from, to, by, requires }
}

use crate::calendar::civil_from_days;
pub use crate::workflow::StepRefused;
use crate::workflow::{self, Holds, Step};
crate::named!(RepairStatus, RepairAction, RepairRole);

use RepairAction as A;
use RepairRole as R;
use RepairStatus as S;

/// Every allowed step. Anything not here is refused.
pub const STEPS: &[RepairStep] = &[
    step(A::Dispatch, S::Pending, S::Dispatched, R::Dispatcher, Some("repairerId")),
    // Another repairer while the first has not accepted; once received the order is the repairer's.
    step(A::Redispatch, S::Dispatched, S::Dispatched, R::Dispatcher, Some("repairerId")),
    step(A::Receive, S::Dispatched, S::Received, R::Repairer, None),
    step(A::Finish, S::Received, S::Finished, R::Repairer, Some("content")),
    // The dispatcher cancels an order nobody has taken on yet …
    step(A::EarlyFinish, S::Pending, S::EarlyFinish, R::Dispatcher, Some("remark")),
    step(A::EarlyFinish, S::Dispatched, S::EarlyFinish, R::Dispatcher, Some("remark")),
    // … and once the repairer has it, only the repairer ends it (the dispatcher cannot pull it from under them).
    step(A::EarlyFinish, S::Received, S::EarlyFinish, R::Repairer, Some("remark")),
    // Pictures: the dispatcher's of the fault while pending, the repairer's of the work while on it.
    step(A::Attach, S::Pending, S::Pending, R::Dispatcher, None),
    step(A::Attach, S::Received, S::Received, R::Repairer, None),
];

/// The roles a person holds on one order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Roles {
    pub dispatcher: bool,
    pub repairer: bool,
}

impl Holds<RepairRole> for Roles {
    fn holds(&self, role: RepairRole) -> bool {
        match role {
            RepairRole::Dispatcher => self.dispatcher,
            RepairRole::Repairer => self.repairer,
        }
    }
}

/// The step `action` on an order in `status` by a person holding `roles`, or why not (a wrong status is 1292, a
/// wrong person 1291).
pub fn check(action: RepairAction, status: RepairStatus, roles: Roles) -> Result<&'static RepairStep, StepRefused> {
    workflow::check(STEPS, action, status, &roles)
}

/// The steps a person holding `roles` may take on an order in `status` (the buttons the console shows).
pub fn available(status: RepairStatus, roles: Roles) -> Vec<RepairAction> {
    workflow::available(STEPS, status, &roles)
}

/// The table as `contract.json` exports it: `[{action, from, to, by, requires}]`.
pub fn export() -> serde_json::Value {
    workflow::export(STEPS)
}

/// The letters of a repair order's number.
pub const NUMBER_LETTERS: &str = "WX";

/// The start of an order number made at `ms` (since the epoch): `WX` and the day in China (UTC+8, where the
/// console's plants are), e.g. `WX20250314`. The organisation's next 4-digit sequence of that day follows.
pub fn number_prefix(ms: i64) -> String {
    work_order_prefix(NUMBER_LETTERS, ms)
}

/// The start of a work order's number made at `ms`: two letters (`WX` repair, `XJ` inspection) and the day in
/// China (UTC+8), e.g. `XJ20250314`. Both kinds are numbered alike, so the rule is written once.
pub fn work_order_prefix(letters: &str, ms: i64) -> String {
    let days = (ms + 8 * 3_600_000).div_euclid(86_400_000);
    let (y, m, d) = civil_from_days(days);
    format!("{letters}{y:04}{m:02}{d:02}")
}

/// The order number of the `sequence`th order (from 1) of the day `prefix` names: four digits, more past 9999.
pub fn number(prefix: &str, sequence: i64) -> String {
    format!("{prefix}{sequence:04}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const DISPATCHER: Roles = Roles { dispatcher: true, repairer: false };
    const REPAIRER: Roles = Roles { dispatcher: false, repairer: true };
    const NOBODY: Roles = Roles { dispatcher: false, repairer: false };

    #[test]
    fn the_happy_path_is_dispatch_receive_finish_each_by_its_person() {
        assert_eq!(check(A::Dispatch, S::Pending, DISPATCHER).unwrap().to, S::Dispatched);
        assert_eq!(check(A::Receive, S::Dispatched, REPAIRER).unwrap().to, S::Received);
        assert_eq!(check(A::Finish, S::Received, REPAIRER).unwrap().to, S::Finished);
        assert_eq!(check(A::Finish, S::Received, REPAIRER).unwrap().requires, Some("content"));
    }

    #[test]
    fn the_wrong_person_is_refused_as_such_and_the_wrong_order_as_a_status() {
        assert_eq!(check(A::Dispatch, S::Pending, REPAIRER), Err(StepRefused::WrongPerson));
        assert_eq!(check(A::Receive, S::Dispatched, DISPATCHER), Err(StepRefused::WrongPerson));
        assert_eq!(check(A::Receive, S::Dispatched, NOBODY), Err(StepRefused::WrongPerson));
        // Out of order: the status decides first, whoever asks.
        assert_eq!(check(A::Finish, S::Dispatched, REPAIRER), Err(StepRefused::WrongStatus));
        assert_eq!(check(A::Receive, S::Pending, REPAIRER), Err(StepRefused::WrongStatus));
        assert_eq!(check(A::Dispatch, S::Dispatched, DISPATCHER), Err(StepRefused::WrongStatus));
        for action in RepairAction::ALL {
            for closed in [S::Finished, S::EarlyFinish] {
                let both = Roles { dispatcher: true, repairer: true };
                assert_eq!(check(*action, closed, both), Err(StepRefused::WrongStatus), "{action:?} on {closed:?}");
            }
        }
    }

    #[test]
    fn only_the_dispatcher_names_another_repairer_and_only_before_the_first_accepted() {
        let step = check(A::Redispatch, S::Dispatched, DISPATCHER).unwrap();
        assert_eq!((step.to, step.requires), (S::Dispatched, Some("repairerId")));
        assert_eq!(check(A::Redispatch, S::Dispatched, REPAIRER), Err(StepRefused::WrongPerson));
        assert_eq!(check(A::Redispatch, S::Pending, DISPATCHER), Err(StepRefused::WrongStatus));
        assert_eq!(check(A::Redispatch, S::Received, DISPATCHER), Err(StepRefused::WrongStatus));
    }

    #[test]
    fn early_finish_is_the_dispatcher_s_until_received_then_the_repairer_s() {
        assert!(check(A::EarlyFinish, S::Pending, DISPATCHER).is_ok());
        assert!(check(A::EarlyFinish, S::Dispatched, DISPATCHER).is_ok());
        assert_eq!(check(A::EarlyFinish, S::Dispatched, REPAIRER), Err(StepRefused::WrongPerson));
        assert_eq!(check(A::EarlyFinish, S::Received, DISPATCHER), Err(StepRefused::WrongPerson));
        assert_eq!(check(A::EarlyFinish, S::Received, REPAIRER).unwrap().requires, Some("remark"));
    }

    #[test]
    fn a_person_holding_both_roles_sees_every_step_of_the_status() {
        let both = Roles { dispatcher: true, repairer: true };
        assert_eq!(available(S::Pending, both), vec![A::Dispatch, A::EarlyFinish, A::Attach]);
        assert_eq!(available(S::Received, REPAIRER), vec![A::Finish, A::EarlyFinish, A::Attach]);
        assert_eq!(available(S::Received, DISPATCHER), Vec::<RepairAction>::new());
        assert!(available(S::Finished, both).is_empty());
    }

    #[test]
    fn numbers_are_wx_the_day_in_china_and_four_digits() {
        // 2025-03-14 15:59:59 UTC is still the 14th in China; a second later it is the 15th.
        assert_eq!(number_prefix(1_741_967_999_000), "WX20250314");
        assert_eq!(number_prefix(1_741_968_000_000), "WX20250315");
        assert_eq!(number_prefix(0), "WX19700101");
        assert_eq!(number_prefix(951_782_400_000), "WX20000229", "a leap day");
        assert_eq!(number("WX20250314", 7), "WX202503140007");
        assert_eq!(number("WX20250314", 12_345), "WX2025031412345");
    }

    #[test]
    fn statuses_round_trip_and_every_step_leads_somewhere_known() {
        for s in RepairStatus::ALL {
            assert_eq!(RepairStatus::parse(s.as_str()), Some(*s));
        }
        assert_eq!(RepairStatus::parse("done"), None);
        for s in STEPS {
            assert!(!s.from.is_closed(), "{s:?} leaves a closed order");
            assert_eq!(matches!(s.action, A::Attach | A::Redispatch), s.from == s.to, "{s:?}");
        }
        assert_eq!(export().as_array().unwrap().len(), STEPS.len());
        assert_eq!(export()[0]["from"], "pending");
    }
}

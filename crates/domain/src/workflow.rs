//! The one shape of a work order's rule table, shared by repair orders ([`crate::repair`]) and inspection
//! worksheets ([`crate::inspection`]): each kind lists its allowed steps (action, from, to, by whom, what it
//! requires) and everything else is refused. Checking a step, listing the steps a person may take and exporting
//! the table to `contract.json` are written once here, so both kinds refuse in the same order: a step the status
//! does not allow is a wrong status whoever asks; a step it allows, asked by the wrong person, is a wrong person.
//! A second click on a step someone else just took therefore says "the status moved on", not "not yours".

/// A status, action or role of a rule table, as its wire name.
pub trait Named: Copy + Eq {
    fn as_str(self) -> &'static str;
}

/// One allowed step. `To` is the status it leads to, or the statuses it may lead to where the outcome decides
/// (an inspection's submission ends normal or abnormal by its results).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<Action, Status, Role, To = Status> {
    pub action: Action,
    pub from: Status,
    pub to: To,
    pub by: Role,
    /// The parameter that must be given and not blank (e.g. `repairerId`, `content`, `remark`, `results`).
    pub requires: Option<&'static str>,
}

/// The roles one person holds on one order.
pub trait Holds<Role> {
    fn holds(&self, role: Role) -> bool;
}

/// Why a step is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRefused {
    /// The order's status does not allow the step.
    WrongStatus,
    /// The step is allowed now, but not to this person.
    WrongPerson,
}

/// The step `action` on an order in `status` by a person holding `roles`, or why not.
pub fn check<'a, A: Eq, S: Eq, R: Copy, T>(
    steps: &'a [Step<A, S, R, T>],
    action: A,
    status: S,
    roles: &impl Holds<R>,
) -> Result<&'a Step<A, S, R, T>, StepRefused> {
    let mut allowed = steps.iter().filter(|s| s.action == action && s.from == status).peekable();
    if allowed.peek().is_none() {
        return Err(StepRefused::WrongStatus);
    }
    allowed.find(|s| roles.holds(s.by)).ok_or(StepRefused::WrongPerson)
}

/// The actions a person holding `roles` may take on an order in `status` (the buttons the console shows), each
/// once, in the table's order.
pub fn available<A: Copy + Eq, S: Eq, R: Copy, T>(
    steps: &[Step<A, S, R, T>],
    status: S,
    roles: &impl Holds<R>,
) -> Vec<A> {
    let mut actions = Vec::new();
    for s in steps.iter().filter(|s| s.from == status && roles.holds(s.by)) {
        if !actions.contains(&s.action) {
            actions.push(s.action);
        }
    }
    actions
}

/// How a step's `to` is written in `contract.json`: one status as its name, several as a list of names.
pub trait ExportTo {
    fn export(&self) -> serde_json::Value;
}

impl<S: Named> ExportTo for S {
    fn export(&self) -> serde_json::Value {
        self.as_str().into()
    }
}

impl<S: Named> ExportTo for &'static [S] {
    fn export(&self) -> serde_json::Value {
        self.iter().map(|s| s.as_str()).collect::<Vec<_>>().into()
    }
}

/// The table as `contract.json` exports it: `[{action, from, to, by, requires}]`, so the console shows exactly
/// the buttons the server would accept.
pub fn export<A: Named, S: Named, R: Named, T: ExportTo>(steps: &[Step<A, S, R, T>]) -> serde_json::Value {
    steps
        .iter()
        .map(|s| {
            serde_json::json!({
                "action": s.action.as_str(),
                "from": s.from.as_str(),
                "to": s.to.export(),
                "by": s.by.as_str(),
                "requires": s.requires,
            })
        })
        .collect()
}

/// Implements [`Named`] by each type's own `as_str`.
#[macro_export]
macro_rules! named {
    ($($t:ty),+) => {
        $(impl $crate::workflow::Named for $t {
            fn as_str(self) -> &'static str {
                <$t>::as_str(self)
            }
        })+
    };
}

//! The inspection schedule: a background task that, each minute, generates the worksheet of every enabled plan
//! that has fallen due (docs/work-orders.md).
//!
//! [`tick`] takes "now" as a parameter so tests drive it without waiting. It is idempotent: a plan's occurrence is
//! generated once, whatever the number of ticks (or servers), because `(plan_id, due_at)` is unique. After
//! downtime only the latest missed occurrence of each plan is generated, not every one: a week away does not bury
//! the inspector under seven worksheets of which six are already stale. An occurrence before the plan was created
//! is not generated (a plan made at 10:00 for 08:00 daily starts tomorrow).

use crate::AppState;
use crate::api::repairs::send_order_message;
use crate::workers::{FirstRun, Worker};
use ironsight_domain::inspection::{Frequency, Schedule};
use ironsight_store::work_orders::OrderRef;
use ironsight_store::worksheets::Worksheet;
use std::time::Duration;

/// How often the schedule is looked at.
pub const TICK: Duration = Duration::from_secs(60);

/// The occurrence of `plan` that is due at `now`, if it is one to generate.
fn due(plan: &ironsight_store::inspection::SchedulablePlan, now: i64) -> Option<i64> {
    let frequency = Frequency::parse(&plan.frequency, plan.day)?;
    let minute = u16::try_from(plan.minute).ok().filter(|m| *m < 1440)?;
    let at = Schedule { frequency, minute }.latest_due(now);
    (at >= plan.gmt_create).then_some(at)
}

/// Generates every worksheet due at `now` that does not exist yet, and tells each inspector. Answers how many were
/// generated.
pub async fn tick(state: &AppState, now: i64) -> anyhow::Result<usize> {
    let mut generated = 0;
    for plan in state.store.schedulable_plans().await? {
        let Some(at) = due(&plan, now) else { continue };
        if generate(state, plan.id, at, None).await?.is_some() {
            generated += 1;
        }
    }
    Ok(generated)
}

/// Generates the worksheet of `plan_id` due at `due_at` (by `user_id`, or the plan's creator for the schedule) and
/// tells the inspector; `None` when it exists already or the plan is disabled.
pub async fn generate(
    state: &AppState,
    plan_id: i64,
    due_at: i64,
    user_id: Option<i64>,
) -> anyhow::Result<Option<Worksheet>> {
    let Some(sheet) = state.store.generate_worksheet(plan_id, due_at, user_id).await? else { return Ok(None) };
    let (n, p) = (&sheet.number, &sheet.plan_name);
    let title = format!("巡检工单 {n} 已派给您：{p}");
    let title_en = format!("Inspection worksheet {n} assigned to you: {p}");
    send_order_message(state, sheet.inspector_id, about(&sheet), &title, &title_en).await;
    Ok(Some(sheet))
}

/// What an inspection message is about: the worksheet, and the first equipment of its route (a limited account
/// sees the message only while it sees that equipment).
pub fn about(sheet: &Worksheet) -> OrderRef<'_> {
    OrderRef {
        kind: "inspection",
        id: sheet.id,
        number: &sheet.number,
        equipment_id: sheet.equipment.first().map(|e| e.id),
    }
}

/// Starts the tick: the first one a minute after start-up, then each minute. A failed tick is logged and the next
/// one tries again.
pub fn start(state: AppState) -> Worker {
    Worker::periodic("inspection schedule", TICK, FirstRun::AfterOnePeriod, move || {
        let state = state.clone();
        async move { tick(&state, ironsight_store::now_ms()).await.map(drop) }
    })
}

//! Reports generated on schedule (docs/reports.md, "Generated reports"): every report definition's and custom
//! report's day view of each closed day and month view of each closed month (China time), made
//! [`ARCHIVE_AFTER_MS`] after the period ends and kept with the definition (`ironsight_store::report_archive`).
//!
//! Each run makes what is missing among the last [`CATCH_UP_DAYS`] days and [`CATCH_UP_MONTHS`] months, so a
//! server that was stopped catches up, a new definition gets its recent reports at once, and an archive a late
//! reading dropped is made again. A run makes at most [`PER_RUN`] of them; the next run goes on.

use crate::AppState;
use crate::answers::report::ReportRow;
use crate::api::custom_reports::columns_of_custom;
use crate::api::reports::{columns_of_report, rows_of};
use crate::report_table::TableColumn;
use crate::workers::{FirstRun, Worker};
use ironsight_domain::expiry::Day;
use ironsight_domain::report::View;
use ironsight_store::access::Viewer;
use ironsight_store::report_archive::{ARCHIVE_AFTER_MS, ArchiveOwner, NewArchive};
use std::collections::HashSet;
use std::time::Duration;

/// How often missing archives are looked for.
pub const TICK: Duration = Duration::from_secs(5 * 60);
/// How many closed days back a missing day report is made.
pub const CATCH_UP_DAYS: i64 = 7;
/// How many closed months back a missing month report is made.
pub const CATCH_UP_MONTHS: i64 = 2;
/// The most archives one run makes.
pub const PER_RUN: usize = 200;

/// A table as it is stored: the columns of the report's kind and the rows.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct StoredTable<C> {
    pub cols: Vec<C>,
    pub rows: Vec<ReportRow>,
}

/// A closed period due for an archive: `day` or `month`, its text, the view and its bounds.
#[derive(Clone, Debug, PartialEq)]
pub struct DuePeriod {
    pub view_name: &'static str,
    pub period: String,
    pub view: View,
    pub start: i64,
    pub end: i64,
}

fn due(view_name: &'static str, period: String, view: View) -> DuePeriod {
    let periods = view.periods(&[]);
    let (start, end) = (periods.first().map_or(0, |p| p.start), periods.last().map_or(0, |p| p.end));
    DuePeriod { view_name, period, view, start, end }
}

/// The periods whose archives should exist at `now`: the last [`CATCH_UP_DAYS`] days and [`CATCH_UP_MONTHS`]
/// months that ended at least [`ARCHIVE_AFTER_MS`] ago.
pub fn due_periods(now: i64) -> Vec<DuePeriod> {
    let settled = |p: &DuePeriod| p.end + ARCHIVE_AFTER_MS <= now;
    // One period more of each is looked at: the day (or month) just closed may not have settled yet.
    let today = Day::in_china(now);
    let days = (1..=CATCH_UP_DAYS + 1).map(|k| Day(today.0 - k)).map(|d| due("day", d.text(), View::Day(d)));
    let mut periods: Vec<DuePeriod> = days.filter(settled).take(CATCH_UP_DAYS as usize).collect();
    let text = today.text();
    let (mut year, mut month): (i64, i64) = (text[..4].parse().unwrap_or(1970), text[5..7].parse().unwrap_or(1));
    let mut months = Vec::new();
    for _ in 0..=CATCH_UP_MONTHS {
        (year, month) = if month == 1 { (year - 1, 12) } else { (year, month - 1) };
        months.push(due("month", format!("{year}-{month:02}"), View::Month { year, month }));
    }
    periods.extend(months.into_iter().filter(settled).take(CATCH_UP_MONTHS as usize));
    periods
}

/// Starts the worker: once now, then every [`TICK`].
pub fn start(state: AppState) -> Worker {
    Worker::periodic("report archive", TICK, FirstRun::AtStart, move || {
        let state = state.clone();
        async move { generate_due(&state, ironsight_store::now_ms()).await.map(drop) }
    })
}

/// Makes the archives missing at `now` (at most [`PER_RUN`]); answers how many were stored.
pub async fn generate_due(state: &AppState, now: i64) -> anyhow::Result<usize> {
    let periods = due_periods(now);
    let Some(since) = periods.iter().map(|p| p.start).min() else { return Ok(0) };
    let mut stored = 0;
    for (owner, org_id) in state.store.archive_owners().await? {
        let have: HashSet<(String, String)> = state.store.archived_periods(owner, since).await?.into_iter().collect();
        for period in periods.iter().filter(|p| !have.contains(&(p.view_name.to_owned(), p.period.clone()))) {
            if stored >= PER_RUN {
                return Ok(stored);
            }
            if generate(state, owner, org_id, period).await? {
                stored += 1;
            }
        }
    }
    if stored > 0 {
        tracing::info!(stored, "reports generated");
    }
    Ok(stored)
}

/// Computes and stores one archive; `false` when nothing was stored (the definition is gone, or a late reading
/// came while it was computed: the next run makes it).
async fn generate(state: &AppState, owner: ArchiveOwner, org_id: i64, period: &DuePeriod) -> anyhow::Result<bool> {
    let computed_from = ironsight_store::now_ms();
    let viewer = Viewer::server(org_id);
    let data = match owner {
        ArchiveOwner::Report(id) => {
            let Some(report) = state.store.report(&viewer, id).await? else { return Ok(false) };
            let (cols, table) = columns_of_report(state, &viewer, &report).await?;
            table_json(state, org_id, period, cols, &table).await?
        }
        ArchiveOwner::Custom(id) => {
            let Some(report) = state.store.custom_report(&viewer, id).await? else { return Ok(false) };
            let Some((cols, table)) = columns_of_custom(state, &viewer, &report).await? else { return Ok(false) };
            table_json(state, org_id, period, cols, &table).await?
        }
    };
    state
        .store
        .put_archive(&NewArchive {
            org_id,
            owner,
            view: period.view_name,
            period: &period.period,
            start: period.start,
            end: period.end,
            generated_ms: ironsight_store::now_ms(),
            computed_from,
            data: &data,
        })
        .await
}

async fn table_json<C: serde::Serialize>(
    state: &AppState,
    org_id: i64,
    period: &DuePeriod,
    cols: Vec<C>,
    table: &[TableColumn],
) -> anyhow::Result<String> {
    let (rows, _) = rows_of(state, org_id, &period.view, None, table).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(serde_json::to_string(&StoredTable { cols, rows })?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, hour: i64, minute: i64) -> i64 {
        Day::parse(text).unwrap().start_ms() + hour * 3_600_000 + minute * 60_000
    }

    #[test]
    fn the_day_and_month_just_closed_wait_until_settled() {
        let early = due_periods(at("2026-12-01", 0, 5));
        let names: Vec<&str> = early.iter().map(|p| p.period.as_str()).collect();
        assert_eq!(names[0], "2026-11-29", "30 November is not settled at 00:05");
        assert!(!names.contains(&"2026-11"), "{names:?}");
        assert_eq!(early.iter().filter(|p| p.view_name == "day").count() as i64, CATCH_UP_DAYS);

        let later = due_periods(at("2026-12-01", 0, 10));
        let names: Vec<&str> = later.iter().map(|p| p.period.as_str()).collect();
        assert_eq!(names[0], "2026-11-30");
        assert_eq!(names.iter().filter(|n| n.len() == 7).copied().collect::<Vec<_>>(), ["2026-11", "2026-10"]);
        assert_eq!(later.iter().filter(|p| p.view_name == "day").count() as i64, CATCH_UP_DAYS);
    }

    #[test]
    fn periods_are_china_days_and_months() {
        let periods = due_periods(at("2026-01-15", 12, 0));
        let day = &periods[0];
        assert_eq!(
            (day.period.as_str(), day.start, day.end),
            ("2026-01-14", at("2026-01-14", 0, 0), at("2026-01-15", 0, 0))
        );
        let month = periods.iter().find(|p| p.view_name == "month").unwrap();
        assert_eq!(
            (month.period.as_str(), month.start, month.end),
            ("2025-12", at("2025-12-01", 0, 0), at("2026-01-01", 0, 0))
        );
    }
}

//! Reports generated on schedule (docs/reports.md, "Generated reports"): a closed day's or month's table of a
//! report definition or a custom report, kept as its view answered it when it was made. The archive worker
//! (`ironsight::report_archive`) makes them; a late reading drops those of its period ([`Store::drop_stale_archives`],
//! called by the roll-up worker in the transaction that rolls the reading up) so that they are made again.
//!
//! Access is the caller's: it checks that the viewer sees the definition before it asks for its archives.

use crate::rollups::minute_of;
use crate::{Page, Store};
use ironsight_domain::rollup::MINUTE_MS;
use sqlx::Row;
use sqlx::any::AnyRow;
use std::collections::BTreeMap;

/// How long after a period's end its archive is made: readings of its last minutes have arrived and settled. A
/// minute older than this when it is rolled up is late: it may fall in an archived period.
pub const ARCHIVE_AFTER_MS: i64 = 10 * MINUTE_MS;

/// Whose archive: an equipment's report definition or a project's custom report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchiveOwner {
    Report(i64),
    Custom(i64),
}

impl ArchiveOwner {
    /// The owner's column and id.
    fn column(self) -> (&'static str, i64) {
        match self {
            ArchiveOwner::Report(id) => ("report_id", id),
            ArchiveOwner::Custom(id) => ("custom_report_id", id),
        }
    }
}

/// A generated report, without its table.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchiveEntry {
    /// `day` or `month`.
    pub view: String,
    /// `YYYY-MM-DD` or `YYYY-MM` (China time).
    pub period: String,
    pub start: i64,
    pub end: i64,
    pub generated_ms: i64,
}

/// What the worker stores: the period and the table as JSON.
pub struct NewArchive<'a> {
    pub org_id: i64,
    pub owner: ArchiveOwner,
    pub view: &'a str,
    pub period: &'a str,
    pub start: i64,
    pub end: i64,
    pub generated_ms: i64,
    /// When the table's computation began: the archive is not stored when a late reading was rolled up since.
    pub computed_from: i64,
    pub data: &'a str,
}

fn entry_of(r: &AnyRow) -> Result<ArchiveEntry, sqlx::Error> {
    Ok(ArchiveEntry {
        view: r.try_get("view")?,
        period: r.try_get("period")?,
        start: r.try_get("period_start")?,
        end: r.try_get("period_end")?,
        generated_ms: r.try_get("generated_ms")?,
    })
}

const ENTRY: &str = "view, period, period_start, period_end, generated_ms";

impl Store {
    /// Every report definition and custom report with its organisation, for the archive worker.
    pub async fn archive_owners(&self) -> anyhow::Result<Vec<(ArchiveOwner, i64)>> {
        let rows = sqlx::query(
            "SELECT 0 AS custom, id, org_id FROM reports UNION ALL SELECT 1, id, org_id FROM custom_reports ORDER BY 1, 2",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                let id: i64 = r.try_get("id")?;
                let owner = if r.try_get::<i64, _>("custom")? == 1 {
                    ArchiveOwner::Custom(id)
                } else {
                    ArchiveOwner::Report(id)
                };
                Ok((owner, r.try_get("org_id")?))
            })
            .collect()
    }

    /// The `(view, period)` of an owner's archives of periods ending after `since`.
    pub async fn archived_periods(&self, owner: ArchiveOwner, since: i64) -> anyhow::Result<Vec<(String, String)>> {
        let (column, id) = owner.column();
        let rows =
            sqlx::query(&format!("SELECT view, period FROM report_archive WHERE {column} = $1 AND period_end > $2"))
                .bind(id)
                .bind(since)
                .fetch_all(self.pool())
                .await?;
        Ok(rows.iter().map(|r| Ok((r.try_get("view")?, r.try_get("period")?))).collect::<Result<_, sqlx::Error>>()?)
    }

    /// Stores a generated report, replacing one of the same owner, view and period; `false` when nothing was
    /// stored: the owner was deleted, or a late reading was rolled up after the table's computation began (it
    /// may be missing from it; the worker computes it again).
    pub async fn put_archive(&self, archive: &NewArchive<'_>) -> anyhow::Result<bool> {
        let (column, id) = archive.owner.column();
        let owners = match archive.owner {
            ArchiveOwner::Report(_) => "reports",
            ArchiveOwner::Custom(_) => "custom_reports",
        };
        let mut tx = self.begin_write().await?;
        sqlx::query(&format!("DELETE FROM report_archive WHERE {column} = $1 AND view = $2 AND period = $3"))
            .bind(id)
            .bind(archive.view)
            .bind(archive.period)
            .execute(&mut *tx)
            .await?;
        let done = sqlx::query(&format!(
            "INSERT INTO report_archive (org_id, {column}, view, period, period_start, period_end, generated_ms, data) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE EXISTS (SELECT 1 FROM {owners} WHERE id = $2) \
             AND (SELECT late_ms FROM report_archive_late WHERE id = 1) < $9"
        ))
        .bind(archive.org_id)
        .bind(id)
        .bind(archive.view)
        .bind(archive.period)
        .bind(archive.start)
        .bind(archive.end)
        .bind(archive.generated_ms)
        .bind(archive.data)
        .bind(archive.computed_from)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// An owner's generated reports, the newest period first (days before the month that holds them), a page.
    pub async fn archive_list(
        &self,
        owner: ArchiveOwner,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<ArchiveEntry>> {
        let (column, id) = owner.column();
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM report_archive WHERE {column} = $1"))
            .bind(id)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT {ENTRY} FROM report_archive WHERE {column} = $1 \
             ORDER BY period_end DESC, period_start DESC LIMIT $2 OFFSET $3"
        ))
        .bind(id)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        Ok(Page { total, list: rows.iter().map(entry_of).collect::<Result<_, _>>()? })
    }

    /// One generated report with its table (JSON as stored).
    pub async fn archive(
        &self,
        owner: ArchiveOwner,
        view: &str,
        period: &str,
    ) -> anyhow::Result<Option<(ArchiveEntry, String)>> {
        let (column, id) = owner.column();
        let row = sqlx::query(&format!(
            "SELECT {ENTRY}, data FROM report_archive WHERE {column} = $1 AND view = $2 AND period = $3"
        ))
        .bind(id)
        .bind(view)
        .bind(period)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| Ok::<_, sqlx::Error>((entry_of(&r)?, r.try_get("data")?))).transpose()?)
    }

    /// Drops the archives late readings make stale, in the roll-up's transaction: for each signal of `minutes`
    /// (`(signal, minute)` rolled up at `now`) whose minute is late (older than [`ARCHIVE_AFTER_MS`]), those of
    /// periods its late minutes fall in, of the reports of its equipment and the custom reports of the projects
    /// that hold its equipment (a custom report that does not read the signal is made again for nothing, which is
    /// cheap and rare), and notes the moment so that an archive computed before it is not stored. A live reading
    /// is never late.
    pub(crate) async fn drop_stale_archives(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        minutes: &[(i64, i64)],
        now: i64,
    ) -> anyhow::Result<u64> {
        let late_before = minute_of(now - ARCHIVE_AFTER_MS);
        let mut spans: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
        for &(signal, minute) in minutes.iter().filter(|m| m.1 < late_before) {
            let span = spans.entry(signal).or_insert((minute, minute));
            span.0 = span.0.min(minute);
            span.1 = span.1.max(minute);
        }
        if spans.is_empty() {
            return Ok(0);
        }
        sqlx::query("UPDATE report_archive_late SET late_ms = $1 WHERE id = 1").bind(now).execute(&mut **tx).await?;
        let mut dropped = 0;
        for (signal, (first, last)) in spans {
            dropped += sqlx::query(
                "DELETE FROM report_archive WHERE period_start <= $2 AND period_end > $3 AND ( \
                 report_id IN (SELECT r.id FROM reports r JOIN signals s ON s.equipment_id = r.equipment_id \
                 WHERE s.id = $1) \
                 OR custom_report_id IN (SELECT c.id FROM custom_reports c \
                 JOIN project_equipment pe ON pe.project_id = c.project_id \
                 JOIN signals s ON s.equipment_id = pe.equipment_id WHERE s.id = $1))",
            )
            .bind(signal)
            .bind(last)
            .bind(first)
            .execute(&mut **tx)
            .await?
            .rows_affected();
        }
        Ok(dropped)
    }
}

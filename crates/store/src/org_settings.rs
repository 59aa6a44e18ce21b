//! An organisation's system settings (docs/account.md, "System settings"): the idle session timeout and the
//! history retention and the shifts of its day (for reports), in `org_settings`; the pruning of history older than the retention, in batches; and the
//! SQLite backup (`VACUUM INTO`), which is deployment-wide.

use crate::{Backend, Store, now_ms};
use ironsight_domain::report::Shift;
use sqlx::Row;

/// An organisation's settings; 0 means "not set": the deployment's session timeout, history kept forever.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrgSettings {
    pub session_minutes: i64,
    pub retention_days: i64,
}

/// Rows one pruning statement deletes at most, so a long backlog never holds the database for long: ingest's
/// batches get their turn between two.
pub const PRUNE_BATCH: i64 = 5_000;

impl Store {
    pub async fn org_settings(&self, org_id: i64) -> anyhow::Result<OrgSettings> {
        let row = sqlx::query("SELECT session_minutes, retention_days FROM org_settings WHERE org_id = $1")
            .bind(org_id)
            .fetch_optional(self.pool())
            .await?;
        let Some(r) = row else { return Ok(OrgSettings::default()) };
        Ok(OrgSettings { session_minutes: r.try_get("session_minutes")?, retention_days: r.try_get("retention_days")? })
    }

    pub async fn save_org_settings(&self, org_id: i64, settings: OrgSettings) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO org_settings (org_id, session_minutes, retention_days, updated_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (org_id) DO UPDATE SET session_minutes = excluded.session_minutes, \
             retention_days = excluded.retention_days, updated_ms = excluded.updated_ms",
        )
        .bind(org_id)
        .bind(settings.session_minutes)
        .bind(settings.retention_days)
        .bind(now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The shifts of the organisation's day for its reports, `None` until it sets its own.
    pub async fn org_shifts(&self, org_id: i64) -> anyhow::Result<Option<Vec<Shift>>> {
        let text: Option<Option<String>> = sqlx::query_scalar("SELECT shifts FROM org_settings WHERE org_id = $1")
            .bind(org_id)
            .fetch_optional(self.pool())
            .await?;
        Ok(text.flatten().map(|t| serde_json::from_str(&t)).transpose()?)
    }

    /// Sets the shifts of the organisation's day (checked by the caller).
    pub async fn save_org_shifts(&self, org_id: i64, shifts: &[Shift]) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO org_settings (org_id, shifts, updated_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (org_id) DO UPDATE SET shifts = excluded.shifts, updated_ms = excluded.updated_ms",
        )
        .bind(org_id)
        .bind(serde_json::to_string(shifts)?)
        .bind(now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The organisations that keep history for a limited number of days: `(org_id, retention_days)`.
    pub async fn retention_limits(&self) -> anyhow::Result<Vec<(i64, i64)>> {
        let rows = sqlx::query("SELECT org_id, retention_days FROM org_settings WHERE retention_days > 0")
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(|r| Ok((r.try_get("org_id")?, r.try_get("retention_days")?))).collect()
    }

    /// Deletes at most [`PRUNE_BATCH`] history rows older than `before_ms` of the organisation's signals; answers
    /// how many were deleted (fewer than the batch: nothing older is left).
    pub async fn prune_history_batch(&self, org_id: i64, before_ms: i64) -> anyhow::Result<u64> {
        let done = sqlx::query(
            "DELETE FROM signal_history WHERE (signal_id, t) IN (\
                SELECT h.signal_id, h.t FROM signal_history h \
                JOIN signals s ON s.id = h.signal_id JOIN equipment e ON e.id = s.equipment_id \
                WHERE e.org_id = $1 AND h.t < $2 LIMIT $3)",
        )
        .bind(org_id)
        .bind(before_ms)
        .bind(PRUNE_BATCH)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }

    /// Writes a consistent copy of the whole SQLite database to `path` (which must not exist); `Ok(false)` on
    /// PostgreSQL, whose backup is `pg_dump`'s.
    pub async fn backup_sqlite_into(&self, path: &std::path::Path) -> anyhow::Result<bool> {
        if self.backend() != Backend::Sqlite {
            return Ok(false);
        }
        let path = path.to_str().ok_or_else(|| anyhow::anyhow!("backup path is not UTF-8"))?;
        sqlx::query("VACUUM INTO $1").bind(path).execute(self.pool()).await?;
        Ok(true)
    }
}

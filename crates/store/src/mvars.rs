//! A project's intermediate variables (docs/mvars.md; `ironsight_domain::mvar` holds the rules). Every statement
//! names the organisation through the project, so another organisation's variable is never read or changed; the
//! route's guard has already checked the caller sees the whole project.

use crate::{Backend, Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// One intermediate variable as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mvar {
    pub id: i64,
    pub project_id: i64,
    pub name: String,
    /// `sum`, `avg`, `min`, `max` or `custom`.
    pub calc: String,
    /// The custom formula; empty for an aggregate.
    pub formula: String,
    /// An aggregate's signals, or a formula's placeholders' signals in order, each once.
    pub signal_ids: Vec<i64>,
    pub unit: String,
    pub decimals: i64,
    /// Last change (ms).
    pub updated: i64,
}

/// What a save writes (checked before: `api::mvars`).
pub struct MvarFields<'a> {
    pub name: &'a str,
    pub calc: &'a str,
    pub formula: &'a str,
    pub signal_ids: &'a [i64],
    pub unit: &'a str,
    pub decimals: i64,
}

/// Why a save changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MvarSaveError {
    /// Another variable of the project has the name.
    NameTaken,
    /// The project already has the most it may.
    TooMany,
    /// No such variable (of the organisation).
    NotFound,
}

const COLUMNS: &str = "v.id, v.project_id, v.name, v.calc, v.formula, v.signal_ids, v.unit, v.decimals, v.updated_ms";

fn mvar_of(r: &AnyRow) -> anyhow::Result<Mvar> {
    let ids: String = r.try_get("signal_ids")?;
    Ok(Mvar {
        id: r.try_get("id")?,
        project_id: r.try_get("project_id")?,
        name: r.try_get("name")?,
        calc: r.try_get("calc")?,
        formula: r.try_get("formula")?,
        signal_ids: ids.split(',').filter_map(|id| id.parse().ok()).collect(),
        unit: r.try_get("unit")?,
        decimals: r.try_get("decimals")?,
        updated: r.try_get("updated_ms")?,
    })
}

fn joined(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

impl Store {
    /// The variables of the organisation's project `project_id`, by name.
    pub async fn mvars(&self, org_id: i64, project_id: i64) -> anyhow::Result<Vec<Mvar>> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM project_mvars v JOIN projects p ON p.id = v.project_id \
             WHERE p.org_id = $1 AND p.id = $2 ORDER BY v.name, v.id"
        ))
        .bind(org_id)
        .bind(project_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(mvar_of).collect()
    }

    /// The organisation's variable `id`, with its project.
    pub async fn mvar(&self, org_id: i64, id: i64) -> anyhow::Result<Option<Mvar>> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM project_mvars v JOIN projects p ON p.id = v.project_id \
             WHERE p.org_id = $1 AND v.id = $2"
        ))
        .bind(org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(mvar_of).transpose()
    }

    /// Which of `signal_ids` are signals of the organisation's project `project_id`'s equipment, with their
    /// equipment: `(signal id, equipment id)`.
    pub async fn project_signal_owners(
        &self,
        org_id: i64,
        project_id: i64,
        signal_ids: &[i64],
    ) -> anyhow::Result<Vec<(i64, i64)>> {
        if signal_ids.is_empty() {
            return Ok(Vec::new());
        }
        // The ids are numbers parsed by the caller: written into the statement, as a list bind is not portable.
        let sql = format!(
            "SELECT s.id, s.equipment_id FROM signals s JOIN equipment e ON e.id = s.equipment_id \
             JOIN project_equipment pe ON pe.equipment_id = e.id JOIN projects p ON p.id = pe.project_id \
             AND p.org_id = e.org_id WHERE p.org_id = $1 AND p.id = $2 AND s.id IN ({})",
            joined(signal_ids)
        );
        let rows = sqlx::query(&sql).bind(org_id).bind(project_id).fetch_all(self.pool()).await?;
        rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("equipment_id")?))).collect()
    }

    /// Adds a variable to the organisation's project; the count and the insert are one write transaction (the
    /// project's row locked first on PostgreSQL), so two saves at once cannot pass `max` together.
    pub async fn add_mvar(
        &self,
        project_id: i64,
        fields: &MvarFields<'_>,
        max: usize,
    ) -> anyhow::Result<Result<i64, MvarSaveError>> {
        let mut tx = self.begin_write().await?;
        if self.backend() == Backend::Postgres {
            sqlx::query("SELECT id FROM projects WHERE id = $1 FOR UPDATE").bind(project_id).execute(&mut *tx).await?;
        }
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM project_mvars WHERE project_id = $1")
            .bind(project_id)
            .fetch_one(&mut *tx)
            .await?;
        if count >= max as i64 {
            tx.rollback().await?;
            return Ok(Err(MvarSaveError::TooMany));
        }
        let inserted = sqlx::query_scalar(
            "INSERT INTO project_mvars (project_id, name, calc, formula, signal_ids, unit, decimals, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(project_id)
        .bind(fields.name)
        .bind(fields.calc)
        .bind(fields.formula)
        .bind(joined(fields.signal_ids))
        .bind(fields.unit)
        .bind(fields.decimals)
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await;
        match inserted {
            Ok(id) => {
                tx.commit().await?;
                Ok(Ok(id))
            }
            Err(e) if crate::is_unique_violation(&e) => Ok(Err(MvarSaveError::NameTaken)),
            Err(e) => Err(e.into()),
        }
    }

    /// Replaces the fields of the organisation's variable `id` (its project stays).
    pub async fn edit_mvar(
        &self,
        org_id: i64,
        id: i64,
        fields: &MvarFields<'_>,
    ) -> anyhow::Result<Result<(), MvarSaveError>> {
        let done = sqlx::query(
            "UPDATE project_mvars SET name = $1, calc = $2, formula = $3, signal_ids = $4, unit = $5, decimals = $6, \
             updated_ms = $7 WHERE id = $8 AND project_id IN (SELECT id FROM projects WHERE org_id = $9)",
        )
        .bind(fields.name)
        .bind(fields.calc)
        .bind(fields.formula)
        .bind(joined(fields.signal_ids))
        .bind(fields.unit)
        .bind(fields.decimals)
        .bind(now_ms())
        .bind(id)
        .bind(org_id)
        .execute(self.pool())
        .await;
        match done {
            Ok(done) if done.rows_affected() == 1 => Ok(Ok(())),
            Ok(_) => Ok(Err(MvarSaveError::NotFound)),
            Err(e) if crate::is_unique_violation(&e) => Ok(Err(MvarSaveError::NameTaken)),
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes the organisation's variable `id`; false when there is none. Pages that bind it show no value for
    /// it (the viewer's binding repair), as for a deleted signal.
    pub async fn delete_mvar(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "DELETE FROM project_mvars WHERE id = $1 AND project_id IN (SELECT id FROM projects WHERE org_id = $2)",
        )
        .bind(id)
        .bind(org_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

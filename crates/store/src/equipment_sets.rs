//! Named sets of equipment: what scenes and projects have in common, written once.
//!
//! A scene and a project are both an organisation's named set of its equipment: a table of sets (`id`, `org_id`,
//! `name` unique within the organisation, `created_ms`, `updated_ms`, plus text columns of its own) and a member
//! table (`<set>_id`, `equipment_id`). Adding, editing and deleting one is the same work — the name's uniqueness
//! answered from the unique index (so two concurrent saves cannot both win), the check that every equipment is the
//! organisation's, the rewrite of the members — so [`scenes`](crate::scenes) and [`projects`](crate::projects)
//! share it here and keep only their reads, which differ. An [`EquipmentSet`] says where a kind of set is stored;
//! the only ones are the constants [`SCENES`] and [`PROJECTS`], so every table and column name put into a statement
//! comes from this code, never from input.

use crate::{Store, now_ms};
use sqlx::any::AnyRow;
use sqlx::{Any, Executor};

/// Why saving a scene or a project did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The organisation has another one of that name.
    NameTaken,
    /// One of the equipment is not the organisation's (or does not exist).
    NoEquipment,
    /// The scene or project to edit does not exist in the organisation.
    NotFound,
}

/// Where one kind of named equipment set is stored. Fields are private: only the constants below exist.
pub(crate) struct EquipmentSet {
    /// The table of the sets.
    table: &'static str,
    /// The member table, one row per equipment of a set.
    members: &'static str,
    /// The member table's column naming the set.
    member_key: &'static str,
    /// Text columns of the set beyond its name, saved from the values given in this order.
    text_columns: &'static [&'static str],
    /// Whether members keep their order, in a `position` column (0, 1, …).
    ordered: bool,
}

/// Scenes: no text beyond the name; members keep the board order.
pub(crate) const SCENES: EquipmentSet = EquipmentSet {
    table: "scenes",
    members: "scene_equipment",
    member_key: "scene_id",
    text_columns: &[],
    ordered: true,
};

/// Projects: a remark; members in no particular order.
pub(crate) const PROJECTS: EquipmentSet = EquipmentSet {
    table: "projects",
    members: "project_equipment",
    member_key: "project_id",
    text_columns: &["remark"],
    ordered: false,
};

/// `$first, $first+1, …` placeholders for `count` arguments.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

/// True when every id (distinct) is equipment of the organisation.
pub(crate) async fn all_own_equipment(
    conn: &mut sqlx::AnyConnection,
    org_id: i64,
    ids: &[i64],
) -> anyhow::Result<bool> {
    if ids.is_empty() {
        return Ok(true);
    }
    let sql = format!("SELECT COUNT(*) FROM equipment WHERE org_id = $1 AND id IN ({})", placeholders(2, ids.len()));
    let mut query = sqlx::query_scalar::<_, i64>(&sql).bind(org_id);
    for id in ids {
        query = query.bind(*id);
    }
    Ok(query.fetch_one(&mut *conn).await? == ids.len() as i64)
}

/// The outcome of a save that may hit the unique name: `NameTaken` for a unique violation, other errors as they are.
fn name_checked<T>(result: Result<T, sqlx::Error>) -> anyhow::Result<Result<T, SaveError>> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(e) if crate::is_unique_violation(&e) => Ok(Err(SaveError::NameTaken)),
        Err(e) => Err(e.into()),
    }
}

impl EquipmentSet {
    /// The organisation's set `id`: its `id`, `name` and text columns.
    pub(crate) async fn find<'c, E>(&self, conn: E, org_id: i64, id: i64) -> anyhow::Result<Option<AnyRow>>
    where
        E: Executor<'c, Database = Any>,
    {
        let columns: String = self.text_columns.iter().map(|c| format!(", {c}")).collect();
        let sql = format!("SELECT id, name{columns} FROM {} WHERE org_id = $1 AND id = $2", self.table);
        Ok(sqlx::query(&sql).bind(org_id).bind(id).fetch_optional(conn).await?)
    }

    /// Adds a set with its `texts` (one per text column) and its equipment (distinct ids, in this order).
    pub(crate) async fn add(
        &self,
        store: &Store,
        org_id: i64,
        name: &str,
        texts: &[&str],
        ids: &[i64],
    ) -> anyhow::Result<Result<i64, SaveError>> {
        debug_assert_eq!(texts.len(), self.text_columns.len());
        let mut tx = store.begin_write().await?;
        if !all_own_equipment(&mut tx, org_id, ids).await? {
            return Ok(Err(SaveError::NoEquipment));
        }
        let columns: String = self.text_columns.iter().map(|c| format!(", {c}")).collect();
        let now = 3 + texts.len();
        let sql = format!(
            "INSERT INTO {} (org_id, name{columns}, created_ms, updated_ms) VALUES ($1, $2{}, ${now}, ${now}) \
             RETURNING id",
            self.table,
            (0..texts.len()).map(|i| format!(", ${}", 3 + i)).collect::<String>(),
        );
        let mut query = sqlx::query_scalar(&sql).bind(org_id).bind(name);
        for text in texts {
            query = query.bind(*text);
        }
        let id: i64 = match name_checked(query.bind(now_ms()).fetch_one(&mut *tx).await)? {
            Ok(id) => id,
            Err(e) => return Ok(Err(e)),
        };
        self.insert_members(&mut tx, id, ids).await?;
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Renames a set, replaces its `texts` (one per text column) and its equipment (distinct ids, in this order).
    pub(crate) async fn edit(
        &self,
        store: &Store,
        org_id: i64,
        id: i64,
        name: &str,
        texts: &[&str],
        ids: &[i64],
    ) -> anyhow::Result<Result<(), SaveError>> {
        debug_assert_eq!(texts.len(), self.text_columns.len());
        let mut tx = store.begin_write().await?;
        if self.find(&mut *tx, org_id, id).await?.is_none() {
            return Ok(Err(SaveError::NotFound));
        }
        if !all_own_equipment(&mut tx, org_id, ids).await? {
            return Ok(Err(SaveError::NoEquipment));
        }
        let columns: String =
            self.text_columns.iter().enumerate().map(|(i, c)| format!(", {c} = ${}", 2 + i)).collect();
        let now = 2 + texts.len();
        let sql = format!(
            "UPDATE {} SET name = $1{columns}, updated_ms = ${now} WHERE org_id = ${} AND id = ${}",
            self.table,
            now + 1,
            now + 2,
        );
        let mut query = sqlx::query(&sql).bind(name);
        for text in texts {
            query = query.bind(*text);
        }
        if let Err(e) = name_checked(query.bind(now_ms()).bind(org_id).bind(id).execute(&mut *tx).await)? {
            return Ok(Err(e));
        }
        sqlx::query(&format!("DELETE FROM {} WHERE {} = $1", self.members, self.member_key))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        self.insert_members(&mut tx, id, ids).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Deletes a set with its members (the equipment stays); false without such a set in the organisation.
    pub(crate) async fn delete(&self, store: &Store, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let mut tx = store.begin_write().await?;
        // Members explicitly, so the outcome does not hang on the connection's foreign-key setting.
        sqlx::query(&format!(
            "DELETE FROM {} WHERE {} = $1 AND EXISTS (SELECT 1 FROM {} s WHERE s.id = $1 AND s.org_id = $2)",
            self.members, self.member_key, self.table,
        ))
        .bind(id)
        .bind(org_id)
        .execute(&mut *tx)
        .await?;
        let done = sqlx::query(&format!("DELETE FROM {} WHERE org_id = $1 AND id = $2", self.table))
            .bind(org_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Inserts the members of set `set_id` (with their position when the set keeps an order).
    async fn insert_members(&self, conn: &mut sqlx::AnyConnection, set_id: i64, ids: &[i64]) -> anyhow::Result<()> {
        let sql = if self.ordered {
            format!("INSERT INTO {} ({}, equipment_id, position) VALUES ($1, $2, $3)", self.members, self.member_key)
        } else {
            format!("INSERT INTO {} ({}, equipment_id) VALUES ($1, $2)", self.members, self.member_key)
        };
        for (position, equipment_id) in ids.iter().enumerate() {
            let query = sqlx::query(&sql).bind(set_id).bind(*equipment_id);
            let query = if self.ordered { query.bind(position as i64) } else { query };
            query.execute(&mut *conn).await?;
        }
        Ok(())
    }
}

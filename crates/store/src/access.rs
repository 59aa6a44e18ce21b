//! Which equipment an account may see (per-device authorisation).
//!
//! An organisation's administrators (and any account whose data range is `all`) see all of its equipment; an
//! ordinary sub-account (`authorised`) sees only the equipment granted to it in `equipment_grants`. Every
//! statement that reads or changes equipment, or anything hanging off one (signals, values, alarms, pages,
//! reports, cards, sets), narrows by a [`Viewer`], so the rule is written once, here.

use crate::Store;
use crate::users::User;

/// Who is looking: the organisation, the account, and whether the account is limited to its grants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewer {
    pub org_id: i64,
    pub user_id: i64,
    /// True for a sub-account that sees only the equipment granted to it.
    pub granted_only: bool,
}

/// The data range of an account that sees every equipment of its organisation.
pub const DATA_RANGE_ALL: &str = "all";
/// The data range of an account that sees only the equipment granted to it.
pub const DATA_RANGE_AUTHORISED: &str = "authorised";

impl Viewer {
    /// The server itself (the gateway link, the alarm engine, start-up seeding): sees every equipment of
    /// `org_id` and is no account (user id 0, so it has no follow or stick marks).
    pub fn server(org_id: i64) -> Viewer {
        Viewer { org_id, user_id: 0, granted_only: false }
    }

    /// ` AND …` limiting the equipment rows aliased `alias` to those this viewer may see, beyond the
    /// organisation (which the caller's statement already binds); empty for a viewer of the whole organisation.
    /// The account id is an integer, so it is written into the text rather than bound: statements keep their
    /// own argument numbering.
    pub fn grant_sql(&self, alias: &str) -> String {
        self.grant_sql_on(&format!("{alias}.id"))
    }

    /// As [`Viewer::grant_sql`], for rows that name their equipment in `equipment_id_column` (e.g.
    /// `a.equipment_id` of an alarm record).
    pub fn grant_sql_on(&self, equipment_id_column: &str) -> String {
        if self.granted_only {
            format!(
                " AND EXISTS (SELECT 1 FROM equipment_grants eg WHERE eg.equipment_id = {equipment_id_column} \
                 AND eg.user_id = {})",
                self.user_id
            )
        } else {
            String::new()
        }
    }
}

/// SQL condition over a user row `u` true when the account sees every equipment of its organisation (the
/// same rule as [`User::viewer`], for statements that pick users, e.g. who is told about an alarm).
pub const SEES_WHOLE_ORG_SQL: &str = "(u.role_type = 'admin' OR u.data_range = 'all')";

impl User {
    /// How this account sees equipment: administrators and accounts whose data range is `all` see the whole
    /// organisation; every other account only what is granted to it.
    pub fn viewer(&self) -> Viewer {
        let whole_org = self.role_type == ROLE_ADMIN || self.data_range == DATA_RANGE_ALL;
        Viewer { org_id: self.org_id, user_id: self.id, granted_only: !whole_org }
    }
}

/// The role of an organisation's administrator (manages its sub-accounts).
pub const ROLE_ADMIN: &str = "admin";
/// The role of an ordinary sub-account.
pub const ROLE_USER: &str = "user";

impl Store {
    /// True when `viewer` may see equipment `id` (of its organisation and, for a sub-account, granted to it).
    pub async fn equipment_visible(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql =
            format!("SELECT COUNT(*) FROM equipment e WHERE e.org_id = $1 AND e.id = $2{}", viewer.grant_sql("e"));
        let n: i64 = sqlx::query_scalar(&sql).bind(viewer.org_id).bind(id).fetch_one(self.pool()).await?;
        Ok(n == 1)
    }

    /// The ids of the equipment granted to account `user_id`, ascending.
    pub async fn granted_equipment(&self, user_id: i64) -> anyhow::Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT equipment_id FROM equipment_grants WHERE user_id = $1 ORDER BY equipment_id")
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// Replaces the grants of account `user_id` by `equipment_ids` (distinct) in one transaction, so a reader sees
    /// the old set or the new one; answers how many are granted, or `None`, changing nothing, when an id is not an
    /// equipment of `org_id`.
    pub async fn set_granted_equipment(
        &self,
        org_id: i64,
        user_id: i64,
        equipment_ids: &[i64],
    ) -> anyhow::Result<Option<usize>> {
        let mut tx = self.pool().begin().await?;
        sqlx::query("DELETE FROM equipment_grants WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        for id in equipment_ids {
            let done = sqlx::query(
                "INSERT INTO equipment_grants (user_id, equipment_id) SELECT $1, e.id FROM equipment e \
                 WHERE e.org_id = $2 AND e.id = $3 ON CONFLICT DO NOTHING",
            )
            .bind(user_id)
            .bind(org_id)
            .bind(*id)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(None);
            }
        }
        tx.commit().await?;
        Ok(Some(equipment_ids.len()))
    }

    /// Grants equipment `equipment_id` to account `user_id` (a sub-account that adds an equipment sees it).
    pub async fn grant_equipment(&self, user_id: i64, equipment_id: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO equipment_grants (user_id, equipment_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(user_id)
            .bind(equipment_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

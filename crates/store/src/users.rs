//! User accounts. Passwords arrive here already hashed (argon2id, in the server); this module never sees one.

use crate::{Store, join_list, now_ms, split_list};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A user account with the user-info fields of spec section 3.
#[derive(Clone, Debug)]
pub struct User {
    pub id: i64,
    pub loginname: String,
    /// PHC string of the argon2id hash.
    pub password_hash: String,
    pub tel: String,
    pub email: String,
    pub org_id: i64,
    pub dept_id: i64,
    pub role_id: i64,
    /// `admin` or `user`; the spec does not name the meanings, these are ours.
    pub role_type: String,
    pub auth_region: String,
    /// `all` (every device of the organisation) or `authorised` (only devices granted to the account).
    pub data_range: String,
    /// Any of `sound`, `title`, `alter`: how new alarms are announced.
    pub promp_type: Vec<String>,
    pub scada_adaption: bool,
    /// `list` or `page`.
    pub equip_display: String,
    /// Permission codes.
    pub auths: Vec<String>,
    /// Disabled by an administrator: may not log in.
    pub disabled: bool,
    /// The phone number was proven by a code sent to it (account security).
    pub tel_verified: bool,
    /// The e-mail address was proven by a code sent to it.
    pub email_verified: bool,
    /// The security question; empty when none is set.
    pub question: String,
    /// PHC string of the argon2id hash of the normalised answer; empty when no question is set.
    pub answer_hash: String,
    /// An administrator asked for a new password at the next login: only the security calls answer until then.
    pub must_change_password: bool,
}

/// What creating a user needs; the rest takes column defaults.
#[derive(Clone, Debug)]
pub struct NewUser<'a> {
    pub loginname: &'a str,
    pub password_hash: &'a str,
    pub org_id: i64,
    pub role_type: &'a str,
    pub data_range: &'a str,
    pub auths: &'a [String],
    pub tel: &'a str,
    pub email: &'a str,
}

const USER_COLUMNS: &str = "id, loginname, password_hash, tel, email, org_id, dept_id, role_id, role_type, auth_region, \
    data_range, promp_type, scada_adaption, equip_display, auths, disabled, tel_verified, email_verified, question, \
    answer_hash, must_change_password";

fn user_from_row(r: &AnyRow) -> Result<User, sqlx::Error> {
    Ok(User {
        id: r.try_get("id")?,
        loginname: r.try_get("loginname")?,
        password_hash: r.try_get("password_hash")?,
        tel: r.try_get("tel")?,
        email: r.try_get("email")?,
        org_id: r.try_get("org_id")?,
        dept_id: r.try_get("dept_id")?,
        role_id: r.try_get("role_id")?,
        role_type: r.try_get("role_type")?,
        auth_region: r.try_get("auth_region")?,
        data_range: r.try_get("data_range")?,
        promp_type: split_list(&r.try_get::<String, _>("promp_type")?),
        scada_adaption: r.try_get::<i64, _>("scada_adaption")? != 0,
        equip_display: r.try_get("equip_display")?,
        auths: split_list(&r.try_get::<String, _>("auths")?),
        disabled: r.try_get::<i64, _>("disabled")? != 0,
        tel_verified: r.try_get::<i64, _>("tel_verified")? != 0,
        email_verified: r.try_get::<i64, _>("email_verified")? != 0,
        question: r.try_get("question")?,
        answer_hash: r.try_get("answer_hash")?,
        must_change_password: r.try_get::<i64, _>("must_change_password")? != 0,
    })
}

impl Store {
    /// Creates a user; `Ok(None)` when the login name is taken.
    pub async fn create_user(&self, new: &NewUser<'_>) -> anyhow::Result<Option<i64>> {
        if self.user_by_loginname(new.loginname).await?.is_some() {
            return Ok(None);
        }
        let result = sqlx::query_scalar(
            "INSERT INTO users (loginname, password_hash, org_id, role_type, data_range, auths, tel, email, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
        )
        .bind(new.loginname)
        .bind(new.password_hash)
        .bind(new.org_id)
        .bind(new.role_type)
        .bind(new.data_range)
        .bind(join_list(new.auths))
        .bind(new.tel)
        .bind(new.email)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await;
        match result {
            Ok(id) => Ok(Some(id)),
            // Two creators raced past the check above: the UNIQUE constraint decides.
            Err(e) if crate::is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    pub async fn user_by_loginname(&self, loginname: &str) -> anyhow::Result<Option<User>> {
        let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE loginname = $1"))
            .bind(loginname)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(user_from_row).transpose()?)
    }

    pub async fn user(&self, id: i64) -> anyhow::Result<Option<User>> {
        let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(user_from_row).transpose()?)
    }

    pub async fn user_count(&self) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(self.pool()).await?)
    }

    pub async fn set_password_hash(&self, user_id: i64, password_hash: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(user_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

/// What an administrator may change on a sub-account.
#[derive(Clone, Debug)]
pub struct SubAccountFields<'a> {
    pub tel: &'a str,
    pub email: &'a str,
    /// [`DATA_RANGE_ALL`](crate::access::DATA_RANGE_ALL) or
    /// [`DATA_RANGE_AUTHORISED`](crate::access::DATA_RANGE_AUTHORISED).
    pub data_range: &'a str,
    pub auths: &'a [String],
}

impl Store {
    /// The ordinary accounts (not administrators) of organisation `org_id`, by login name, each with the number
    /// of equipment granted to it.
    pub async fn sub_accounts(&self, org_id: i64) -> anyhow::Result<Vec<(User, i64)>> {
        let columns = USER_COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ");
        let rows = sqlx::query(&format!(
            "SELECT {columns}, (SELECT COUNT(*) FROM equipment_grants g WHERE g.user_id = u.id) AS granted \
             FROM users u WHERE u.org_id = $1 AND u.role_type = $2 ORDER BY u.loginname, u.id"
        ))
        .bind(org_id)
        .bind(crate::access::ROLE_USER)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok((user_from_row(r)?, r.try_get("granted")?))).collect()
    }

    /// Sub-account `id` of organisation `org_id`; `None` for another organisation's account or an administrator.
    pub async fn sub_account(&self, org_id: i64, id: i64) -> anyhow::Result<Option<User>> {
        Ok(self.user(id).await?.filter(|u| u.org_id == org_id && u.role_type == crate::access::ROLE_USER))
    }

    /// Changes a sub-account's contact, data range and permissions; false without such a sub-account.
    pub async fn edit_sub_account(&self, org_id: i64, id: i64, f: &SubAccountFields<'_>) -> anyhow::Result<bool> {
        let done = sqlx::query(
            // A changed address is no longer the one a code proved (account security).
            "UPDATE users SET tel = $1, email = $2, data_range = $3, auths = $4, \
               tel_verified = CASE WHEN tel = $1 THEN tel_verified ELSE 0 END, \
               email_verified = CASE WHEN email = $2 THEN email_verified ELSE 0 END \
             WHERE org_id = $5 AND id = $6 AND role_type = $7",
        )
        .bind(f.tel)
        .bind(f.email)
        .bind(f.data_range)
        .bind(join_list(f.auths))
        .bind(org_id)
        .bind(id)
        .bind(crate::access::ROLE_USER)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Disables or enables a sub-account; disabling ends its sessions in the same transaction. False without
    /// such a sub-account.
    pub async fn set_sub_account_disabled(&self, org_id: i64, id: i64, disabled: bool) -> anyhow::Result<bool> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query("UPDATE users SET disabled = $1 WHERE org_id = $2 AND id = $3 AND role_type = $4")
            .bind(i64::from(disabled))
            .bind(org_id)
            .bind(id)
            .bind(crate::access::ROLE_USER)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 1 && disabled {
            sqlx::query("UPDATE sessions SET ended_ms = $1 WHERE user_id = $2 AND ended_ms IS NULL")
                .bind(now_ms())
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets a new password (already hashed) and ends every session of the account, so whoever held the old
    /// password is logged out.
    pub async fn reset_password(&self, user_id: i64, password_hash: &str) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE sessions SET ended_ms = $1 WHERE user_id = $2 AND ended_ms IS NULL")
            .bind(now_ms())
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}

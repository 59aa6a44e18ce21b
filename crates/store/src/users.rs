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
    data_range, promp_type, scada_adaption, equip_display, auths";

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
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(None),
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

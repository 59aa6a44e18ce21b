//! A user's basic profile (the account area's `info` screen, docs/account.md): name, contact, department and the
//! avatar, in `user_profiles`; the phone number stays on `users.tel`, which notifications and the security set-up
//! read. A user without a row has an empty profile.

use crate::{Store, now_ms};
use sqlx::Row;

/// The profile as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    pub real_name: String,
    pub contact: String,
    pub department: String,
    /// Served path of the avatar (`/userimg/…`), or empty.
    pub avatar: String,
}

/// What a profile save changes; `tel: None` leaves the phone number alone.
#[derive(Clone, Debug)]
pub struct ProfileFields<'a> {
    pub real_name: &'a str,
    pub contact: &'a str,
    pub department: &'a str,
    pub tel: Option<&'a str>,
}

impl Store {
    /// The user's profile (empty when never saved).
    pub async fn user_profile(&self, user_id: i64) -> anyhow::Result<Profile> {
        let row = sqlx::query("SELECT real_name, contact, department, avatar FROM user_profiles WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(self.pool())
            .await?;
        let Some(r) = row else { return Ok(Profile::default()) };
        Ok(Profile {
            real_name: r.try_get("real_name")?,
            contact: r.try_get("contact")?,
            department: r.try_get("department")?,
            avatar: r.try_get("avatar")?,
        })
    }

    /// Saves the profile's text fields (and the phone number when given), in one transaction.
    pub async fn save_user_profile(&self, user_id: i64, fields: &ProfileFields<'_>) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO user_profiles (user_id, real_name, contact, department, updated_ms) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (user_id) DO UPDATE SET real_name = excluded.real_name, \
             contact = excluded.contact, department = excluded.department, updated_ms = excluded.updated_ms",
        )
        .bind(user_id)
        .bind(fields.real_name)
        .bind(fields.contact)
        .bind(fields.department)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        if let Some(tel) = fields.tel {
            sqlx::query("UPDATE users SET tel = $1 WHERE id = $2").bind(tel).bind(user_id).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Sets the avatar's served path and answers the one it replaces ('' for none), so the caller removes that file.
    pub async fn set_user_avatar(&self, user_id: i64, avatar: &str) -> anyhow::Result<String> {
        let mut tx = self.begin_write().await?;
        let old: Option<String> = sqlx::query_scalar("SELECT avatar FROM user_profiles WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO user_profiles (user_id, avatar, updated_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET avatar = excluded.avatar, updated_ms = excluded.updated_ms",
        )
        .bind(user_id)
        .bind(avatar)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(old.unwrap_or_default())
    }

    /// Whether `path` is the avatar of a user of `org_id`: colleagues see each other's avatars, other
    /// organisations never do.
    pub async fn avatar_visible(&self, org_id: i64, path: &str) -> anyhow::Result<bool> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM user_profiles p JOIN users u ON u.id = p.user_id WHERE u.org_id = $1 AND p.avatar = $2",
        )
        .bind(org_id)
        .bind(path)
        .fetch_one(self.pool())
        .await?;
        Ok(n > 0)
    }
}

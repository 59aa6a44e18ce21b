//! Account security: verification codes, a session's proven identity, password recoveries in progress, and the
//! account fields they change. The rules (how many, how long, what a code looks like) are the server's
//! (`crates/server/src/api/security_codes.rs`); this module keeps the rows and makes each check-and-change one
//! conditional statement, so two requests racing on one code or one ticket cannot both win.

use crate::Store;
use sqlx::Row;

/// Which contact field of an account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contact {
    Tel,
    Email,
}

impl Contact {
    fn columns(self) -> (&'static str, &'static str) {
        match self {
            Contact::Tel => ("tel", "tel_verified"),
            Contact::Email => ("email", "email_verified"),
        }
    }
}

/// A code as stored: never the digits, only their salted digest.
#[derive(Clone, Debug)]
pub struct StoredCode {
    pub id: i64,
    pub salt: String,
    pub code_hash: String,
    pub expires_ms: i64,
    pub attempts: i64,
    pub used: bool,
}

/// What was sent to an address lately, for the resend throttle.
#[derive(Clone, Copy, Debug, Default)]
pub struct SendHistory {
    /// When the newest code to the address was sent.
    pub last_sent_ms: Option<i64>,
    /// Codes sent to the address since the start of the window asked for.
    pub sent_in_window: i64,
}

/// A new code to keep.
#[derive(Clone, Debug)]
pub struct NewCode<'a> {
    pub user_id: i64,
    pub purpose: &'a str,
    pub address: &'a str,
    pub salt: &'a str,
    pub code_hash: &'a str,
    pub now: i64,
    pub expires_ms: i64,
}

/// A password recovery in progress.
#[derive(Clone, Copy, Debug)]
pub struct Ticket {
    pub user_id: i64,
    pub verified: bool,
    pub attempts: i64,
    pub expires_ms: i64,
}

impl Store {
    /// The codes sent to `address` since `since` and when the newest was.
    pub async fn code_sends(&self, address: &str, since: i64) -> anyhow::Result<SendHistory> {
        let row = sqlx::query(
            "SELECT MAX(created_ms) AS last_sent, COALESCE(SUM(CASE WHEN created_ms >= $2 THEN 1 ELSE 0 END), 0) AS sent \
             FROM verify_codes WHERE address = $1",
        )
        .bind(address)
        .bind(since)
        .fetch_one(self.pool())
        .await?;
        Ok(SendHistory { last_sent_ms: row.try_get("last_sent")?, sent_in_window: row.try_get("sent")? })
    }

    /// Keeps a new code; the older codes of the same account, purpose and address stop counting (only the newest
    /// is checked), and rows older than `purge_before` are forgotten.
    pub async fn put_code(&self, new: &NewCode<'_>, purge_before: i64) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM verify_codes WHERE created_ms < $1").bind(purge_before).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO verify_codes (user_id, purpose, address, salt, code_hash, created_ms, expires_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(new.user_id)
        .bind(new.purpose)
        .bind(new.address)
        .bind(new.salt)
        .bind(new.code_hash)
        .bind(new.now)
        .bind(new.expires_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The newest code sent to `address` for `user_id` and `purpose`.
    pub async fn newest_code(&self, user_id: i64, purpose: &str, address: &str) -> anyhow::Result<Option<StoredCode>> {
        let row = sqlx::query(
            "SELECT id, salt, code_hash, expires_ms, attempts, used_ms FROM verify_codes \
             WHERE user_id = $1 AND purpose = $2 AND address = $3 ORDER BY created_ms DESC, id DESC LIMIT 1",
        )
        .bind(user_id)
        .bind(purpose)
        .bind(address)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok(StoredCode {
                id: r.try_get("id")?,
                salt: r.try_get("salt")?,
                code_hash: r.try_get("code_hash")?,
                expires_ms: r.try_get("expires_ms")?,
                attempts: r.try_get("attempts")?,
                used: r.try_get::<Option<i64>, _>("used_ms")?.is_some(),
            })
        })
        .transpose()
    }

    /// Counts a wrong try on code `id` unless it already had `max` tries; true when this try was counted (so
    /// parallel wrong guesses cannot exceed `max` between them).
    pub async fn count_code_attempt(&self, id: i64, max: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE verify_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2")
            .bind(id)
            .bind(max)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Uses code `id` up; false when it was already used, has had `max` tries, or expired (another request won).
    pub async fn use_code(&self, id: i64, max: i64, now: i64) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "UPDATE verify_codes SET used_ms = $1, attempts = attempts + 1 \
             WHERE id = $2 AND used_ms IS NULL AND attempts < $3 AND expires_ms > $1",
        )
        .bind(now)
        .bind(id)
        .bind(max)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Moves the expiry of every code sent to `address` to `expires_ms`. Only for tests (an expired code without
    /// waiting ten minutes).
    pub async fn set_code_expiry(&self, address: &str, expires_ms: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE verify_codes SET expires_ms = $1 WHERE address = $2")
            .bind(expires_ms)
            .bind(address)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Moves the send time of every code sent to `address` back by `ms`. Only for tests (the resend wait).
    pub async fn age_code_sends(&self, address: &str, ms: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE verify_codes SET created_ms = created_ms - $1 WHERE address = $2")
            .bind(ms)
            .bind(address)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Records that the session `session_hash` proved its account's identity until `expires_ms`.
    pub async fn put_proof(&self, session_hash: &str, user_id: i64, now: i64, expires_ms: i64) -> anyhow::Result<()> {
        self.put_expiring(Expiring::Proof, session_hash, user_id, now, expires_ms).await
    }

    /// Inserts a short-lived grant of `kind` (a proof or a recovery ticket) keyed by `key`; the expired ones and an
    /// older one with the same key are removed in the same transaction, so the tables never grow with stale rows.
    async fn put_expiring(
        &self,
        kind: Expiring,
        key: &str,
        user_id: i64,
        now: i64,
        expires_ms: i64,
    ) -> anyhow::Result<()> {
        let (table, key_column) = kind.table();
        let mut tx = self.begin_write().await?;
        sqlx::query(&format!("DELETE FROM {table} WHERE expires_ms < $1 OR {key_column} = $2"))
            .bind(now)
            .bind(key)
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!("INSERT INTO {table} ({key_column}, user_id, expires_ms) VALUES ($1, $2, $3)"))
            .bind(key)
            .bind(user_id)
            .bind(expires_ms)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// True when the session proved `user_id`'s identity and the proof has not expired.
    pub async fn has_proof(&self, session_hash: &str, user_id: i64, now: i64) -> anyhow::Result<bool> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT user_id FROM security_proofs WHERE session_hash = $1 AND user_id = $2 AND expires_ms > $3",
        )
        .bind(session_hash)
        .bind(user_id)
        .bind(now)
        .fetch_optional(self.pool())
        .await?;
        Ok(found.is_some())
    }

    /// Sets a contact address; `verified` says whether a code proved it.
    pub async fn set_contact(
        &self,
        user_id: i64,
        contact: Contact,
        address: &str,
        verified: bool,
    ) -> anyhow::Result<()> {
        let (column, flag) = contact.columns();
        sqlx::query(&format!("UPDATE users SET {column} = $1, {flag} = $2 WHERE id = $3"))
            .bind(address)
            .bind(i64::from(verified))
            .bind(user_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Sets the security question and the hash of its normalised answer.
    pub async fn set_security_question(&self, user_id: i64, question: &str, answer_hash: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE users SET question = $1, answer_hash = $2 WHERE id = $3")
            .bind(question)
            .bind(answer_hash)
            .bind(user_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Sets a new password (hashed), clears "change at next login" and ends every session of the account but
    /// `keep_session` (the one that changed it; `None` ends all), with their proofs.
    pub async fn change_password(
        &self,
        user_id: i64,
        password_hash: &str,
        keep_session: Option<&str>,
        now: i64,
    ) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query("UPDATE users SET password_hash = $1, must_change_password = 0 WHERE id = $2")
            .bind(password_hash)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE sessions SET ended_ms = $1 WHERE user_id = $2 AND ended_ms IS NULL AND token_hash <> $3")
            .bind(now)
            .bind(user_id)
            .bind(keep_session.unwrap_or(""))
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM security_proofs WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM recovery_tickets WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Sets or clears an account's "change the password at next login".
    pub async fn set_must_change_password(&self, user_id: i64, must: bool) -> anyhow::Result<()> {
        sqlx::query("UPDATE users SET must_change_password = $1 WHERE id = $2")
            .bind(i64::from(must))
            .bind(user_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Starts a recovery of `user_id` named by `token_hash`; expired tickets are forgotten.
    pub async fn put_ticket(&self, token_hash: &str, user_id: i64, now: i64, expires_ms: i64) -> anyhow::Result<()> {
        self.put_expiring(Expiring::Ticket, token_hash, user_id, now, expires_ms).await
    }

    pub async fn ticket(&self, token_hash: &str) -> anyhow::Result<Option<Ticket>> {
        let row =
            sqlx::query("SELECT user_id, verified, attempts, expires_ms FROM recovery_tickets WHERE token_hash = $1")
                .bind(token_hash)
                .fetch_optional(self.pool())
                .await?;
        row.map(|r| {
            Ok(Ticket {
                user_id: r.try_get("user_id")?,
                verified: r.try_get::<i64, _>("verified")? != 0,
                attempts: r.try_get("attempts")?,
                expires_ms: r.try_get("expires_ms")?,
            })
        })
        .transpose()
    }

    /// Marks the recovery's identity check passed.
    pub async fn verify_ticket(&self, token_hash: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE recovery_tickets SET verified = 1 WHERE token_hash = $1")
            .bind(token_hash)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Counts a wrong answer on the recovery unless it had `max`; false when it had (the recovery is over).
    pub async fn count_ticket_attempt(&self, token_hash: &str, max: i64) -> anyhow::Result<bool> {
        let done =
            sqlx::query("UPDATE recovery_tickets SET attempts = attempts + 1 WHERE token_hash = $1 AND attempts < $2")
                .bind(token_hash)
                .bind(max)
                .execute(self.pool())
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends a recovery: true when this call removed a verified, unexpired ticket of `user_id` (single use: of two
    /// requests with one ticket, one wins).
    pub async fn take_verified_ticket(&self, token_hash: &str, now: i64) -> anyhow::Result<Option<i64>> {
        let row = sqlx::query(
            "DELETE FROM recovery_tickets WHERE token_hash = $1 AND verified = 1 AND expires_ms > $2 RETURNING user_id",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| Ok(r.try_get("user_id")?)).transpose()
    }
}

/// The two short-lived grants of the security screens, each a table keyed by a token's hash.
#[derive(Clone, Copy)]
enum Expiring {
    /// A session's proof of identity (the set-up wizard's first step).
    Proof,
    /// A password recovery under way (the recovery cookie).
    Ticket,
}

impl Expiring {
    /// The table and its key column (fixed names, never input).
    fn table(self) -> (&'static str, &'static str) {
        match self {
            Expiring::Proof => ("security_proofs", "session_hash"),
            Expiring::Ticket => ("recovery_tickets", "token_hash"),
        }
    }
}

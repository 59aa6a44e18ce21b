//! Failed-login counters per account and per address. The policy (how many, how long) is the server's; this
//! module only counts within a window.

use crate::Store;
use sqlx::Row;

/// Failures counted for one subject.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failures {
    pub failures: i64,
    pub window_start_ms: i64,
    pub last_failure_ms: i64,
}

impl Store {
    pub async fn login_failures(&self, scope: &str, subject: &str) -> anyhow::Result<Option<Failures>> {
        let row = sqlx::query(
            "SELECT failures, window_start_ms, last_failure_ms FROM login_failures WHERE scope = $1 AND subject = $2",
        )
        .bind(scope)
        .bind(subject)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok(Failures {
                failures: r.try_get("failures")?,
                window_start_ms: r.try_get("window_start_ms")?,
                last_failure_ms: r.try_get("last_failure_ms")?,
            })
        })
        .transpose()
    }

    /// Counts one attempt against `subject` before its password is checked, atomically, and answers the count
    /// with this one: parallel guesses each see the ones before them, so none slips under the limit. A success
    /// clears the count afterwards; a window older than `window_ms` starts over at one.
    pub async fn reserve_login_attempt(
        &self,
        scope: &str,
        subject: &str,
        now: i64,
        window_ms: i64,
    ) -> anyhow::Result<Failures> {
        let row = sqlx::query(
            "INSERT INTO login_failures (scope, subject, failures, window_start_ms, last_failure_ms) VALUES ($1, $2, 1, $3, $3) \
             ON CONFLICT (scope, subject) DO UPDATE SET \
               failures = CASE WHEN login_failures.window_start_ms < $4 THEN 1 ELSE login_failures.failures + 1 END, \
               window_start_ms = CASE WHEN login_failures.window_start_ms < $4 THEN $3 ELSE login_failures.window_start_ms END, \
               last_failure_ms = $3 \
             RETURNING failures, window_start_ms, last_failure_ms",
        )
        .bind(scope)
        .bind(subject)
        .bind(now)
        .bind(now - window_ms)
        .fetch_one(self.pool())
        .await?;
        Ok(Failures {
            failures: row.try_get("failures")?,
            window_start_ms: row.try_get("window_start_ms")?,
            last_failure_ms: row.try_get("last_failure_ms")?,
        })
    }

    /// Takes back one attempt [`Store::reserve_login_attempt`] counted against `subject`: it succeeded, so it
    /// was no failure (an office of people signing in from one address must not lock that address).
    pub async fn release_login_attempt(&self, scope: &str, subject: &str) -> anyhow::Result<()> {
        sqlx::query(
            "UPDATE login_failures SET failures = failures - 1 WHERE scope = $1 AND subject = $2 AND failures > 0",
        )
        .bind(scope)
        .bind(subject)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    pub async fn clear_login_failures(&self, scope: &str, subject: &str) -> anyhow::Result<()> {
        sqlx::query("DELETE FROM login_failures WHERE scope = $1 AND subject = $2")
            .bind(scope)
            .bind(subject)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}

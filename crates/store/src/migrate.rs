//! Schema migrations, run at start-up on both backends.
//!
//! Migrations are plain SQL written once for both databases. The only DDL the two disagree on in most files is
//! the auto-increment key, so files write `{{ID}}` and each backend substitutes its own form. A migration runs in
//! one transaction (both SQLite and PostgreSQL have transactional DDL) and is recorded in `ironsight_migrations`.
//!
//! A change SQLite's ALTER TABLE cannot make (a column's NOT NULL dropped) is written once per backend: SQLite's
//! file rebuilds the table by the procedure of its documentation (new table, copy, drop, rename). That runs with
//! foreign keys off on its connection, else dropping the old table would cascade into the rows that reference it;
//! the references are checked (`PRAGMA foreign_key_check`) before the transaction commits.

use crate::{Backend, now_ms};
use anyhow::Context;
use sqlx::{AnyConnection, AnyPool, Connection};

/// A migration's SQL: one text for both backends, or one per backend (see the module's note on SQLite rebuilds).
#[derive(Clone, Copy)]
enum Sql {
    Both(&'static str),
    PerBackend { sqlite: &'static str, postgres: &'static str },
}

/// Every migration, in order. Append only: a released migration is never edited.
const MIGRATIONS: &[(i64, &str, Sql)] = &[
    (1, "foundation", Sql::Both(include_str!("migrations/0001_foundation.sql"))),
    (2, "gateways", Sql::Both(include_str!("migrations/0002_gateways.sql"))),
    (3, "equipment", Sql::Both(include_str!("migrations/0003_equipment.sql"))),
    (4, "signals", Sql::Both(include_str!("migrations/0004_signals.sql"))),
    (5, "ingest", Sql::Both(include_str!("migrations/0005_ingest.sql"))),
    (6, "alarms", Sql::Both(include_str!("migrations/0006_alarms.sql"))),
    (7, "reports", Sql::Both(include_str!("migrations/0007_reports.sql"))),
    (8, "monitor", Sql::Both(include_str!("migrations/0008_monitor.sql"))),
    (9, "scenes_projects", Sql::Both(include_str!("migrations/0009_scenes_projects.sql"))),
    (10, "system", Sql::Both(include_str!("migrations/0010_system.sql"))),
    (11, "accounts", Sql::Both(include_str!("migrations/0011_accounts.sql"))),
    (12, "object_owners", Sql::Both(include_str!("migrations/0012_object_owners.sql"))),
    (13, "page_versions", Sql::Both(include_str!("migrations/0013_page_versions.sql"))),
    (14, "image_library", Sql::Both(include_str!("migrations/0014_image_library.sql"))),
    (15, "page_templates", Sql::Both(include_str!("migrations/0015_page_templates.sql"))),
    (
        16,
        "project_pages",
        Sql::PerBackend {
            sqlite: include_str!("migrations/0016_project_pages.sqlite.sql"),
            postgres: include_str!("migrations/0016_project_pages.postgres.sql"),
        },
    ),
    (17, "signal_value_maps", Sql::Both(include_str!("migrations/0017_signal_value_maps.sql"))),
    (18, "message_centre", Sql::Both(include_str!("migrations/0018_message_centre.sql"))),
    (19, "notify", Sql::Both(include_str!("migrations/0019_notify.sql"))),
    (20, "repair_orders", Sql::Both(include_str!("migrations/0020_repair_orders.sql"))),
    (21, "inspection", Sql::Both(include_str!("migrations/0021_inspection.sql"))),
    (22, "expiry", Sql::Both(include_str!("migrations/0022_expiry.sql"))),
    (23, "security", Sql::Both(include_str!("migrations/0023_security.sql"))),
    (24, "share_track", Sql::Both(include_str!("migrations/0024_share_track.sql"))),
    (25, "account_settings", Sql::Both(include_str!("migrations/0025_account_settings.sql"))),
    (26, "ezviz_keys", Sql::Both(include_str!("migrations/0026_ezviz_keys.sql"))),
    (28, "external_pages", Sql::Both(include_str!("migrations/0028_external_pages.sql"))),
    (29, "library_hidden", Sql::Both(include_str!("migrations/0029_library_hidden.sql"))),
    (30, "step_assignee", Sql::Both(include_str!("migrations/0030_step_assignee.sql"))),
    (31, "project_mvars", Sql::Both(include_str!("migrations/0031_project_mvars.sql"))),
    (32, "rollups", Sql::Both(include_str!("migrations/0032_rollups.sql"))),
    (
        33,
        "report_columns",
        Sql::PerBackend {
            sqlite: include_str!("migrations/0033_report_columns.sqlite.sql"),
            postgres: include_str!("migrations/0033_report_columns.postgres.sql"),
        },
    ),
    (34, "custom_reports", Sql::Both(include_str!("migrations/0034_custom_reports.sql"))),
    (35, "report_archive", Sql::Both(include_str!("migrations/0035_report_archive.sql"))),
    (36, "gm_sources", Sql::Both(include_str!("migrations/0036_gm_sources.sql"))),
    (37, "gm_rules", Sql::Both(include_str!("migrations/0037_gm_rules.sql"))),
    (38, "gm_presence", Sql::Both(include_str!("migrations/0038_gm_presence.sql"))),
];

/// Applies every migration not yet recorded.
pub async fn run(pool: &AnyPool, backend: Backend) -> anyhow::Result<()> {
    run_through(pool, backend, i64::MAX).await
}

/// Applies the migrations not yet recorded up to version `last` (a test stops there to put in rows an older
/// schema held, then runs the rest).
async fn run_through(pool: &AnyPool, backend: Backend, last: i64) -> anyhow::Result<()> {
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS ironsight_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_ms BIGINT NOT NULL)",
    )
    .execute(pool)
    .await?;
    for (version, name, sql) in MIGRATIONS.iter().filter(|(version, ..)| *version <= last) {
        let applied: Option<i64> = sqlx::query_scalar("SELECT version FROM ironsight_migrations WHERE version = $1")
            .bind(version)
            .fetch_optional(pool)
            .await?;
        if applied.is_some() {
            continue;
        }
        let (text, rebuild) = match sql {
            Sql::Both(text) => (*text, false),
            Sql::PerBackend { sqlite, .. } if backend == Backend::Sqlite => (*sqlite, true),
            Sql::PerBackend { postgres, .. } => (*postgres, false),
        };
        let mut conn = pool.acquire().await?;
        if rebuild {
            // Outside any transaction: SQLite ignores this pragma inside one.
            sqlx::query("PRAGMA foreign_keys = OFF").execute(&mut *conn).await?;
        }
        let applied = apply(&mut conn, backend, *version, name, text, rebuild).await;
        if rebuild {
            sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
        }
        applied?;
        tracing::info!(version, name, "applied migration");
    }
    Ok(())
}

/// Runs one migration's statements and records it, in one transaction on `conn`. After a SQLite rebuild every
/// reference must still hold, or nothing is applied.
async fn apply(
    conn: &mut AnyConnection,
    backend: Backend,
    version: i64,
    name: &str,
    sql: &str,
    rebuild: bool,
) -> anyhow::Result<()> {
    let mut tx = conn.begin_with(crate::begin_statement(backend)).await?;
    for statement in statements(sql, backend) {
        sqlx::query(&statement)
            .execute(&mut *tx)
            .await
            .with_context(|| format!("migration {version} {name}: {statement}"))?;
    }
    if rebuild {
        let broken = sqlx::query("PRAGMA foreign_key_check").fetch_all(&mut *tx).await?;
        anyhow::ensure!(broken.is_empty(), "migration {version} {name}: {} broken references", broken.len());
    }
    sqlx::query("INSERT INTO ironsight_migrations (version, name, applied_ms) VALUES ($1, $2, $3)")
        .bind(version)
        .bind(name)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Splits a migration into statements for `backend`: comments dropped, `{{ID}}` substituted.
fn statements(sql: &str, backend: Backend) -> Vec<String> {
    let id = match backend {
        Backend::Sqlite => "INTEGER PRIMARY KEY AUTOINCREMENT",
        Backend::Postgres => "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    };
    let without_comments: String =
        sql.lines().filter(|l| !l.trim_start().starts_with("--")).collect::<Vec<_>>().join("\n");
    without_comments.split(';').map(|s| s.trim().replace("{{ID}}", id)).filter(|s| !s.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::Executor;
    use sqlx::any::AnyPoolOptions;

    #[test]
    fn statements_substitute_the_key_per_backend() {
        let sql = "-- note\nCREATE TABLE a (id {{ID}});\n\nCREATE INDEX b ON a (id);";
        assert_eq!(
            statements(sql, Backend::Sqlite),
            ["CREATE TABLE a (id INTEGER PRIMARY KEY AUTOINCREMENT)", "CREATE INDEX b ON a (id)"]
        );
        assert_eq!(
            statements(sql, Backend::Postgres)[0],
            "CREATE TABLE a (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY)"
        );
    }

    /// The SQLite rebuild of `config_pages` (migration 16) keeps every page, its versions and unlocks (which
    /// reference it and would cascade away were foreign keys on), and the id sequence: a deleted page's id is
    /// not given again.
    #[tokio::test]
    async fn the_sqlite_page_table_rebuild_keeps_pages_versions_unlocks_and_ids() {
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("old.db").display());
        let pool = AnyPoolOptions::new()
            .max_connections(2)
            .after_connect(|conn, _| {
                Box::pin(async move { conn.execute("PRAGMA foreign_keys = ON").await.map(|_| ()) })
            })
            .connect(&url)
            .await
            .unwrap();
        run_through(&pool, Backend::Sqlite, 15).await.unwrap();
        for statement in [
            "INSERT INTO orgs (id, name, title, created_ms) VALUES (1, 'o', 'O', 0)",
            "INSERT INTO users (id, loginname, password_hash, org_id, created_ms) VALUES (1, 'u', 'h', 1, 0)",
            "INSERT INTO sessions (token_hash, user_id, created_ms, last_seen_ms, expires_ms) VALUES ('t', 1, 0, 0, 9)",
            "INSERT INTO equipment (id, org_id, equip_name, created_ms, updated_ms) VALUES (1, 1, 'Pump', 0, 0)",
            "INSERT INTO config_pages (id, org_id, equipment_id, title, created_ms, updated_ms, password_hash) \
             VALUES (7, 1, 1, 'Kept', 0, 5, 'hash')",
            "INSERT INTO config_pages (id, org_id, equipment_id, title, created_ms, updated_ms) VALUES (8, 1, 1, 'Gone', 0, 0)",
            "DELETE FROM config_pages WHERE id = 8",
            "INSERT INTO config_page_versions (page_id, saved_ms, saved_by, widget_count, document) \
             VALUES (7, 5, 'u', 0, '{}')",
            "INSERT INTO page_unlocks (token_hash, page_id, unlocked_ms) VALUES ('t', 7, 1)",
        ] {
            sqlx::query(statement).execute(&pool).await.unwrap();
        }
        run(&pool, Backend::Sqlite).await.unwrap();

        let count = |sql: &'static str| {
            let pool = pool.clone();
            async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(&pool).await.unwrap() }
        };
        assert_eq!(count("SELECT COUNT(*) FROM config_pages WHERE id = 7 AND password_hash = 'hash'").await, 1);
        assert_eq!(count("SELECT COUNT(*) FROM config_page_versions WHERE page_id = 7").await, 1);
        assert_eq!(count("SELECT COUNT(*) FROM page_unlocks WHERE page_id = 7").await, 1);
        let next: i64 = sqlx::query_scalar(
            "INSERT INTO config_pages (org_id, equipment_id, title, created_ms, updated_ms) VALUES (1, 1, 'New', 0, 0) \
             RETURNING id",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(next, 9, "8 was given once");
        // Foreign keys are on again, and they still lead to the rebuilt table.
        sqlx::query("DELETE FROM config_pages WHERE id = 7").execute(&pool).await.unwrap();
        assert_eq!(count("SELECT COUNT(*) FROM config_page_versions").await, 0);
        assert_eq!(count("SELECT COUNT(*) FROM page_unlocks").await, 0);
        // A page has exactly one owner.
        let ownerless = "INSERT INTO config_pages (org_id, title, created_ms, updated_ms) VALUES (1, 'x', 0, 0)";
        assert!(sqlx::query(ownerless).execute(&pool).await.is_err());
    }
}

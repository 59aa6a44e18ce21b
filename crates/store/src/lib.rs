//! # Ironsight storage
//!
//! One data-access layer for both databases: sqlx's `Any` driver with portable SQL, so every query is written
//! once. SQLite (embedded, the default) and PostgreSQL (given a URL) run the same statements; the rules that
//! make that work are few and kept here:
//! - placeholders are `$1, $2, …` (PostgreSQL's form, which SQLite also accepts);
//! - integers are `BIGINT` read as `i64`, flags are `BIGINT` 0/1 (never bound as `bool`, which PostgreSQL would
//!   refuse for a `BIGINT` column), times are milliseconds since the epoch;
//! - inserts return their key with `RETURNING id`, upserts use `ON CONFLICT … DO UPDATE`;
//! - DDL differences are confined to [`migrate`];
//! - a statement that binds an `Option<f64>` is not cached (`.persistent(false)`): sqlx 0.8's `Any` driver
//!   declares a NULL double to PostgreSQL as `float4`, and a cached statement prepared with that NULL would then
//!   refuse the 8-byte value of the next call ("incorrect binary data format"). Unprepared, each call declares
//!   its own types.
//!
//! # Layout
//! - [`migrate`]: schema migrations, run at start-up.
//! - [`users`], [`orgs`]: accounts and organisations (theme).
//! - [`access`]: which equipment an account may see (per-device authorisation of sub-accounts).
//! - [`security`]: verification codes, proven identities and password recoveries (account security).
//! - [`sessions`], [`captchas`], [`throttle`]: login and session state, kept in the database so they survive a
//!   restart and any server instance can answer.
//! - [`equipment`]: equipment, its gateway binding and driver settings.
//! - [`signals`]: signal definitions of each equipment.
//! - [`gateways`]: the gateway registry (serial number, hashed secret, status).
//! - [`gm_sources`]: GM collection sources: the MQTT identities of Sparkplug B edge nodes and JSON devices.
//! - [`gm_metrics`]: what Sparkplug births announced, sources' presence, adoption of a device, its routes.
//! - [`link`]: what the gateway link reads and writes: configuration to push, versions, reported status.
//! - [`readings`]: latest values and history, written in batches by ingest.
//! - [`custom_reports`]: a project's custom reports, columns over its equipment and intermediate variables.
//! - [`rollups`]: the minute and hour roll-ups of history that reports read, kept true as readings arrive late.
//! - [`report_archive`]: reports generated on schedule, each closed day's and month's table kept, dropped by late readings.
//! - [`commands`]: writes and reads sent to gateways, tracked until their outcome.
//! - [`reports`]: report definitions (signals sampled on a fixed period) and their sampling from history.
//! - [`alarms`]: alarm rules per signal and the records of alarms (trigger, release, confirmation).
//! - [`monitor`]: equipment groups, per-user follow and stick marks, and the one equipment card query.
//! - [`pages`]: configuration pages of an equipment (title, size, designer document).
//! - [`image_library`]: the organisation's image library (pictures the designer's picture fields pick).
//! - [`scenes`]: scenes, boards of chosen equipment cards in a chosen order (cards read by the monitor's query).
//! - [`projects`]: projects, equipment grouped under a name and a remark.
//! - [`mvars`]: a project's intermediate variables (aggregates and formulas over its signals).
//! - [`equipment_sets`]: what scenes and projects share, both named sets of equipment (add, edit, delete).
//! - [`shares`]: sharing of an equipment (on or off, password hash, visitor authority).
//! - [`share_sessions`]: the public share view's visitor sessions, each scoped to one shared equipment.
//! - [`settings`], [`oplog`], [`feedback`], [`messages`]: per-user settings, the operation log, feedback, messages.
//! - [`ezviz_keys`]: each organisation's EZVIZ open-platform key (app key and secret) for its video widgets.
//! - [`external_pages`]: the organisation's external pages, framed under Manage (their origins are the CSP's).
//! - [`system`]: gateway hardware in use, equipment models (signal-list templates), system announcements.
//! - [`templates`]: page templates (faceplates) saved for the organisation and dropped on any page.
//! - [`page_passwords`]: the password a configuration page may ask for before the viewer shows it.
//! - [`profiles`]: a user's basic profile (name, contact, department).
//! - [`org_settings`]: an organisation's system settings (idle session timeout, history retention).
//! - [`expiry`]: expiry dates of equipment and gateways, who is told as one nears, and what was told.
//! - [`notify`]: alarm notification beyond the browser: SMTP server, users' channels, the delivery queue and log.
//! - [`ops_center`]: the operating centre's figures per equipment the viewer may see.
//! - [`project_statistics`]: the project monitor's equipment and alarm counts.
//! - [`project_monitor`]: the project monitor's look-ups (a project page's project, a project's equipment).
//! - [`work_orders`]: what repair orders and inspection worksheets share (numbers, steps, messages).
//! - [`repairs`]: repair work orders, their steps and pictures.
//! - [`inspection`], [`worksheets`]: inspection items and plans; the worksheets generated from them.
//! - [`inspect`]: a whole-database reading, for tests that a refused call changed nothing.

pub mod access;
pub mod alarms;
pub mod captchas;
pub mod commands;
pub mod custom_reports;
pub mod equipment;
pub mod equipment_sets;
pub mod expiry;
pub mod external_pages;
pub mod ezviz_keys;
pub mod feedback;
pub mod gateways;
pub mod gm_metrics;
pub mod gm_sources;
pub mod image_library;
pub mod inspect;
pub mod inspection;
pub mod link;
pub mod messages;
pub mod migrate;
pub mod monitor;
pub mod mvars;
pub mod notify;
pub mod oplog;
pub mod ops_center;
pub mod org_settings;
pub mod orgs;
pub mod page_passwords;
pub mod pages;
pub mod profiles;
pub mod project_monitor;
pub mod project_statistics;
pub mod projects;
pub mod readings;
pub mod repairs;
pub mod report_archive;
pub mod reports;
pub mod rollups;
pub mod scenes;
pub mod security;
pub mod sessions;
pub mod settings;
pub mod share_sessions;
pub mod shares;
pub mod signals;
pub mod system;
pub mod templates;
pub mod throttle;
pub mod users;
pub mod work_orders;
pub mod worksheets;

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor};
use std::time::{SystemTime, UNIX_EPOCH};

/// Which database is behind the pool. Queries do not look at it; only connection set-up and DDL do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The data-access handle, cheap to clone.
#[derive(Clone)]
pub struct Store {
    /// The connection pool for either backend.
    pool: AnyPool,
    /// The backend, for diagnostics.
    backend: Backend,
    /// The minutes of history this server marked for roll-up lately ([`rollups`]).
    recent_marks: std::sync::Arc<rollups::RecentMarks>,
}

/// True when `error` is the database refusing work because others hold it (SQLite busy or locked past the busy
/// timeout; a PostgreSQL serialisation failure, deadlock or lock timeout): the caller should be told to try again,
/// not shown an internal error.
pub fn is_contention(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| match cause.downcast_ref::<sqlx::Error>() {
        Some(sqlx::Error::Database(db)) => match db.code().as_deref() {
            Some(code @ ("40001" | "40P01" | "55P03")) => !code.is_empty(),
            Some(code) => code.parse::<i64>().is_ok_and(|c| matches!(c & 0xff, 5 | 6)),
            None => false,
        },
        Some(sqlx::Error::PoolTimedOut) => true,
        _ => false,
    })
}

/// True when the database refused a row because a unique key already holds its value (a name taken, a number
/// drawn twice by two writers at once): the one test of it, for a plain `sqlx` error or one wrapped in context.
pub(crate) fn is_unique_violation<E: UniqueViolationSource + ?Sized>(error: &E) -> bool {
    error.unique_violation()
}

/// What [`is_unique_violation`] can look into.
pub(crate) trait UniqueViolationSource {
    fn unique_violation(&self) -> bool;
}

impl UniqueViolationSource for sqlx::Error {
    fn unique_violation(&self) -> bool {
        matches!(self, sqlx::Error::Database(db) if db.is_unique_violation())
    }
}

impl UniqueViolationSource for anyhow::Error {
    fn unique_violation(&self) -> bool {
        self.chain().any(|cause| cause.downcast_ref::<sqlx::Error>().is_some_and(|e| e.unique_violation()))
    }
}

/// The statement that begins a write transaction on `backend` (see [`Store::begin_write`]).
pub(crate) fn begin_statement(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "BEGIN IMMEDIATE",
        Backend::Postgres => "BEGIN",
    }
}

/// How long a pooled connection may stay idle before it is closed.
const IDLE_CONNECTION: std::time::Duration = std::time::Duration::from_secs(30);

/// Milliseconds since the epoch, the only time format stored.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

impl Store {
    /// Connects to `url` (`sqlite://…` or `postgres://…`) and runs the migrations.
    pub async fn connect(url: &str) -> anyhow::Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            anyhow::bail!("unsupported database URL scheme (use sqlite:// or postgres://)");
        };
        let options = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 8 } else { 16 })
            // A connection idle this long is closed: each holds a page cache (SQLite, up to 2 MiB) and prepared
            // statements, which a burst of work grew and a quiet console does not need (docs/performance.md).
            .idle_timeout(Some(IDLE_CONNECTION))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers run beside the single writer; the busy timeout makes a writer wait
                        // for another instead of failing; SQLite does not check foreign keys unless asked.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                    }
                    Ok(())
                })
            });
        let pool = options.connect(url).await?;
        migrate::run(&pool, backend).await?;
        Ok(Store { pool, backend, recent_marks: Default::default() })
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Begins a transaction that will write. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`): a
    /// deferred transaction that reads first and writes later cannot wait for another writer (its snapshot is
    /// already stale), so it failed with "database is locked" under concurrent saves; an immediate one waits its
    /// turn under the busy timeout like any single statement.
    pub(crate) async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        self.pool.begin_with(begin_statement(self.backend)).await
    }

    /// The pool, for the modules of this crate.
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes every connection (tests drop their database afterwards).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// A page of rows and the total count, as every list call answers.
#[derive(Clone, Debug)]
pub struct Page<T> {
    pub total: i64,
    pub list: Vec<T>,
}

/// A `LIKE … ESCAPE '\'` pattern matching `keyword` anywhere, with the wildcards a person typed (`%`, `_`) and
/// the escape character itself matched literally.
pub(crate) fn contains_pattern(keyword: &str) -> String {
    format!("%{}%", keyword.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

/// Joins a list into the comma-separated form stored in one TEXT column.
pub(crate) fn join_list(items: &[String]) -> String {
    items.join(",")
}

/// Splits a comma-separated TEXT column; empty text is an empty list.
pub(crate) fn split_list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect()
}

/// A bare connection for administrative statements outside the schema (tests create and drop databases).
pub struct AdminConnection(AnyPool);

impl Store {
    /// Connects without running migrations, for administrative statements only.
    pub async fn admin_connect(url: &str) -> anyhow::Result<AdminConnection> {
        sqlx::any::install_default_drivers();
        Ok(AdminConnection(AnyPoolOptions::new().max_connections(1).connect(url).await?))
    }
}

impl AdminConnection {
    /// Runs one statement as written. Never pass user input here.
    pub async fn execute_raw(&self, sql: &str) -> anyhow::Result<()> {
        sqlx::raw_sql(sql).execute(&self.0).await?;
        Ok(())
    }
}

impl AdminConnection {
    /// Names of the databases on a PostgreSQL server starting with `prefix` (tests clean up after crashed runs).
    pub async fn databases_with_prefix(&self, prefix: &str) -> anyhow::Result<Vec<String>> {
        let all: Vec<String> = sqlx::query_scalar("SELECT datname::TEXT FROM pg_database").fetch_all(&self.0).await?;
        Ok(all.into_iter().filter(|name| name.starts_with(prefix)).collect())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn typed_wildcards_match_literally() {
        assert_eq!(super::contains_pattern("a%b_c\\d"), "%a\\%b\\_c\\\\d%");
        assert_eq!(super::contains_pattern(""), "%%");
    }

    /// A stored row reaches the wire only through an answer type of the server (crates/server/src/answers): a
    /// row that could be serialised would let a new column (a hash, a secret) out by accident.
    #[test]
    fn no_stored_row_derives_serialize() {
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
        let mut checked = 0;
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let derives = text.lines().filter(|l| l.trim_start().starts_with("#[derive("));
                    for line in derives {
                        assert!(!line.contains("Serialize"), "{}: {line}", path.display());
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 10, "the store's sources were not found");
    }
}

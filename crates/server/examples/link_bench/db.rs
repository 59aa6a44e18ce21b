//! The databases a run uses: SQLite in the server's data directory, or a PostgreSQL database the bench makes and
//! drops. Shared with the Sparkplug bench (`examples/sparkplug_bench`), which includes this file.

use super::*;

pub(crate) enum Db {
    Sqlite,
    Postgres { base: String, name: String },
}

impl Db {
    pub(crate) fn label(&self) -> &'static str {
        match self {
            Db::Sqlite => "SQLite",
            Db::Postgres { .. } => "PostgreSQL",
        }
    }

    /// The server's `--database-url`, if not the default SQLite in the data directory.
    pub(crate) fn server_url(&self) -> Option<String> {
        match self {
            Db::Sqlite => None,
            Db::Postgres { base, name } => Some(format!("{base}/{name}")),
        }
    }

    pub(crate) fn url(&self, data_dir: &Path) -> String {
        self.server_url().unwrap_or_else(|| format!("sqlite://{}/ironsight.db?mode=rwc", data_dir.display()))
    }
}

/// `postgres://user@host:port[/db][?…]` → `postgres://user@host:port` (the foundation bench's
/// `IRONSIGHT_BENCH_PG` names a database; this bench makes its own).
pub(crate) fn pg_base(url: &str) -> String {
    let url = url.trim().trim_end_matches('/');
    let Some(scheme_end) = url.find("://") else { return url.to_owned() };
    let rest = &url[scheme_end + 3..];
    let end = rest.find(['/', '?']).map_or(url.len(), |i| scheme_end + 3 + i);
    url[..end].to_owned()
}

pub(crate) async fn pg_admin(base: &str) -> anyhow::Result<ironsight_store::AdminConnection> {
    tokio::time::timeout(Duration::from_secs(5), Store::admin_connect(&format!("{base}/postgres")))
        .await
        .map_err(|_| anyhow::anyhow!("no answer within 5 s"))?
}

/// `postgres://user:password@host` → `postgres://user@host` for printing.
pub(crate) fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let user = &url[s + 3..at];
            format!("{}{}{}", &url[..s + 3], user.split(':').next().unwrap_or(""), &url[at..])
        }
        _ => url.to_owned(),
    }
}

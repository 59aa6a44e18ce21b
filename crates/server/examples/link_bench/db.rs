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

/// Figures of one backend's run, each a label and its value, in print order.
pub(crate) type Rows = Vec<(String, String)>;

/// Runs `run` on SQLite, then on a PostgreSQL database of its own (`{db_prefix}_{pid}`, dropped after), each as
/// `IRONSIGHT_BENCH_BACKENDS` allows (`sqlite`, `postgres`; both when unset), then prints the summary table of
/// what it measured, a column per backend. Both benches of the link share it (link_bench, sparkplug_bench).
pub(crate) async fn each_backend(
    db_prefix: &str,
    profile: &str,
    mut run: impl AsyncFnMut(&Db) -> anyhow::Result<Rows>,
) -> anyhow::Result<()> {
    let only = std::env::var("IRONSIGHT_BENCH_BACKENDS").unwrap_or_default().to_lowercase();
    let wanted = |name: &str| only.is_empty() || only.split(',').any(|b| b.trim() == name);

    let mut results: Vec<(&'static str, Rows)> = Vec::new();
    if wanted("sqlite") {
        match run(&Db::Sqlite).await {
            Ok(rows) => results.push(("SQLite", rows)),
            Err(e) => println!("SQLite run failed: {e:#}"),
        }
    }
    let base =
        pg_base(&std::env::var("IRONSIGHT_BENCH_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into()));
    match if wanted("postgres") { pg_admin(&base).await.map(Some) } else { Ok(None) } {
        Ok(None) => println!("\nPostgreSQL not measured (IRONSIGHT_BENCH_BACKENDS={only})"),
        Err(e) => println!("\nPostgreSQL skipped: {} is not reachable ({e:#}); set IRONSIGHT_BENCH_PG", redact(&base)),
        Ok(Some(admin)) => {
            let name = format!("{db_prefix}_{}", std::process::id());
            admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await?;
            admin.execute_raw(&format!("CREATE DATABASE {name}")).await?;
            let db = Db::Postgres { base: base.clone(), name: name.clone() };
            let outcome = run(&db).await;
            if let Err(e) = admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await {
                println!("could not drop {name}: {e:#}");
            }
            match outcome {
                Ok(rows) => results.push(("PostgreSQL", rows)),
                Err(e) => println!("PostgreSQL run failed: {e:#}"),
            }
        }
    }
    anyhow::ensure!(!results.is_empty(), "no backend could be measured");
    println!("\nSummary ({profile} build; machine above)\n");
    let width = results[0].1.iter().map(|(label, _)| label.chars().count()).max().unwrap_or(40) + 2;
    let column =
        results.iter().flat_map(|(_, rows)| rows.iter().map(|(_, v)| v.chars().count())).max().unwrap_or(20) + 3;
    print!("{:width$}", "");
    for (backend, _) in &results {
        print!("{backend:column$}");
    }
    println!();
    for (i, (label, _)) in results[0].1.iter().enumerate() {
        print!("{label:width$}");
        for (_, rows) in &results {
            print!("{:column$}", rows.get(i).map_or("n/a", |(_, value)| value.as_str()));
        }
        println!();
    }
    Ok(())
}

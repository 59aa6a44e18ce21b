//! The two databases every store test runs on: a fresh SQLite file, and a fresh PostgreSQL database from
//! `IRONSIGHT_TEST_PG` (default `postgres://postgres@127.0.0.1:5432`) dropped after.

// Each test binary includes this module and uses the part it needs.
#![allow(dead_code)]

use ironsight_store::{Store, now_ms};
use std::future::Future;

/// Runs `test` on a fresh SQLite database.
pub async fn on_sqlite<F: Future<Output = ()>>(test: impl FnOnce(Store) -> F) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(&format!("sqlite://{}/t.db?mode=rwc", dir.path().display())).await.unwrap();
    test(store.clone()).await;
    store.close().await;
}

/// Runs `test` on a fresh PostgreSQL database named after `label`.
pub async fn on_postgres<F: Future<Output = ()>>(label: &str, test: impl FnOnce(Store) -> F) {
    let base = std::env::var("IRONSIGHT_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let name = format!("ironsight_store_{label}_{}_{}", std::process::id(), now_ms());
    let admin = Store::admin_connect(&format!("{base}/postgres")).await.unwrap();
    admin.execute_raw(&format!("CREATE DATABASE {name}")).await.unwrap();
    let store = Store::connect(&format!("{base}/{name}")).await.unwrap();
    test(store.clone()).await;
    store.close().await;
    // FORCE: the closed pool's server processes may still be ending.
    admin.execute_raw(&format!("DROP DATABASE {name} WITH (FORCE)")).await.unwrap();
}

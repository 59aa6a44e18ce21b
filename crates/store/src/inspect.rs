//! A whole-database reading for checks that a run of refused calls changed nothing (the route walk's test, and
//! an operator comparing two moments by hand).

use crate::{Backend, Store};
use sqlx::any::AnyRow;
use sqlx::{Column, Row};
use std::collections::BTreeMap;

/// Each column of a row as text, whatever its type (`∅` for NULL).
fn row_text(row: &AnyRow) -> String {
    (0..row.len())
        .map(|i| {
            let name = row.column(i).name();
            let value = if let Ok(v) = row.try_get::<Option<i64>, _>(i) {
                v.map_or("∅".to_owned(), |v| v.to_string())
            } else if let Ok(v) = row.try_get::<Option<f64>, _>(i) {
                v.map_or("∅".to_owned(), |v| v.to_string())
            } else if let Ok(v) = row.try_get::<Option<String>, _>(i) {
                v.map_or("∅".to_owned(), |v| format!("{v:?}"))
            } else if let Ok(v) = row.try_get::<Option<bool>, _>(i) {
                v.map_or("∅".to_owned(), |v| v.to_string())
            } else {
                "?".to_owned()
            };
            format!("{name}={value}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Store {
    /// Every row of every table but those in `skip`, as sorted texts per table.
    pub async fn dump(&self, skip: &[&str]) -> anyhow::Result<BTreeMap<String, Vec<String>>> {
        let tables: Vec<String> = match self.backend() {
            Backend::Sqlite => {
                sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                    .fetch_all(self.pool())
                    .await?
            }
            Backend::Postgres => {
                sqlx::query_scalar("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()")
                    .fetch_all(self.pool())
                    .await?
            }
        };
        let mut dump = BTreeMap::new();
        for table in tables.into_iter().filter(|t| !skip.contains(&t.as_str())) {
            // Table names come from the catalogue above, never from a caller.
            let rows = sqlx::query(&format!("SELECT * FROM {table}")).fetch_all(self.pool()).await?;
            let mut texts: Vec<String> = rows.iter().map(row_text).collect();
            texts.sort();
            dump.insert(table, texts);
        }
        Ok(dump)
    }
}

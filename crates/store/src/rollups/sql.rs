//! The roll-ups' statements that differ between the backends: each takes one JSON array parameter of rows, so a
//! batch of any size is one statement, prepared once (see `crate::readings` on why JSON).

use crate::Backend;

/// Marks: `[signal_id, start_t]` rows and `$2`, this marking's token; a minute marked already takes the new token
/// (the worker then keeps it).
pub fn mark(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => {
            "INSERT INTO rollup_pending (signal_id, start_t, seq) \
             SELECT value ->> 0, value ->> 1, $2 FROM json_each($1) WHERE true \
             ON CONFLICT (signal_id, start_t) DO UPDATE SET seq = excluded.seq"
        }
        Backend::Postgres => {
            "INSERT INTO rollup_pending (signal_id, start_t, seq) \
             SELECT (e ->> 0)::BIGINT, (e ->> 1)::BIGINT, $2 FROM json_array_elements($1::json) AS e \
             ON CONFLICT (signal_id, start_t) DO UPDATE SET seq = excluded.seq"
        }
    }
}

/// Rolled-up marks dropped: `[signal_id, start_t, seq]` rows, each only while its token is the one read.
pub fn unmark(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => {
            "DELETE FROM rollup_pending WHERE (signal_id, start_t, seq) IN \
             (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each($1))"
        }
        Backend::Postgres => {
            "DELETE FROM rollup_pending WHERE (signal_id, start_t, seq) IN \
             (SELECT (e ->> 0)::BIGINT, (e ->> 1)::BIGINT, (e ->> 2)::BIGINT FROM json_array_elements($1::json) AS e)"
        }
    }
}

/// Good readings of runs `[signal_id, from, to]` of history, one row per signal and minute: `signal_id`, `minute`
/// and `points`, the minute's `[[t, v], …]` in time order as one JSON text. Aggregated by the database, a day of
/// 1 s readings crosses to the server as 1,440 texts instead of 86,400 rows (see `crate::readings` on why rows
/// are slow). SQLite's values are written with 17 digits so that every one survives the round trip exactly.
pub fn readings_of_runs(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => {
            "SELECT h.signal_id, h.t - (h.t % 60000) AS minute, \
             json_group_array(json_array(h.t, json(printf('%!.17g', h.v))) ORDER BY h.t) AS points \
             FROM json_each($1) r JOIN signal_history h \
             ON h.signal_id = r.value ->> 0 AND h.t >= r.value ->> 1 AND h.t < r.value ->> 2 \
             WHERE h.good = 1 AND h.v IS NOT NULL GROUP BY h.signal_id, minute"
        }
        // One index range read per run: joined plainly (or laterally, which the planner flattens into the same
        // join), PostgreSQL hashed the runs and scanned the whole history for every batch, 9.3 s a batch over 26
        // million readings; `OFFSET 0` keeps the subquery whole, so each run is a range of the primary key (0.37 s).
        Backend::Postgres => {
            "SELECT h.signal_id, h.t - (h.t % 60000) AS minute, \
             json_agg(json_build_array(h.t, h.v) ORDER BY h.t)::TEXT AS points \
             FROM json_array_elements($1::json) r CROSS JOIN LATERAL \
             (SELECT signal_id, t, v FROM signal_history WHERE signal_id = (r ->> 0)::BIGINT \
              AND t >= (r ->> 1)::BIGINT AND t < (r ->> 2)::BIGINT AND good = 1 AND v IS NOT NULL OFFSET 0) h \
             GROUP BY h.signal_id, minute"
        }
    }
}

/// The summary columns, in the order of the JSON rows after `signal_id`.
pub const COLUMNS: &str = "start_t, summary_count, summary_sum, summary_min, summary_max, first_t, first_v, last_t, \
     last_v, rise, drops, dropped_from, on_ms";

/// Minute rows of runs `[signal_id, from, to]`, by signal and start.
pub fn minutes_of_runs(backend: Backend) -> String {
    match backend {
        Backend::Sqlite => format!(
            "SELECT m.signal_id, {COLUMNS} FROM json_each($1) r JOIN signal_minutes m \
             ON m.signal_id = r.value ->> 0 AND m.start_t >= r.value ->> 1 AND m.start_t < r.value ->> 2 \
             ORDER BY m.signal_id, m.start_t"
        ),
        // Lateral, as the readings' runs are (see there).
        Backend::Postgres => format!(
            "SELECT m.signal_id, {COLUMNS} FROM json_array_elements($1::json) r CROSS JOIN LATERAL \
             (SELECT * FROM signal_minutes WHERE signal_id = (r ->> 0)::BIGINT \
              AND start_t >= (r ->> 1)::BIGINT AND start_t < (r ->> 2)::BIGINT OFFSET 0) m \
             ORDER BY m.signal_id, m.start_t"
        ),
    }
}

/// Roll-up rows in: `[signal_id, start_t, count, sum, min, max, first_t, first_v, last_t, last_v, rise, drops,
/// dropped_from, on_ms]`, replacing what is there.
pub fn put(backend: Backend, table: &str) -> String {
    const TYPES: [&str; 14] = [
        "BIGINT",
        "BIGINT",
        "BIGINT",
        "DOUBLE PRECISION",
        "DOUBLE PRECISION",
        "DOUBLE PRECISION",
        "BIGINT",
        "DOUBLE PRECISION",
        "BIGINT",
        "DOUBLE PRECISION",
        "DOUBLE PRECISION",
        "BIGINT",
        "DOUBLE PRECISION",
        "BIGINT",
    ];
    let values: Vec<String> = match backend {
        Backend::Sqlite => (0..TYPES.len()).map(|i| format!("value ->> {i}")).collect(),
        Backend::Postgres => TYPES.iter().enumerate().map(|(i, ty)| format!("(e ->> {i})::{ty}")).collect(),
    };
    let source = match backend {
        Backend::Sqlite => "json_each($1) WHERE true",
        Backend::Postgres => "json_array_elements($1::json) AS e",
    };
    let updates: Vec<String> =
        COLUMNS.split(", ").skip(1).map(|c| c.trim()).map(|c| format!("{c} = excluded.{c}")).collect();
    format!(
        "INSERT INTO {table} (signal_id, {COLUMNS}) SELECT {} FROM {source} \
         ON CONFLICT (signal_id, start_t) DO UPDATE SET {}",
        values.join(", "),
        updates.join(", ")
    )
}

/// Roll-up rows out: `[signal_id, start_t]` rows whose span has no good reading any more.
pub fn remove(backend: Backend, table: &str) -> String {
    match backend {
        Backend::Sqlite => format!(
            "DELETE FROM {table} WHERE (signal_id, start_t) IN (SELECT value ->> 0, value ->> 1 FROM json_each($1))"
        ),
        Backend::Postgres => format!(
            "DELETE FROM {table} WHERE (signal_id, start_t) IN \
             (SELECT (e ->> 0)::BIGINT, (e ->> 1)::BIGINT FROM json_array_elements($1::json) AS e)"
        ),
    }
}

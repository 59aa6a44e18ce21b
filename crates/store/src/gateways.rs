//! The gateway registry. Every query is scoped to an organisation: one organisation never sees another's
//! gateways. The MQTT authentication path ([`Store::gateway_secret_hash`]) is the only unscoped read, by serial
//! number, because the broker does not know the organisation before the gateway proves who it is.

use crate::access::Viewer;
use crate::{Page, Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A registered gateway (never the secret hash); the console is told `answers::gateway::Gateway`.
#[derive(Clone, Debug)]
pub struct Gateway {
    pub id: i64,
    pub sn: String,
    pub name: String,
    pub model: String,
    pub firmware: String,
    pub online: bool,
    pub vpn: bool,
    /// 0–100 when the gateway has a modem.
    pub signal_strength: Option<i64>,
    /// The spec's `interval` (ms): how often the gateway reports while a monitor window is open.
    pub interval: i64,
    /// Period of the history sample of every signal outside monitor windows (ms).
    pub sample_interval: i64,
    pub economize_open: bool,
    pub last_seen_ms: Option<i64>,
    pub config_version: i64,
    pub applied_version: i64,
    /// Why the gateway refused its last configuration.
    pub config_error: Option<String>,
    /// Readings dated too far ahead of the server's clock, stored at their arrival time instead.
    pub future_readings: i64,
    /// How far ahead of the server's clock the gateway's clock was last seen, ms; `None` when within tolerance.
    pub clock_ahead_ms: Option<i64>,
    /// The gateway service's expiry date (`YYYY-MM-DD`, China time), if set.
    pub expire_date: Option<String>,
    pub gmt_create: i64,
}

/// What registering a gateway needs.
#[derive(Clone, Debug)]
pub struct NewGateway<'a> {
    pub org_id: i64,
    pub sn: &'a str,
    pub name: &'a str,
    pub model: &'a str,
    pub firmware: &'a str,
    pub secret_hash: &'a str,
    /// The account that registered it (none for the server's own, e.g. the demo's): while the gateway serves no
    /// equipment it belongs to this account (see `Viewer::gateway_sql`).
    pub registered_by: Option<i64>,
}

const COLUMNS: &str = "id, sn, name, model, firmware, online, vpn, signal_strength, monitor_interval_ms, \
    report_interval_ms, economize_open, last_seen_ms, config_version, applied_version, config_error, created_ms, \
    future_readings, clock_ahead_ms, expire_date";

fn gateway_from_row(r: &AnyRow) -> Result<Gateway, sqlx::Error> {
    Ok(Gateway {
        id: r.try_get("id")?,
        sn: r.try_get("sn")?,
        name: r.try_get("name")?,
        model: r.try_get("model")?,
        firmware: r.try_get("firmware")?,
        online: r.try_get::<i64, _>("online")? != 0,
        vpn: r.try_get::<i64, _>("vpn")? != 0,
        signal_strength: r.try_get("signal_strength")?,
        interval: r.try_get("monitor_interval_ms")?,
        sample_interval: r.try_get("report_interval_ms")?,
        economize_open: r.try_get::<i64, _>("economize_open")? != 0,
        last_seen_ms: r.try_get("last_seen_ms")?,
        config_version: r.try_get("config_version")?,
        applied_version: r.try_get("applied_version")?,
        config_error: r.try_get("config_error")?,
        future_readings: r.try_get("future_readings")?,
        clock_ahead_ms: r.try_get("clock_ahead_ms")?,
        expire_date: r.try_get("expire_date")?,
        gmt_create: r.try_get("created_ms")?,
    })
}

impl Store {
    /// Registers a gateway; `Ok(None)` when the serial number is taken (in any organisation).
    pub async fn add_gateway(&self, new: &NewGateway<'_>) -> anyhow::Result<Option<i64>> {
        let result = sqlx::query_scalar(
            "INSERT INTO gateways (org_id, sn, name, model, firmware, secret_hash, created_ms, registered_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(new.org_id)
        .bind(new.sn)
        .bind(new.name)
        .bind(new.model)
        .bind(new.firmware)
        .bind(new.secret_hash)
        .bind(now_ms())
        .bind(new.registered_by)
        .fetch_one(self.pool())
        .await;
        match result {
            Ok(id) => Ok(Some(id)),
            Err(e) if crate::is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The gateway with serial number `sn` as `viewer` may see it (the registry's calls).
    pub async fn visible_gateway(&self, viewer: &Viewer, sn: &str) -> anyhow::Result<Option<Gateway>> {
        let sql =
            format!("SELECT {COLUMNS} FROM gateways g WHERE g.org_id = $1 AND g.sn = $2{}", viewer.gateway_sql("g"));
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(sn).fetch_optional(self.pool()).await?;
        Ok(row.as_ref().map(gateway_from_row).transpose()?)
    }

    /// The gateway with serial number `sn` in organisation `org_id`, whoever looks (the server's own paths, and
    /// the state of the gateway an equipment the caller sees is bound to).
    pub async fn gateway_by_sn(&self, org_id: i64, sn: &str) -> anyhow::Result<Option<Gateway>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM gateways WHERE org_id = $1 AND sn = $2"))
            .bind(org_id)
            .bind(sn)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(gateway_from_row).transpose()?)
    }

    /// Gateways of an organisation, newest first, optionally filtered by a keyword in the serial number or name.
    pub async fn gateways(
        &self,
        viewer: &Viewer,
        keyword: &str,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Gateway>> {
        let org_id = viewer.org_id;
        // LIKE wildcards typed by the user are matched literally.
        let pattern = crate::contains_pattern(keyword);
        let filter = format!(
            "FROM gateways g WHERE g.org_id = $1 AND (g.sn LIKE $2 ESCAPE '\\' OR g.name LIKE $2 ESCAPE '\\'){}",
            viewer.gateway_sql("g")
        );
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {filter}"))
            .bind(org_id)
            .bind(&pattern)
            .fetch_one(self.pool())
            .await?;
        let rows =
            sqlx::query(&format!("SELECT {COLUMNS} {filter} ORDER BY g.created_ms DESC, g.id DESC LIMIT $3 OFFSET $4"))
                .bind(org_id)
                .bind(&pattern)
                .bind(page_size)
                .bind((page - 1) * page_size)
                .fetch_all(self.pool())
                .await?;
        let list = rows.iter().map(gateway_from_row).collect::<Result<_, _>>()?;
        Ok(Page { total, list })
    }

    /// Replaces the secret hash; false when `viewer` has no such gateway.
    pub async fn set_gateway_secret(&self, viewer: &Viewer, sn: &str, secret_hash: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE gateways SET secret_hash = $1 WHERE org_id = $2 AND sn = $3{}",
            viewer.gateway_sql("gateways")
        );
        let done = sqlx::query(&sql).bind(secret_hash).bind(viewer.org_id).bind(sn).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes a gateway; false when `viewer` has no such gateway.
    pub async fn delete_gateway(&self, viewer: &Viewer, sn: &str) -> anyhow::Result<bool> {
        let sql = format!("DELETE FROM gateways WHERE org_id = $1 AND sn = $2{}", viewer.gateway_sql("gateways"));
        let done = sqlx::query(&sql).bind(viewer.org_id).bind(sn).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// The secret hash of gateway `sn`, for MQTT authentication only.
    pub async fn gateway_secret_hash(&self, sn: &str) -> anyhow::Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT secret_hash FROM gateways WHERE sn = $1")
            .bind(sn)
            .fetch_optional(self.pool())
            .await?)
    }

    /// Replaces gateway `sn`'s stored secret hash `old` with `new` (an older hash form upgraded after a
    /// successful login); does nothing if the secret changed meanwhile (a rotation wins). True when replaced.
    pub async fn upgrade_gateway_secret_hash(&self, sn: &str, old: &str, new: &str) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE gateways SET secret_hash = $1 WHERE sn = $2 AND secret_hash = $3")
            .bind(new)
            .bind(sn)
            .bind(old)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }
}

/// The settings of a gateway a person edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatewaySettings {
    pub name: String,
    /// Reporting interval while a monitor window is open (the spec's `interval`), ms.
    pub interval: i64,
    /// Period of the history sample outside monitor windows, ms.
    pub sample_interval: i64,
    /// Economize mode: the console stops re-opening monitor windows while the operator is away.
    pub economize_open: bool,
}

impl Store {
    /// Replaces a gateway's settings; false when `viewer` has no such gateway.
    pub async fn edit_gateway(&self, viewer: &Viewer, sn: &str, s: &GatewaySettings) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE gateways SET name = $1, monitor_interval_ms = $2, report_interval_ms = $3, economize_open = $4 \
             WHERE org_id = $5 AND sn = $6{}",
            viewer.gateway_sql("gateways")
        );
        let done = sqlx::query(&sql)
            .bind(&s.name)
            .bind(s.interval)
            .bind(s.sample_interval)
            .bind(i64::from(s.economize_open))
            .bind(viewer.org_id)
            .bind(sn)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }
}

//! What the gateway link needs from storage: the configuration a gateway should run (its bound equipment, their
//! drivers and signals), the version counter of that configuration, and the status the gateway reports.
//! These reads are by serial number and unscoped: the caller is the server's own MQTT side, which has already
//! authenticated the gateway, never a console user.

use crate::access::Viewer;
use crate::{Store, now_ms};
use ironsight_protocol::payload::{DriverConfig, SignalDef, Status};
use sqlx::Row;

/// One equipment bound to a gateway, with what the gateway needs to poll it.
#[derive(Clone, Debug)]
pub struct BoundEquipment {
    pub equipment_id: i64,
    pub equip_name: String,
    /// `None` until the driver settings have been saved: the gateway cannot poll it yet.
    pub driver: Option<DriverConfig>,
    pub signals: Vec<SignalDef>,
}

/// A gateway as the link sees it.
#[derive(Clone, Debug)]
pub struct LinkGateway {
    pub id: i64,
    pub org_id: i64,
    pub sn: String,
    pub config_version: i64,
    pub sample_interval_ms: i64,
}

impl Store {
    /// Every registered gateway's serial number (to push configurations at start-up).
    pub async fn gateway_sns(&self) -> anyhow::Result<Vec<String>> {
        Ok(sqlx::query_scalar("SELECT sn FROM gateways ORDER BY id").fetch_all(self.pool()).await?)
    }

    /// The gateway with serial number `sn`, whatever its organisation.
    pub async fn link_gateway(&self, sn: &str) -> anyhow::Result<Option<LinkGateway>> {
        let row = sqlx::query("SELECT id, org_id, sn, config_version, report_interval_ms FROM gateways WHERE sn = $1")
            .bind(sn)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| {
            Ok(LinkGateway {
                id: r.try_get("id")?,
                org_id: r.try_get("org_id")?,
                sn: r.try_get("sn")?,
                config_version: r.try_get("config_version")?,
                sample_interval_ms: r.try_get("report_interval_ms")?,
            })
        })
        .transpose()
    }

    /// The serial number of the gateway an equipment is bound to, if any.
    pub async fn gateway_sn_of_equipment(&self, equipment_id: i64) -> anyhow::Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT g.sn FROM equipment e JOIN gateways g ON g.id = e.gateway_id WHERE e.id = $1")
            .bind(equipment_id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// The equipment bound to gateway `gateway_id`, with drivers and signals, in id order.
    pub async fn bound_equipment(&self, gateway_id: i64) -> anyhow::Result<Vec<BoundEquipment>> {
        let rows =
            sqlx::query("SELECT id, org_id, equip_name, driver FROM equipment WHERE gateway_id = $1 ORDER BY id")
                .bind(gateway_id)
                .fetch_all(self.pool())
                .await?;
        let mut list = Vec::with_capacity(rows.len());
        for r in rows {
            let equipment_id: i64 = r.try_get("id")?;
            let org_id: i64 = r.try_get("org_id")?;
            let driver: Option<String> = r.try_get("driver")?;
            list.push(BoundEquipment {
                equipment_id,
                equip_name: r.try_get("equip_name")?,
                driver: driver.and_then(|d| serde_json::from_str(&d).ok()),
                signals: self.signals(&Viewer::server(org_id), equipment_id).await?.unwrap_or_default(),
            });
        }
        Ok(list)
    }

    /// Increases the gateway's configuration version and answers the new one.
    pub async fn next_config_version(&self, gateway_id: i64) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar(
            "UPDATE gateways SET config_version = config_version + 1 WHERE id = $1 RETURNING config_version",
        )
        .bind(gateway_id)
        .fetch_one(self.pool())
        .await?)
    }

    /// Records what the gateway said about configuration `version`: applied, or refused with a reason.
    pub async fn set_config_applied(&self, sn: &str, version: i64, error: Option<&str>) -> anyhow::Result<()> {
        if error.is_none() {
            sqlx::query("UPDATE gateways SET applied_version = $1, config_error = NULL WHERE sn = $2")
                .bind(version)
                .bind(sn)
                .execute(self.pool())
                .await?;
        } else {
            sqlx::query("UPDATE gateways SET config_error = $1 WHERE sn = $2")
                .bind(error)
                .bind(sn)
                .execute(self.pool())
                .await?;
        }
        Ok(())
    }

    /// Stores a status report. The broker keeps one retained status per gateway and delivers a gateway's
    /// messages in order, so the latest report wins. An offline report is usually the last will, whose time is
    /// when the gateway connected (a will is written at connect), so the time of its arrival is recorded instead.
    /// Counts readings of gateway `sn` that were dated more than the tolerance ahead (stored at arrival instead),
    /// and records how far ahead its clock was.
    pub async fn note_future_readings(&self, sn: &str, count: i64, ahead_ms: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE gateways SET future_readings = future_readings + $1, clock_ahead_ms = $2 WHERE sn = $3")
            .bind(count)
            .bind(ahead_ms)
            .bind(sn)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Latest values dated more than `tolerance_ms` after `now` (left by a gateway whose clock ran ahead, before the
    /// server clamped them) take `now`, so they stop holding their signal; answers how many.
    pub async fn unfreeze_future_latest(&self, now: i64, tolerance_ms: i64) -> anyhow::Result<u64> {
        let done = sqlx::query("UPDATE signal_latest SET t = $1 WHERE t > $2")
            .bind(now)
            .bind(now + tolerance_ms)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected())
    }

    pub async fn set_gateway_status(&self, sn: &str, status: &Status) -> anyhow::Result<()> {
        if !status.online {
            sqlx::query("UPDATE gateways SET online = 0, last_seen_ms = $1 WHERE sn = $2")
                .bind(now_ms())
                .bind(sn)
                .execute(self.pool())
                .await?;
            return Ok(());
        }
        // The gateway's clock may run ahead: its status is seen now, at the latest; the skew is kept.
        let now = now_ms();
        let seen = if status.t > 0 { status.t.min(now) } else { now };
        let ahead = (status.t - now > crate::readings::FUTURE_TOLERANCE_MS).then_some(status.t - now);
        // Model and firmware only when reported; the applied version only when reported (-1 = not reported).
        sqlx::query(
            "UPDATE gateways SET online = 1, vpn = $1, signal_strength = $2, last_seen_ms = $3, \
             model = CASE WHEN $4 = '' THEN model ELSE $4 END, \
             firmware = CASE WHEN $5 = '' THEN firmware ELSE $5 END, \
             applied_version = CASE WHEN $6 < 0 THEN applied_version ELSE $6 END, clock_ahead_ms = $8 \
             WHERE sn = $7",
        )
        .bind(i64::from(status.vpn))
        .bind(status.signal_strength.map(i64::from))
        .bind(seen)
        .bind(status.model.as_str())
        .bind(status.firmware.as_str())
        .bind(status.config_version.map(|v| v as i64).unwrap_or(-1))
        .bind(sn)
        .bind(ahead)
        .persistent(false)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Marks every gateway offline: at start-up of the embedded broker no gateway can be connected yet.
    pub async fn mark_all_gateways_offline(&self) -> anyhow::Result<()> {
        sqlx::query("UPDATE gateways SET online = 0").execute(self.pool()).await?;
        Ok(())
    }
}

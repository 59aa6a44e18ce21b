//! Expiry dates of equipment and gateways, who is told when one comes near, and the record of what was told
//! (docs/messages.md, "Expire messages").
//!
//! The dates are `YYYY-MM-DD` texts (China time), checked by the caller (`ironsight_domain::expiry::Day`). The
//! record `expiry_notices` holds one row per target, date and threshold: the sweep claims the row before it
//! writes the messages, and a claim that finds the row taken sends nothing, so no tick and no second server sends
//! a message twice.

use crate::access::{SEES_WHOLE_ORG_SQL, Viewer};
use crate::messages::Message;
use crate::{Store, now_ms};
use sqlx::Row;

/// What an expiry date belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetType {
    Equipment,
    Gateway,
}

impl TargetType {
    pub fn as_str(self) -> &'static str {
        match self {
            TargetType::Equipment => "equipment",
            TargetType::Gateway => "gateway",
        }
    }

    pub fn parse(text: &str) -> Option<TargetType> {
        match text {
            "equipment" => Some(TargetType::Equipment),
            "gateway" => Some(TargetType::Gateway),
            _ => None,
        }
    }
}

/// An equipment or gateway with an expiry date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpiryTarget {
    pub target_type: TargetType,
    pub id: i64,
    pub org_id: i64,
    pub name: String,
    /// `YYYY-MM-DD`, China time; `None` once cleared (a target looked up by id).
    pub expire_date: Option<String>,
    /// The equipment: itself; a gateway: the first equipment it serves, if any.
    pub equipment_id: Option<i64>,
    /// A gateway's serial number (`None` for equipment).
    pub sn: Option<String>,
}

/// One notice: a target's expiry date at one threshold, told once to everyone concerned.
#[derive(Clone, Debug)]
pub struct ExpiryNotice<'a> {
    pub target_type: TargetType,
    pub target_id: i64,
    pub expire_date: &'a str,
    /// Days before the date: 30, 7, 1 or 0.
    pub threshold: i64,
}

/// One person's expire message of an [`ExpiryNotice`].
#[derive(Clone, Debug)]
pub struct NewExpireMessage<'a> {
    pub user_id: i64,
    pub title: &'a str,
    pub title_en: &'a str,
    /// The equipment the message is about, so a limited account sees it only while that equipment is granted.
    pub equip_id: Option<i64>,
}

/// Equipment and gateways as [`target_from_row`] reads them; only those with a date when `only_dated`.
fn targets_sql(only_dated: bool) -> String {
    let dated = if only_dated { " WHERE expire_date IS NOT NULL" } else { "" };
    format!(
        "SELECT 'equipment' AS target_type, e.id, e.org_id, e.equip_name AS name, e.expire_date, e.id AS equipment_id, \
         CAST(NULL AS TEXT) AS sn FROM equipment e{dated} UNION ALL SELECT 'gateway' AS target_type, g.id, g.org_id, \
         g.name, g.expire_date, (SELECT MIN(ge.id) FROM equipment ge WHERE ge.gateway_id = g.id) AS equipment_id, g.sn \
         FROM gateways g{dated}"
    )
}

fn target_from_row(r: &sqlx::any::AnyRow) -> anyhow::Result<ExpiryTarget> {
    let kind: String = r.try_get("target_type")?;
    Ok(ExpiryTarget {
        target_type: TargetType::parse(&kind).ok_or_else(|| anyhow::anyhow!("unknown target type {kind}"))?,
        id: r.try_get("id")?,
        org_id: r.try_get("org_id")?,
        name: r.try_get("name")?,
        expire_date: r.try_get("expire_date")?,
        equipment_id: r.try_get("equipment_id")?,
        sn: r.try_get("sn")?,
    })
}

impl Store {
    /// Sets (or clears, `None`) the expiry date of an equipment the viewer may see; false when it has no such
    /// equipment.
    pub async fn set_equipment_expiry(&self, viewer: &Viewer, id: i64, date: Option<&str>) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE equipment SET expire_date = $1, updated_ms = $2 WHERE org_id = $3 AND id = $4{}",
            viewer.grant_sql("equipment")
        );
        let done = sqlx::query(&sql)
            .bind(date)
            .bind(now_ms())
            .bind(viewer.org_id)
            .bind(id)
            .persistent(false)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets (or clears, `None`) the expiry date of the gateway `sn` as the viewer may see it; false when it has no
    /// such gateway.
    pub async fn set_gateway_expiry(&self, viewer: &Viewer, sn: &str, date: Option<&str>) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE gateways SET expire_date = $1 WHERE org_id = $2 AND sn = $3{}",
            viewer.gateway_sql("gateways")
        );
        let done =
            sqlx::query(&sql).bind(date).bind(viewer.org_id).bind(sn).persistent(false).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every equipment and gateway with an expiry date, of every organisation (the sweep's round).
    pub async fn expiry_targets(&self) -> anyhow::Result<Vec<ExpiryTarget>> {
        let rows = sqlx::query(&targets_sql(true)).fetch_all(self.pool()).await?;
        rows.iter().map(target_from_row).collect()
    }

    /// One equipment or gateway of organisation `org_id` by id, whoever looks (an expire message's target: the
    /// message's own visibility is the check).
    pub async fn expiry_target(
        &self,
        org_id: i64,
        target_type: TargetType,
        id: i64,
    ) -> anyhow::Result<Option<ExpiryTarget>> {
        let sql = format!(
            "SELECT * FROM ({}) t WHERE t.target_type = $1 AND t.id = $2 AND t.org_id = $3",
            targets_sql(false)
        );
        let row =
            sqlx::query(&sql).bind(target_type.as_str()).bind(id).bind(org_id).fetch_optional(self.pool()).await?;
        row.as_ref().map(target_from_row).transpose()
    }

    /// The thresholds already told for a target's expiry date.
    pub async fn expiry_thresholds_sent(
        &self,
        target_type: TargetType,
        id: i64,
        date: &str,
    ) -> anyhow::Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT threshold FROM expiry_notices WHERE target_type = $1 AND target_id = $2 AND expire_date = $3",
        )
        .bind(target_type.as_str())
        .bind(id)
        .bind(date)
        .fetch_all(self.pool())
        .await?)
    }

    /// Who is told about a target's expiry, with the equipment each one's message is about: the enabled
    /// accounts that see the equipment (for a gateway: that see an equipment it serves, the first such one);
    /// accounts that see the whole organisation are told about a gateway that serves none as well.
    pub async fn expiry_recipients(&self, target: &ExpiryTarget) -> anyhow::Result<Vec<(i64, Option<i64>)>> {
        let equipment = match target.target_type {
            TargetType::Equipment => "e.id = $2",
            TargetType::Gateway => "e.gateway_id = $2",
        };
        let sql = format!(
            "SELECT u.id, CAST(CASE WHEN {SEES_WHOLE_ORG_SQL} THEN 1 ELSE 0 END AS BIGINT) AS whole, (SELECT MIN(e.id) FROM equipment e \
             WHERE {equipment} AND e.org_id = u.org_id AND ({SEES_WHOLE_ORG_SQL} OR EXISTS (SELECT 1 FROM \
             equipment_grants eg WHERE eg.user_id = u.id AND eg.equipment_id = e.id))) AS equip_id FROM users u \
             WHERE u.org_id = $1 AND u.disabled = 0 ORDER BY u.id"
        );
        let rows = sqlx::query(&sql).bind(target.org_id).bind(target.id).fetch_all(self.pool()).await?;
        let mut people = Vec::new();
        for r in &rows {
            let equip_id: Option<i64> = r.try_get("equip_id")?;
            if equip_id.is_some() || r.try_get::<i64, _>("whole")? == 1 {
                people.push((r.try_get("id")?, equip_id));
            }
        }
        Ok(people)
    }

    /// Claims the threshold's notice for a target's expiry date and stores its messages (type `expire`, equipType
    /// `eg`, dataId the target, dataStatus its type, note the expiry date), in one transaction: the notice is
    /// claimed exactly when its messages are written, so a failure leaves it to the next sweep and two sweeps
    /// never both send it. Answers the messages as the console receives them, or `None` when the notice was
    /// already claimed.
    pub async fn tell_expiry(
        &self,
        notice: &ExpiryNotice<'_>,
        messages: &[NewExpireMessage<'_>],
    ) -> anyhow::Result<Option<Vec<Message>>> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let claimed = sqlx::query(
            "INSERT INTO expiry_notices (target_type, target_id, expire_date, threshold, sent_ms) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(notice.target_type.as_str())
        .bind(notice.target_id)
        .bind(notice.expire_date)
        .bind(notice.threshold)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            return Ok(None);
        }
        let mut stored = Vec::with_capacity(messages.len());
        for m in messages {
            let data_id = notice.target_id.to_string();
            let status = notice.target_type.as_str();
            let id = sqlx::query_scalar(
                "INSERT INTO messages (user_id, type, title, title_en, note, data_id, data_status, equip_type, \
                 equip_id, gmt_create) VALUES ($1, 'expire', $2, $3, $4, $5, $6, 'eg', $7, $8) RETURNING id",
            )
            .bind(m.user_id)
            .bind(m.title)
            .bind(m.title_en)
            .bind(notice.expire_date)
            .bind(&data_id)
            .bind(status)
            .bind(m.equip_id)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            stored.push(Message {
                id,
                kind: "expire".to_owned(),
                title: m.title.to_owned(),
                title_en: m.title_en.to_owned(),
                note: notice.expire_date.to_owned(),
                gmt_create: now,
                data_id,
                data_status: status.to_owned(),
                equip_type: "eg".to_owned(),
                alarm_id: None,
                alarm_broadcast_times: 0,
                equip_id: m.equip_id,
                read: false,
            });
        }
        tx.commit().await?;
        Ok(Some(stored))
    }
}

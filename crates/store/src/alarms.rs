//! Alarm rules and alarm records.
//!
//! Rules are saved per signal as a whole list (like signals: ids kept, missing ones deleted), and an open alarm
//! of a rule that is deleted or disabled is released in the same transaction, so no record stays open without a
//! rule to end it. Records are history: titles and messages are copied in, and they carry no foreign keys to the
//! equipment, signal or rule they came from. Calls made for a console user are scoped to an organisation; the
//! alarm engine's reads (`watched_*`, `open_alarms`, `silence_watch`) are unscoped, like the gateway link's.

use crate::access::{SEES_WHOLE_ORG_SQL, Viewer};
use crate::{Page, Store, now_ms};
use ironsight_domain::alarm::{Condition, RuleDraft, Symbol};
use ironsight_domain::value_map::StateText;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A stored rule with the signal it watches.
#[derive(Clone, Debug, PartialEq)]
pub struct AlarmRule {
    pub id: i64,
    pub signal_id: i64,
    pub signal_title: String,
    pub symbol: Symbol,
    pub value: f64,
    pub deadband: f64,
    /// ms.
    pub delay: i64,
    pub level: i64,
    pub msg_zh: String,
    pub msg_en: String,
    pub enabled: bool,
}

impl AlarmRule {
    pub fn condition(&self) -> Condition {
        Condition { symbol: self.symbol, threshold: self.value, deadband: self.deadband, delay_ms: self.delay }
    }
}

/// An enabled rule with what the engine needs to record its alarms.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchedRule {
    pub rule: AlarmRule,
    pub org_id: i64,
    pub equipment_id: i64,
    pub equip_title: String,
    /// The signal's state texts: an alarm's message names the state the value is in.
    pub value_map: Vec<StateText>,
}

/// Why a rule save was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum SaveRulesError {
    /// The organisation has no such signal.
    NoSignal,
    /// Entry `index` names a rule id that is not one of this signal's.
    ForeignId { index: usize },
}

/// What an alarm record is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlarmKey {
    /// A rule triggered.
    Rule(i64),
    /// A signal was silent.
    SignalNoData(i64),
    /// The gateway of this equipment was silent.
    GatewayNoData { equipment_id: i64 },
}

/// The `type` column.
pub const TYPE_SIGNAL: &str = "signal";
pub const TYPE_NO_DATA: &str = "no_data";

/// A new alarm record.
#[derive(Clone, Debug)]
pub struct NewAlarm<'a> {
    pub key: AlarmKey,
    pub org_id: i64,
    pub equipment_id: i64,
    /// The signal the alarm is about (none for a gateway's silence).
    pub signal_id: Option<i64>,
    pub level: i64,
    pub equip_title: &'a str,
    pub signal_title: &'a str,
    pub gmt_trigger: i64,
    pub value: Option<f64>,
    pub msg_zh: &'a str,
    pub msg_en: &'a str,
}

/// An alarm record as the console lists it (the spec's alarm columns: equipTitle, type, gmtTrigger,
/// gmtRelease, value, msg).
#[derive(Clone, Debug, PartialEq)]
pub struct AlarmRecord {
    pub id: i64,
    pub equip_id: i64,
    pub equip_title: String,
    pub signal_id: Option<i64>,
    pub signal_title: String,
    pub rule_id: Option<i64>,
    /// `signal` or `no_data`.
    pub kind: String,
    pub level: i64,
    pub gmt_trigger: i64,
    pub gmt_release: Option<i64>,
    /// The value that triggered (none for no-data alarms).
    pub value: Option<f64>,
    pub msg_zh: String,
    pub msg_en: String,
    pub confirmed_by: Option<i64>,
    pub confirm_user: Option<String>,
    pub gmt_confirm: Option<i64>,
    /// The equipment's rule type (`00` or `01`), which decides the permission needed to see the record; empty
    /// when the equipment is gone.
    pub rule_type: String,
}

/// Whose alarm records a query reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlarmScope {
    Equipment(i64),
    /// Every equipment of the project (the caller has checked that the viewer sees the whole project).
    Project(i64),
}

/// An alarm-record query: whose, triggered in `[from, to]`, and whether only the open ones (not yet released).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlarmQuery {
    pub scope: AlarmScope,
    pub from: i64,
    pub to: i64,
    pub open_only: bool,
}

/// An open alarm, as the engine loads it at start-up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpenAlarm {
    pub id: i64,
    pub key: AlarmKey,
    pub equipment_id: i64,
    pub signal_id: Option<i64>,
}

/// A signal the no-data check watches: a signal of equipment with a driver, bound to a gateway.
#[derive(Clone, Debug, PartialEq)]
pub struct SilenceWatch {
    pub gateway_id: i64,
    pub org_id: i64,
    /// The gateway's sample period (it reports every signal at least this often), ms.
    pub period_ms: i64,
    /// The gateway has reported at least once (a gateway never put into service is not silent).
    pub gateway_seen: bool,
    pub equipment_id: i64,
    pub equip_title: String,
    pub signal_id: i64,
    pub signal_title: String,
}

const RULE_COLUMNS: &str = "r.id, r.signal_id, s.name AS signal_title, r.symbol, r.threshold, r.deadband, r.delay_ms, \
    r.level, r.msg_zh, r.msg_en, r.enabled";

fn rule_from_row(r: &AnyRow) -> Result<AlarmRule, sqlx::Error> {
    let symbol: String = r.try_get("symbol")?;
    Ok(AlarmRule {
        id: r.try_get("id")?,
        signal_id: r.try_get("signal_id")?,
        signal_title: r.try_get("signal_title")?,
        symbol: Symbol::parse(&symbol)
            .ok_or_else(|| sqlx::Error::Decode(format!("unknown alarm symbol {symbol:?}").into()))?,
        value: r.try_get("threshold")?,
        deadband: r.try_get("deadband")?,
        delay: r.try_get("delay_ms")?,
        level: r.try_get("level")?,
        msg_zh: r.try_get("msg_zh")?,
        msg_en: r.try_get("msg_en")?,
        enabled: r.try_get::<i64, _>("enabled")? != 0,
    })
}

fn watched_from_row(r: &AnyRow) -> Result<WatchedRule, sqlx::Error> {
    Ok(WatchedRule {
        rule: rule_from_row(r)?,
        org_id: r.try_get("org_id")?,
        equipment_id: r.try_get("equipment_id")?,
        equip_title: r.try_get("equip_name")?,
        value_map: crate::signals::value_map_from(&r.try_get::<String, _>("value_map")?),
    })
}

const RECORD_COLUMNS: &str = "a.id, a.equipment_id, a.equip_title, a.signal_id, a.signal_title, a.rule_id, a.type, \
    a.level, a.gmt_trigger, a.gmt_release, a.trigger_value, a.msg_zh, a.msg_en, a.confirmed_by, a.confirmed_name, \
    a.gmt_confirm, e.rule_type";

fn record_from_row(r: &AnyRow) -> Result<AlarmRecord, sqlx::Error> {
    Ok(AlarmRecord {
        id: r.try_get("id")?,
        equip_id: r.try_get("equipment_id")?,
        equip_title: r.try_get("equip_title")?,
        signal_id: r.try_get("signal_id")?,
        signal_title: r.try_get("signal_title")?,
        rule_id: r.try_get("rule_id")?,
        kind: r.try_get("type")?,
        level: r.try_get("level")?,
        gmt_trigger: r.try_get("gmt_trigger")?,
        gmt_release: r.try_get("gmt_release")?,
        value: r.try_get("trigger_value")?,
        msg_zh: r.try_get("msg_zh")?,
        msg_en: r.try_get("msg_en")?,
        confirmed_by: r.try_get("confirmed_by")?,
        confirm_user: r.try_get("confirmed_name")?,
        gmt_confirm: r.try_get("gmt_confirm")?,
        rule_type: r.try_get::<Option<String>, _>("rule_type")?.unwrap_or_default(),
    })
}

/// `(type, rule_id)` of a record about `key`.
fn key_columns(key: AlarmKey) -> (&'static str, Option<i64>) {
    match key {
        AlarmKey::Rule(rule) => (TYPE_SIGNAL, Some(rule)),
        AlarmKey::SignalNoData(_) | AlarmKey::GatewayNoData { .. } => (TYPE_NO_DATA, None),
    }
}

impl Store {
    /// The rules of every signal of the organisation's equipment, in signal order; `None` without the equipment.
    pub async fn alarm_rules(&self, viewer: &Viewer, equipment_id: i64) -> anyhow::Result<Option<Vec<AlarmRule>>> {
        if !self.equipment_visible(viewer, equipment_id).await? {
            return Ok(None);
        }
        let rows = sqlx::query(&format!(
            "SELECT {RULE_COLUMNS} FROM alarm_rules r JOIN signals s ON s.id = r.signal_id \
             WHERE s.equipment_id = $1 ORDER BY s.seq, s.id, r.seq, r.id"
        ))
        .bind(equipment_id)
        .fetch_all(self.pool())
        .await?;
        Ok(Some(rows.iter().map(rule_from_row).collect::<Result<_, _>>()?))
    }

    /// Replaces the rule list of the organisation's signal `signal_id` in one transaction: entries with id 0 are
    /// new, entries with an id keep it, rules missing from the list are deleted. Open alarms of deleted or now
    /// disabled rules are released. Answers the ids in list order.
    pub async fn save_alarm_rules(
        &self,
        viewer: &Viewer,
        signal_id: i64,
        list: &[RuleDraft],
    ) -> anyhow::Result<Result<Vec<i64>, SaveRulesError>> {
        let mut tx = self.begin_write().await?;
        let sql = format!(
            "SELECT s.id FROM signals s JOIN equipment e ON e.id = s.equipment_id WHERE e.org_id = $1 AND s.id = $2{}",
            viewer.grant_sql("e")
        );
        let owned: Option<i64> =
            sqlx::query_scalar(&sql).bind(viewer.org_id).bind(signal_id).fetch_optional(&mut *tx).await?;
        if owned.is_none() {
            return Ok(Err(SaveRulesError::NoSignal));
        }
        let existing: Vec<i64> = sqlx::query_scalar("SELECT id FROM alarm_rules WHERE signal_id = $1")
            .bind(signal_id)
            .fetch_all(&mut *tx)
            .await?;
        if let Some(index) = list.iter().position(|r| r.id != 0 && !existing.contains(&r.id)) {
            return Ok(Err(SaveRulesError::ForeignId { index }));
        }
        let now = now_ms();
        for id in &existing {
            let kept = list.iter().find(|r| r.id == *id);
            if kept.is_none_or(|r| !r.enabled) {
                sqlx::query("UPDATE alarm_records SET gmt_release = $1 WHERE rule_id = $2 AND gmt_release IS NULL")
                    .bind(now)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            if kept.is_none() {
                sqlx::query("DELETE FROM alarm_rules WHERE id = $1").bind(id).execute(&mut *tx).await?;
            }
        }
        let mut ids = Vec::with_capacity(list.len());
        for (seq, r) in list.iter().enumerate() {
            let c = &r.condition;
            let statement = if r.id == 0 {
                "INSERT INTO alarm_rules (signal_id, seq, symbol, threshold, deadband, delay_ms, level, msg_zh, msg_en, \
                 enabled, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id"
            } else {
                "UPDATE alarm_rules SET seq = $2, symbol = $3, threshold = $4, deadband = $5, delay_ms = $6, level = $7, \
                 msg_zh = $8, msg_en = $9, enabled = $10, updated_ms = $11 WHERE signal_id = $1 AND id = $12 RETURNING id"
            };
            let mut query = sqlx::query_scalar::<_, i64>(statement)
                .bind(signal_id)
                .bind(seq as i64)
                .bind(c.symbol.as_str())
                .bind(c.threshold)
                .bind(c.deadband)
                .bind(c.delay_ms)
                .bind(r.level)
                .bind(&r.msg_zh)
                .bind(&r.msg_en)
                .bind(i64::from(r.enabled))
                .bind(now);
            if r.id != 0 {
                query = query.bind(r.id);
            }
            ids.push(query.fetch_one(&mut *tx).await?);
        }
        tx.commit().await?;
        Ok(Ok(ids))
    }

    /// Every enabled rule with its context, for the engine at start-up.
    pub async fn watched_rules(&self) -> anyhow::Result<Vec<WatchedRule>> {
        self.watched_where("r.enabled = 1", None).await
    }

    /// The enabled rules of one signal, after a save.
    pub async fn watched_rules_of_signal(&self, signal_id: i64) -> anyhow::Result<Vec<WatchedRule>> {
        self.watched_where("r.enabled = 1 AND r.signal_id = $1", Some(signal_id)).await
    }

    async fn watched_where(&self, filter: &str, signal_id: Option<i64>) -> anyhow::Result<Vec<WatchedRule>> {
        let sql = format!(
            "SELECT {RULE_COLUMNS}, e.org_id, e.id AS equipment_id, e.equip_name, s.value_map FROM alarm_rules r \
             JOIN signals s ON s.id = r.signal_id JOIN equipment e ON e.id = s.equipment_id WHERE {filter} \
             ORDER BY r.signal_id, r.seq, r.id"
        );
        let mut query = sqlx::query(&sql);
        if let Some(id) = signal_id {
            query = query.bind(id);
        }
        let rows = query.fetch_all(self.pool()).await?;
        Ok(rows.iter().map(watched_from_row).collect::<Result<_, _>>()?)
    }

    /// Every alarm not yet released.
    pub async fn open_alarms(&self) -> anyhow::Result<Vec<OpenAlarm>> {
        let rows = sqlx::query(
            "SELECT id, type, equipment_id, signal_id, rule_id FROM alarm_records WHERE gmt_release IS NULL",
        )
        .fetch_all(self.pool())
        .await?;
        let mut list = Vec::with_capacity(rows.len());
        for r in rows {
            let kind: String = r.try_get("type")?;
            let equipment_id: i64 = r.try_get("equipment_id")?;
            let signal_id: Option<i64> = r.try_get("signal_id")?;
            let key = match (kind.as_str(), r.try_get::<Option<i64>, _>("rule_id")?, signal_id) {
                (TYPE_SIGNAL, Some(rule), _) => AlarmKey::Rule(rule),
                (TYPE_NO_DATA, _, Some(signal)) => AlarmKey::SignalNoData(signal),
                (TYPE_NO_DATA, _, None) => AlarmKey::GatewayNoData { equipment_id },
                _ => continue,
            };
            list.push(OpenAlarm { id: r.try_get("id")?, key, equipment_id, signal_id });
        }
        Ok(list)
    }

    /// Records an alarm that started; answers its id.
    pub async fn add_alarm(&self, a: &NewAlarm<'_>) -> anyhow::Result<i64> {
        let (kind, rule_id) = key_columns(a.key);
        Ok(sqlx::query_scalar(
            "INSERT INTO alarm_records (org_id, equipment_id, signal_id, rule_id, type, level, equip_title, signal_title, \
             gmt_trigger, trigger_value, msg_zh, msg_en) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             RETURNING id",
        )
        .bind(a.org_id)
        .bind(a.equipment_id)
        .bind(a.signal_id)
        .bind(rule_id)
        .bind(kind)
        .bind(a.level)
        .bind(a.equip_title)
        .bind(a.signal_title)
        .bind(a.gmt_trigger)
        .bind(a.value)
        .bind(a.msg_zh)
        .bind(a.msg_en)
        .persistent(false) // binds Option<f64>: see the crate docs
        .fetch_one(self.pool())
        .await?)
    }

    /// Ends the open alarm about `key` at `t`; answers how many records it ended (0 or 1).
    pub async fn release_alarm(&self, key: AlarmKey, t: i64) -> anyhow::Result<u64> {
        let query = match key {
            AlarmKey::Rule(rule) => {
                sqlx::query("UPDATE alarm_records SET gmt_release = $1 WHERE gmt_release IS NULL AND rule_id = $2")
                    .bind(t)
                    .bind(rule)
            }
            AlarmKey::SignalNoData(signal) => sqlx::query(
                "UPDATE alarm_records SET gmt_release = $1 WHERE gmt_release IS NULL AND type = 'no_data' AND signal_id = $2",
            )
            .bind(t)
            .bind(signal),
            AlarmKey::GatewayNoData { equipment_id } => sqlx::query(
                "UPDATE alarm_records SET gmt_release = $1 WHERE gmt_release IS NULL AND type = 'no_data' \
                 AND signal_id IS NULL AND equipment_id = $2",
            )
            .bind(t)
            .bind(equipment_id),
        };
        Ok(query.execute(self.pool()).await?.rows_affected())
    }

    /// Releases open rule alarms whose rule no longer exists or is disabled (its signal or equipment was
    /// deleted); answers how many.
    pub async fn release_orphan_alarms(&self, t: i64) -> anyhow::Result<u64> {
        let done = sqlx::query(
            "UPDATE alarm_records SET gmt_release = $1 WHERE gmt_release IS NULL AND type = 'signal' \
             AND NOT EXISTS (SELECT 1 FROM alarm_rules r WHERE r.id = alarm_records.rule_id AND r.enabled = 1)",
        )
        .bind(t)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }

    /// The alarm records of one equipment the viewer may see, triggered in `[from, to]`, newest first.
    pub async fn alarm_records(
        &self,
        viewer: &Viewer,
        equipment_id: i64,
        from: i64,
        to: i64,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<AlarmRecord>> {
        let query = AlarmQuery { scope: AlarmScope::Equipment(equipment_id), from, to, open_only: false };
        self.alarm_records_in(viewer, &query, page, page_size).await
    }

    /// The alarm records `query` asks for that the viewer may see, newest first: one equipment's (the EG
    /// monitor's) or a project's (the project monitor's, docs/project-monitor.md); the same statement for both.
    pub async fn alarm_records_in(
        &self,
        viewer: &Viewer,
        query: &AlarmQuery,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<AlarmRecord>> {
        let (scope, key) = match query.scope {
            AlarmScope::Equipment(id) => ("a.equipment_id = $2", id),
            // The project's org is bound too: a project of another organisation lists nothing.
            AlarmScope::Project(id) => (
                "a.equipment_id IN (SELECT pe.equipment_id FROM project_equipment pe \
                 JOIN projects p ON p.id = pe.project_id WHERE p.id = $2 AND p.org_id = $1)",
                id,
            ),
        };
        let open = if query.open_only { " AND a.gmt_release IS NULL" } else { "" };
        let filter = format!(
            "FROM alarm_records a LEFT JOIN equipment e ON e.id = a.equipment_id \
             WHERE a.org_id = $1 AND {scope} AND a.gmt_trigger >= $3 AND a.gmt_trigger <= $4{open}{}",
            viewer.grant_sql_on("a.equipment_id")
        );
        let org_id = viewer.org_id;
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {filter}"))
            .bind(org_id)
            .bind(key)
            .bind(query.from)
            .bind(query.to)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} {filter} ORDER BY a.gmt_trigger DESC, a.id DESC LIMIT $5 OFFSET $6"
        ))
        .bind(org_id)
        .bind(key)
        .bind(query.from)
        .bind(query.to)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        let list = rows.iter().map(record_from_row).collect::<Result<_, _>>()?;
        Ok(Page { total, list })
    }

    /// One alarm record the viewer may see.
    pub async fn alarm_record(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<AlarmRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {RECORD_COLUMNS} FROM alarm_records a LEFT JOIN equipment e ON e.id = a.equipment_id \
             WHERE a.org_id = $1 AND a.id = $2{}",
            viewer.grant_sql_on("a.equipment_id")
        ))
        .bind(viewer.org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(record_from_row).transpose()?)
    }

    /// Records that the viewer (`name`) confirmed alarm `id` now, unless someone already did; true when this call
    /// confirmed it.
    pub async fn confirm_alarm(&self, viewer: &Viewer, id: i64, name: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE alarm_records SET confirmed_by = $1, confirmed_name = $2, gmt_confirm = $3 \
             WHERE org_id = $4 AND id = $5 AND gmt_confirm IS NULL{}",
            viewer.grant_sql_on("alarm_records.equipment_id")
        );
        let done = sqlx::query(&sql)
            .bind(viewer.user_id)
            .bind(name)
            .bind(now_ms())
            .bind(viewer.org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Who is told about an alarm of the organisation's equipment `equipment_id`: the enabled accounts that may
    /// see that equipment.
    pub async fn alarm_recipients(&self, org_id: i64, equipment_id: i64) -> anyhow::Result<Vec<i64>> {
        let sql = format!(
            "SELECT u.id FROM users u WHERE u.org_id = $1 AND u.disabled = 0 AND ({SEES_WHOLE_ORG_SQL} OR EXISTS \
             (SELECT 1 FROM equipment_grants eg WHERE eg.user_id = u.id AND eg.equipment_id = $2)) ORDER BY u.id"
        );
        Ok(sqlx::query_scalar(&sql).bind(org_id).bind(equipment_id).fetch_all(self.pool()).await?)
    }

    /// Every signal the no-data check watches: of equipment with a driver, bound to a gateway.
    pub async fn silence_watch(&self) -> anyhow::Result<Vec<SilenceWatch>> {
        let rows = sqlx::query(
            "SELECT g.id AS gateway_id, g.org_id, g.report_interval_ms, g.last_seen_ms, e.id AS equipment_id, \
             e.equip_name, s.id AS signal_id, s.name AS signal_name FROM gateways g \
             JOIN equipment e ON e.gateway_id = g.id JOIN signals s ON s.equipment_id = e.id \
             WHERE e.driver IS NOT NULL ORDER BY g.id, e.id, s.seq, s.id",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SilenceWatch {
                    gateway_id: r.try_get("gateway_id")?,
                    org_id: r.try_get("org_id")?,
                    period_ms: r.try_get("report_interval_ms")?,
                    gateway_seen: r.try_get::<Option<i64>, _>("last_seen_ms")?.is_some(),
                    equipment_id: r.try_get("equipment_id")?,
                    equip_title: r.try_get("equip_name")?,
                    signal_id: r.try_get("signal_id")?,
                    signal_title: r.try_get("signal_name")?,
                })
            })
            .collect()
    }
}

//! What repair orders and inspection worksheets share: their numbers (letters + the day in China + the
//! organisation's sequence of that day), their step history (who, when, action, from, to, remark, whom it named) and their order
//! messages (type `order`, `equipType` the kind, `dataId` the order). Written once here so both kinds number, record
//! and tell alike.

use crate::access::Viewer;
use crate::messages::Message;
use crate::{Store, now_ms};

/// A table numbered by [`next_number`] and its step table (columns as `repair_order_steps`).
#[derive(Clone, Copy, Debug)]
pub struct OrderTables {
    pub orders: &'static str,
    pub steps: &'static str,
}

pub const REPAIR: OrderTables = OrderTables { orders: "repair_orders", steps: "repair_order_steps" };
pub const INSPECTION: OrderTables =
    OrderTables { orders: "inspection_worksheets", steps: "inspection_worksheet_steps" };

/// How often a number is taken again after another order took it first.
pub const NUMBER_ATTEMPTS: usize = 5;

/// The next number of `org_id` in `tables.orders` starting with `prefix` (10 characters: two letters and the day):
/// the day's highest sequence + 1. On PostgreSQL the organisation's row is locked first, which queues the
/// organisation's numbering (SQLite's write lock already does); the unique index decides anything else, and the
/// caller retries on a unique violation ([`crate::is_unique_violation`]).
pub(crate) async fn next_number(
    store: &Store,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    tables: OrderTables,
    org_id: i64,
    prefix: &str,
) -> anyhow::Result<String> {
    if store.backend() == crate::Backend::Postgres {
        sqlx::query("SELECT id FROM orgs WHERE id = $1 FOR UPDATE").bind(org_id).execute(&mut **tx).await?;
    }
    let sql = format!(
        "SELECT MAX(CAST(SUBSTR(number, {}) AS BIGINT)) FROM {} WHERE org_id = $1 AND number LIKE $2",
        prefix.len() + 1,
        tables.orders
    );
    let last: Option<i64> =
        sqlx::query_scalar(&sql).bind(org_id).bind(format!("{prefix}%")).fetch_one(&mut **tx).await?;
    Ok(ironsight_domain::repair::number(prefix, last.unwrap_or(0) + 1))
}

/// One step of an order's history.
#[derive(Clone, Debug)]
pub struct StepRecord<'a> {
    pub order_id: i64,
    pub user_id: i64,
    pub action: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub remark: &'a str,
    /// The person the step named (a dispatch's repairer); None for the others.
    pub assignee_id: Option<i64>,
    pub at: i64,
}

/// Writes a step into `tables.steps`, in the transaction that took it.
pub(crate) async fn insert_step(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    tables: OrderTables,
    step: &StepRecord<'_>,
) -> anyhow::Result<()> {
    let sql = format!(
        "INSERT INTO {} (order_id, user_id, action, from_status, to_status, remark, gmt_create, assignee_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        tables.steps
    );
    sqlx::query(&sql)
        .bind(step.order_id)
        .bind(step.user_id)
        .bind(step.action)
        .bind(step.from)
        .bind(step.to)
        .bind(step.remark)
        .bind(step.at)
        .bind(step.assignee_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// One step taken on an order (its creation included).
#[derive(Clone, Debug, PartialEq)]
pub struct StepRow {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub action: String,
    pub from_status: String,
    pub to_status: String,
    pub remark: String,
    pub gmt_create: i64,
    /// The login name of the person the step named (a dispatch's repairer), if any.
    pub assignee_name: Option<String>,
}

/// What an order message is about.
#[derive(Clone, Copy, Debug)]
pub struct OrderRef<'a> {
    /// `repair` or `inspection` (the message's `equipType`).
    pub kind: &'a str,
    pub id: i64,
    pub number: &'a str,
    /// The equipment it is about (the first of an inspection's route).
    pub equipment_id: Option<i64>,
}

impl Store {
    /// The steps of an order in `tables` (the viewer already saw the order), oldest first.
    pub async fn order_steps(&self, tables: OrderTables, order_id: i64) -> anyhow::Result<Vec<StepRow>> {
        use sqlx::Row;
        let sql = format!(
            "SELECT s.id, s.user_id, u.loginname, s.action, s.from_status, s.to_status, s.remark, s.gmt_create, \
             a.loginname AS assignee_name FROM {} s JOIN users u ON u.id = s.user_id \
             LEFT JOIN users a ON a.id = s.assignee_id WHERE s.order_id = $1 ORDER BY s.id",
            tables.steps
        );
        let rows = sqlx::query(&sql).bind(order_id).fetch_all(self.pool()).await?;
        rows.iter()
            .map(|r| {
                Ok(StepRow {
                    id: r.try_get("id")?,
                    user_id: r.try_get("user_id")?,
                    user_name: r.try_get("loginname")?,
                    action: r.try_get("action")?,
                    from_status: r.try_get("from_status")?,
                    to_status: r.try_get("to_status")?,
                    remark: r.try_get("remark")?,
                    gmt_create: r.try_get("gmt_create")?,
                    assignee_name: r.try_get("assignee_name")?,
                })
            })
            .collect()
    }

    /// Stores an order message (type `order`, equipType the kind, dataId the order, note its number, dataStatus
    /// `sended`) for one user and answers it as the console receives it.
    pub async fn add_order_message(
        &self,
        user_id: i64,
        order: OrderRef<'_>,
        title: &str,
        title_en: &str,
    ) -> anyhow::Result<Message> {
        let now = now_ms();
        let data_id = order.id.to_string();
        let id = sqlx::query_scalar(
            "INSERT INTO messages (user_id, type, title, title_en, note, data_id, data_status, equip_type, equip_id, \
             gmt_create) VALUES ($1, 'order', $2, $3, $4, $5, 'sended', $6, $7, $8) RETURNING id",
        )
        .bind(user_id)
        .bind(title)
        .bind(title_en)
        .bind(order.number)
        .bind(&data_id)
        .bind(order.kind)
        .bind(order.equipment_id)
        .bind(now)
        .fetch_one(self.pool())
        .await?;
        Ok(Message {
            id,
            kind: "order".to_owned(),
            title: title.to_owned(),
            title_en: title_en.to_owned(),
            note: order.number.to_owned(),
            gmt_create: now,
            data_id,
            data_status: "sended".to_owned(),
            equip_type: order.kind.to_owned(),
            alarm_id: None,
            alarm_broadcast_times: 0,
            equip_id: order.equipment_id,
            read: false,
        })
    }

    /// The viewer's order messages of `kind` about order `order_id`: `seen` and read (the order was opened).
    /// Answers how many changed.
    pub async fn mark_order_messages_seen(&self, viewer: &Viewer, kind: &str, order_id: i64) -> anyhow::Result<u64> {
        let done = sqlx::query(
            "UPDATE messages SET data_status = 'seen', is_read = 1 WHERE user_id = $1 AND type = 'order' \
             AND equip_type = $2 AND data_id = $3 AND deleted = 0 AND (data_status <> 'seen' OR is_read = 0)",
        )
        .bind(viewer.user_id)
        .bind(kind)
        .bind(order_id.to_string())
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }
}

//! Repair work orders (docs/work-orders.md): orders on an equipment, the steps taken on them and their pictures.
//!
//! An order belongs to its equipment: every statement narrows by the [`Viewer`]'s grants on the order's equipment,
//! so a limited account sees and changes only orders of equipment granted to it. A step is one conditional
//! UPDATE (`WHERE status = <the status it starts from>`) written with its history row in one transaction: of two
//! people taking a step at once exactly one wins, and the other is told the status moved on. Who may take which
//! step is the domain's table (`ironsight_domain::repair`); this module only records what the handler allowed.

use crate::access::{SEES_WHOLE_ORG_SQL, Viewer};
use crate::work_orders::{NUMBER_ATTEMPTS, REPAIR, StepRecord, insert_step, next_number};
use crate::{Page, Store, contains_pattern, now_ms, split_list};
use ironsight_domain::repair::{self, RepairStatus};
use sqlx::Row;

/// A new order, as the handler checked it.
#[derive(Clone, Debug)]
pub struct NewRepairOrder<'a> {
    pub equipment_id: i64,
    /// The alarm it was made from, if any.
    pub alarm_id: Option<i64>,
    /// The alarm's signal, kept as text (the signal may be renamed or removed later).
    pub signal_title: &'a str,
    pub description: &'a str,
    pub creator_id: i64,
}

/// An order as its list and detail show it.
#[derive(Clone, Debug, PartialEq)]
pub struct RepairOrder {
    pub id: i64,
    pub number: String,
    pub equipment_id: i64,
    pub equip_name: String,
    pub alarm_id: Option<i64>,
    pub signal_title: String,
    pub description: String,
    pub status: String,
    pub creator_id: i64,
    pub creator_name: String,
    pub repairer_id: Option<i64>,
    pub repairer_name: Option<String>,
    pub content: String,
    pub gmt_create: i64,
    pub gmt_update: i64,
}

/// One step taken on an order (its creation included: action `create`, from nothing to `pending`).
pub type RepairStepRow = crate::work_orders::StepRow;

/// A picture of an order.
#[derive(Clone, Debug, PartialEq)]
pub struct RepairPicture {
    pub id: i64,
    /// Where it is served (`/userimg/<file>`).
    pub path: String,
    pub uploaded_by: i64,
    pub gmt_create: i64,
}

/// What the order list filters by; `None` for any.
#[derive(Clone, Debug, Default)]
pub struct RepairFilter {
    pub status: Option<RepairStatus>,
    pub equipment_id: Option<i64>,
    /// Part of the number or the description, any case.
    pub keyword: Option<String>,
    /// Only orders this account created.
    pub created_by: Option<i64>,
    /// Only orders dispatched to this account.
    pub assigned_to: Option<i64>,
}

/// A step to record: the order moves from `from` to `to` only if it is still at `from`.
#[derive(Clone, Debug)]
pub struct Transition<'a> {
    pub order_id: i64,
    pub action: &'a str,
    pub from: RepairStatus,
    pub to: RepairStatus,
    pub user_id: i64,
    pub remark: &'a str,
    /// Set on dispatch and redispatch.
    pub repairer_id: Option<i64>,
    /// The repairer the order had when the caller chose the step. The step holds only if it still has them: of two
    /// reassignments at once (the status stays dispatched) exactly one wins.
    pub was_repairer: Option<i64>,
    /// Set on finish.
    pub content: Option<&'a str>,
}

/// Why a picture was not added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureRefused {
    /// The order moved on from the status the upload was allowed in.
    StatusChanged,
    /// The order holds its most pictures already.
    Full,
}

/// A user who may be named repairer.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub id: i64,
    pub loginname: String,
    pub auths: Vec<String>,
}

const ORDER_COLUMNS: &str = "o.id, o.number, o.equipment_id, e.equip_name, o.alarm_id, o.signal_title, \
    o.description, o.status, o.creator_id, c.loginname AS creator_name, o.repairer_id, r.loginname AS repairer_name, \
    o.content, o.gmt_create, o.gmt_update";
const ORDER_FROM: &str = "repair_orders o JOIN equipment e ON e.id = o.equipment_id JOIN users c ON c.id = o.creator_id \
    LEFT JOIN users r ON r.id = o.repairer_id";

fn order_from_row(r: &sqlx::any::AnyRow) -> anyhow::Result<RepairOrder> {
    Ok(RepairOrder {
        id: r.try_get("id")?,
        number: r.try_get("number")?,
        equipment_id: r.try_get("equipment_id")?,
        equip_name: r.try_get("equip_name")?,
        alarm_id: r.try_get("alarm_id")?,
        signal_title: r.try_get("signal_title")?,
        description: r.try_get("description")?,
        status: r.try_get("status")?,
        creator_id: r.try_get("creator_id")?,
        creator_name: r.try_get("creator_name")?,
        repairer_id: r.try_get("repairer_id")?,
        repairer_name: r.try_get("repairer_name")?,
        content: r.try_get("content")?,
        gmt_create: r.try_get("gmt_create")?,
        gmt_update: r.try_get("gmt_update")?,
    })
}

impl Store {
    /// Adds an order on an equipment the viewer sees, numbered `WX` + the day in China + the organisation's next
    /// sequence of the day, with its creation step. Answers `(id, number)`, or `None` when the viewer does not see
    /// the equipment.
    pub async fn add_repair_order(
        &self,
        viewer: &Viewer,
        new: &NewRepairOrder<'_>,
    ) -> anyhow::Result<Option<(i64, String)>> {
        for attempt in 1..=NUMBER_ATTEMPTS {
            match self.try_add_repair_order(viewer, new).await {
                Err(e) if attempt < NUMBER_ATTEMPTS && crate::is_unique_violation(&e) => continue,
                other => return other,
            }
        }
        unreachable!("the last attempt returns")
    }

    async fn try_add_repair_order(
        &self,
        viewer: &Viewer,
        new: &NewRepairOrder<'_>,
    ) -> anyhow::Result<Option<(i64, String)>> {
        let now = now_ms();
        let prefix = repair::number_prefix(now);
        let mut tx = self.begin_write().await?;
        let number = next_number(self, &mut tx, REPAIR, viewer.org_id, &prefix).await?;
        let sql = format!(
            "INSERT INTO repair_orders (org_id, number, equipment_id, alarm_id, signal_title, description, status, \
             creator_id, gmt_create, gmt_update) SELECT $1, $2, e.id, $3, $4, $5, 'pending', $6, $7, $7 FROM equipment e \
             WHERE e.org_id = $1 AND e.id = $8{} RETURNING id",
            viewer.grant_sql("e")
        );
        let id: Option<i64> = sqlx::query_scalar(&sql)
            .bind(viewer.org_id)
            .bind(&number)
            .bind(new.alarm_id)
            .bind(new.signal_title)
            .bind(new.description)
            .bind(new.creator_id)
            .bind(now)
            .bind(new.equipment_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(id) = id else {
            tx.rollback().await?;
            return Ok(None);
        };
        let step = StepRecord {
            order_id: id,
            user_id: new.creator_id,
            action: "create",
            from: "",
            to: RepairStatus::Pending.as_str(),
            remark: "",
            assignee_id: None,
            at: now,
        };
        insert_step(&mut tx, REPAIR, &step).await?;
        tx.commit().await?;
        Ok(Some((id, number)))
    }

    /// A page of the orders the viewer sees matching `filter`, newest first.
    pub async fn repair_orders(
        &self,
        viewer: &Viewer,
        filter: &RepairFilter,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<RepairOrder>> {
        // Integers are written into the text; the texts (status, keyword) are bound as $2 and $3.
        let mut matching = format!("o.org_id = $1{}", viewer.grant_sql_on("o.equipment_id"));
        if let Some(id) = filter.equipment_id {
            matching.push_str(&format!(" AND o.equipment_id = {id}"));
        }
        if let Some(id) = filter.created_by {
            matching.push_str(&format!(" AND o.creator_id = {id}"));
        }
        if let Some(id) = filter.assigned_to {
            matching.push_str(&format!(" AND o.repairer_id = {id}"));
        }
        matching.push_str(
            " AND ($2 = '' OR o.status = $2) AND ($3 = '' OR LOWER(o.number) LIKE LOWER($3) ESCAPE '\\' \
             OR LOWER(o.description) LIKE LOWER($3) ESCAPE '\\')",
        );
        let status = filter.status.map(|s| s.as_str()).unwrap_or_default();
        let keyword = filter.keyword.as_deref().map(contains_pattern).unwrap_or_default();
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM repair_orders o WHERE {matching}"))
            .bind(viewer.org_id)
            .bind(status)
            .bind(&keyword)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT {ORDER_COLUMNS} FROM {ORDER_FROM} WHERE {matching} ORDER BY o.id DESC LIMIT $4 OFFSET $5"
        ))
        .bind(viewer.org_id)
        .bind(status)
        .bind(&keyword)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        let list = rows.iter().map(order_from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page { total, list })
    }

    /// One order the viewer sees.
    pub async fn repair_order(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<RepairOrder>> {
        let sql = format!(
            "SELECT {ORDER_COLUMNS} FROM {ORDER_FROM} WHERE o.org_id = $1 AND o.id = $2{}",
            viewer.grant_sql_on("o.equipment_id")
        );
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(id).fetch_optional(self.pool()).await?;
        row.as_ref().map(order_from_row).transpose()
    }

    /// The steps of an order (the viewer already saw the order), oldest first.
    pub async fn repair_steps(&self, order_id: i64) -> anyhow::Result<Vec<RepairStepRow>> {
        self.order_steps(REPAIR, order_id).await
    }

    /// The pictures of an order, oldest first.
    pub async fn repair_pictures(&self, order_id: i64) -> anyhow::Result<Vec<RepairPicture>> {
        let rows = sqlx::query(
            "SELECT id, path, uploaded_by, gmt_create FROM repair_order_pictures WHERE order_id = $1 ORDER BY id",
        )
        .bind(order_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RepairPicture {
                    id: r.try_get("id")?,
                    path: r.try_get("path")?,
                    uploaded_by: r.try_get("uploaded_by")?,
                    gmt_create: r.try_get("gmt_create")?,
                })
            })
            .collect()
    }

    /// Takes a step: the order (one the viewer sees) moves from `t.from` to `t.to` only if it is still at
    /// `t.from`, and the step is recorded, in one transaction. False, changing nothing, when the order is no longer
    /// at `t.from` with `t.was_repairer` (someone took a step first) or no longer visible.
    pub async fn repair_transition(&self, viewer: &Viewer, t: &Transition<'_>) -> anyhow::Result<bool> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let sql = format!(
            "UPDATE repair_orders SET status = $1, gmt_update = $2, repairer_id = COALESCE($3, repairer_id), \
             content = COALESCE($4, content) WHERE org_id = $5 AND id = $6 AND status = $7{}{}",
            match t.was_repairer {
                Some(id) => format!(" AND repairer_id = {id}"),
                None => " AND repairer_id IS NULL".to_owned(),
            },
            viewer.grant_sql_on("repair_orders.equipment_id")
        );
        let done = sqlx::query(&sql)
            .bind(t.to.as_str())
            .bind(now)
            .bind(t.repairer_id)
            .bind(t.content)
            .bind(viewer.org_id)
            .bind(t.order_id)
            .bind(t.from.as_str())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        let step = StepRecord {
            order_id: t.order_id,
            user_id: t.user_id,
            action: t.action,
            from: t.from.as_str(),
            to: t.to.as_str(),
            remark: t.remark,
            assignee_id: t.repairer_id,
            at: now,
        };
        insert_step(&mut tx, REPAIR, &step).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Adds a picture to an order that is still at `status` and holds fewer than `max` pictures (checked in the
    /// same transaction, so two uploads at once cannot pass the limit). Answers the picture's id.
    pub async fn add_repair_picture(
        &self,
        order_id: i64,
        status: RepairStatus,
        path: &str,
        uploaded_by: i64,
        max: usize,
    ) -> anyhow::Result<Result<i64, PictureRefused>> {
        let mut tx = self.begin_write().await?;
        // Taking the order's row for update serialises uploads to it on PostgreSQL (SQLite's write lock already does).
        let lock = if self.backend() == crate::Backend::Postgres { " FOR UPDATE" } else { "" };
        let current: Option<String> =
            sqlx::query_scalar(&format!("SELECT status FROM repair_orders WHERE id = $1{lock}"))
                .bind(order_id)
                .fetch_optional(&mut *tx)
                .await?;
        if current.as_deref() != Some(status.as_str()) {
            tx.rollback().await?;
            return Ok(Err(PictureRefused::StatusChanged));
        }
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM repair_order_pictures WHERE order_id = $1")
            .bind(order_id)
            .fetch_one(&mut *tx)
            .await?;
        if count >= max as i64 {
            tx.rollback().await?;
            return Ok(Err(PictureRefused::Full));
        }
        let id = sqlx::query_scalar(
            "INSERT INTO repair_order_pictures (order_id, path, uploaded_by, gmt_create) VALUES ($1, $2, $3, $4) \
             RETURNING id",
        )
        .bind(order_id)
        .bind(path)
        .bind(uploaded_by)
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Removes picture `picture_id` of order `order_id`, if `uploaded_by` uploaded it and the order is still at
    /// `status`. Answers its path (to remove the file), or `None`, changing nothing.
    pub async fn delete_repair_picture(
        &self,
        order_id: i64,
        picture_id: i64,
        uploaded_by: i64,
        status: RepairStatus,
    ) -> anyhow::Result<Option<String>> {
        let mut tx = self.begin_write().await?;
        let path: Option<String> = sqlx::query_scalar(
            "DELETE FROM repair_order_pictures WHERE id = $1 AND order_id = $2 AND uploaded_by = $3 AND EXISTS \
             (SELECT 1 FROM repair_orders o WHERE o.id = $2 AND o.status = $4) RETURNING path",
        )
        .bind(picture_id)
        .bind(order_id)
        .bind(uploaded_by)
        .bind(status.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(path)
    }

    /// True when `path` is a picture of an order on equipment the viewer sees (the caller checks the permission
    /// to see repair orders at all).
    pub async fn repair_picture_visible(&self, viewer: &Viewer, path: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "SELECT COUNT(*) FROM repair_order_pictures p JOIN repair_orders o ON o.id = p.order_id \
             WHERE o.org_id = $1 AND p.path = $2{}",
            viewer.grant_sql_on("o.equipment_id")
        );
        let n: i64 = sqlx::query_scalar(&sql).bind(viewer.org_id).bind(path).fetch_one(self.pool()).await?;
        Ok(n > 0)
    }

    /// The pictures of every order on an equipment (removed with the equipment, whose deletion drops the orders).
    pub async fn repair_picture_paths_of_equipment(&self, equipment_id: i64) -> anyhow::Result<Vec<String>> {
        Ok(sqlx::query_scalar(
            "SELECT p.path FROM repair_order_pictures p JOIN repair_orders o ON o.id = p.order_id \
             WHERE o.equipment_id = $1",
        )
        .bind(equipment_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// The enabled accounts of `org_id` that see equipment `equipment_id`, by login name, with their permission
    /// codes (the handler keeps those that may handle repair orders).
    pub async fn repair_candidates(&self, org_id: i64, equipment_id: i64) -> anyhow::Result<Vec<Candidate>> {
        let sql = format!(
            "SELECT u.id, u.loginname, u.auths FROM users u WHERE u.org_id = $1 AND u.disabled = 0 AND \
             ({SEES_WHOLE_ORG_SQL} OR EXISTS (SELECT 1 FROM equipment_grants eg WHERE eg.user_id = u.id \
             AND eg.equipment_id = $2)) ORDER BY u.loginname"
        );
        let rows = sqlx::query(&sql).bind(org_id).bind(equipment_id).fetch_all(self.pool()).await?;
        rows.iter()
            .map(|r| {
                Ok(Candidate {
                    id: r.try_get("id")?,
                    loginname: r.try_get("loginname")?,
                    auths: split_list(&r.try_get::<String, _>("auths")?),
                })
            })
            .collect()
    }
}

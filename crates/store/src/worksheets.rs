//! Inspection worksheets (docs/work-orders.md, the inspection half): generated from a plan for one due time, with
//! the plan's route and items copied in, the results per equipment and item, and the steps.
//!
//! One worksheet per plan per due time: the unique index `(plan_id, due_at)` makes generating idempotent (a second
//! tick, or two servers, insert nothing). A worksheet is seen where every equipment of its route is. A step (save,
//! submit, abort) is one conditional UPDATE (`WHERE status = 'not-started'`) written with its results and its
//! history row in one transaction: of two clicks at once exactly one wins.

use crate::access::Viewer;
use crate::work_orders::{INSPECTION, NUMBER_ATTEMPTS, StepRecord, insert_step, next_number};
use crate::{Page, Store, now_ms};
use ironsight_domain::inspection::{InspectionStatus, NUMBER_LETTERS};
use ironsight_domain::repair::work_order_prefix;
use sqlx::Row;

/// A worksheet as its list and detail show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Worksheet {
    pub id: i64,
    pub number: String,
    pub plan_id: Option<i64>,
    pub plan_name: String,
    pub plan_creator_id: i64,
    pub inspector_id: i64,
    pub inspector_name: String,
    pub due_at: i64,
    pub deadline: i64,
    pub status: String,
    pub remark: String,
    pub gmt_submit: Option<i64>,
    pub gmt_create: i64,
    pub gmt_update: i64,
    /// The route, in order.
    pub equipment: Vec<crate::inspection::Named>,
}

/// An item as the worksheet copied it.
#[derive(Clone, Debug, PartialEq)]
pub struct WorksheetItem {
    pub id: i64,
    pub name: String,
    pub content: String,
    pub kind: String,
    pub min_value: Option<f64>,
    pub max_value: Option<f64>,
    pub unit: String,
}

/// One result: an item on an equipment.
#[derive(Clone, Debug, PartialEq)]
pub struct WorksheetResult {
    pub id: i64,
    pub equipment_id: i64,
    pub item_id: i64,
    pub value: String,
    pub remark: String,
    pub abnormal: bool,
    pub repair_order_id: Option<i64>,
}

/// A result to store, judged by the handler.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultInput {
    pub equipment_id: i64,
    pub item_id: i64,
    pub value: String,
    pub remark: String,
    pub abnormal: bool,
}

/// What the worksheet list filters by; `None` for any.
#[derive(Clone, Debug, Default)]
pub struct WorksheetFilter {
    pub status: Option<InspectionStatus>,
    pub plan_id: Option<i64>,
    pub equipment_id: Option<i64>,
    pub inspector_id: Option<i64>,
    /// Only those not started and past their deadline at this time.
    pub overdue_at: Option<i64>,
}

/// A step to record: the worksheet is still not started, and moves to `to` with these results.
#[derive(Clone, Debug)]
pub struct SheetTransition<'a> {
    pub worksheet_id: i64,
    pub action: &'a str,
    pub to: InspectionStatus,
    pub user_id: i64,
    pub remark: &'a str,
    pub results: &'a [ResultInput],
}

/// One result about an equipment, for its detail's inspection records.
#[derive(Clone, Debug, PartialEq)]
pub struct InspectionRecord {
    pub worksheet_id: i64,
    pub number: String,
    pub status: String,
    pub inspector_name: String,
    pub gmt_submit: Option<i64>,
    pub item_name: String,
    pub kind: String,
    pub unit: String,
    pub value: String,
    pub remark: String,
    pub abnormal: bool,
    pub repair_order_id: Option<i64>,
}

const SHEET_COLUMNS: &str = "w.id, w.number, w.plan_id, w.plan_name, w.plan_creator_id, w.inspector_id, \
    n.loginname AS inspector_name, w.due_at, w.deadline, w.status, w.remark, w.gmt_submit, w.gmt_create, w.gmt_update";
const SHEET_FROM: &str = "inspection_worksheets w JOIN users n ON n.id = w.inspector_id";

fn covered(viewer: &Viewer) -> String {
    viewer.covered_sql("inspection_worksheet_equipment", "worksheet_id", "w.id")
}

impl Store {
    /// Generates the worksheet of plan `plan_id` due at `due_at`, by `user_id` (the plan's creator when the
    /// scheduler does), copying the route and the enabled items. `None` when it exists already (the unique index)
    /// or the plan is gone or disabled; the new worksheet otherwise.
    pub async fn generate_worksheet(
        &self,
        plan_id: i64,
        due_at: i64,
        user_id: Option<i64>,
    ) -> anyhow::Result<Option<Worksheet>> {
        for attempt in 1..=NUMBER_ATTEMPTS {
            match self.try_generate_worksheet(plan_id, due_at, user_id).await {
                Err(e) if attempt < NUMBER_ATTEMPTS && crate::is_unique_violation(&e) => continue,
                other => return other,
            }
        }
        unreachable!("the last attempt returns")
    }

    async fn try_generate_worksheet(
        &self,
        plan_id: i64,
        due_at: i64,
        user_id: Option<i64>,
    ) -> anyhow::Result<Option<Worksheet>> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let plan = sqlx::query(
            "SELECT org_id, name, inspector_id, creator_id, allowed_hours FROM inspection_plans \
             WHERE id = $1 AND enabled = 1",
        )
        .bind(plan_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(plan) = plan else {
            tx.rollback().await?;
            return Ok(None);
        };
        let org_id: i64 = plan.try_get("org_id")?;
        let creator_id: i64 = plan.try_get("creator_id")?;
        let hours: i64 = plan.try_get("allowed_hours")?;
        let number = next_number(self, &mut tx, INSPECTION, org_id, &work_order_prefix(NUMBER_LETTERS, now)).await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO inspection_worksheets (org_id, number, plan_id, plan_name, plan_creator_id, inspector_id, \
             due_at, deadline, status, gmt_create, gmt_update) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
             ON CONFLICT (plan_id, due_at) DO NOTHING RETURNING id",
        )
        .bind(org_id)
        .bind(&number)
        .bind(plan_id)
        .bind(plan.try_get::<String, _>("name")?)
        .bind(creator_id)
        .bind(plan.try_get::<i64, _>("inspector_id")?)
        .bind(due_at)
        .bind(due_at + hours * 3_600_000)
        .bind(InspectionStatus::NotStarted.as_str())
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = id else {
            tx.rollback().await?;
            return Ok(None);
        };
        sqlx::query(
            "INSERT INTO inspection_worksheet_equipment (worksheet_id, position, equipment_id) \
             SELECT $1, position, equipment_id FROM inspection_plan_equipment WHERE plan_id = $2",
        )
        .bind(id)
        .bind(plan_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO inspection_worksheet_items (worksheet_id, position, name, content, kind, min_value, \
             max_value, unit) SELECT $1, x.position, i.name, i.content, i.kind, i.min_value, i.max_value, i.unit \
             FROM inspection_plan_items x JOIN inspection_items i ON i.id = x.item_id \
             WHERE x.plan_id = $2 AND i.enabled = 1",
        )
        .bind(id)
        .bind(plan_id)
        .execute(&mut *tx)
        .await?;
        let step = StepRecord {
            order_id: id,
            user_id: user_id.unwrap_or(creator_id),
            action: "create",
            from: "",
            to: InspectionStatus::NotStarted.as_str(),
            remark: "",
            assignee_id: None,
            at: now,
        };
        insert_step(&mut tx, INSPECTION, &step).await?;
        tx.commit().await?;
        self.worksheet(&Viewer::server(org_id), id).await
    }

    /// A page of the worksheets the viewer sees matching `filter`, newest first.
    pub async fn worksheets(
        &self,
        viewer: &Viewer,
        filter: &WorksheetFilter,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Worksheet>> {
        // Integers are written into the text; the status is bound as $2.
        let mut matching = format!("w.org_id = $1{}", covered(viewer));
        if let Some(id) = filter.plan_id {
            matching.push_str(&format!(" AND w.plan_id = {id}"));
        }
        if let Some(id) = filter.inspector_id {
            matching.push_str(&format!(" AND w.inspector_id = {id}"));
        }
        if let Some(id) = filter.equipment_id {
            matching.push_str(&format!(
                " AND EXISTS (SELECT 1 FROM inspection_worksheet_equipment we WHERE we.worksheet_id = w.id \
                 AND we.equipment_id = {id})"
            ));
        }
        if let Some(at) = filter.overdue_at {
            matching.push_str(&format!(" AND w.status = 'not-started' AND w.deadline < {at}"));
        }
        matching.push_str(" AND ($2 = '' OR w.status = $2)");
        let status = filter.status.map(|s| s.as_str()).unwrap_or_default();
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM inspection_worksheets w WHERE {matching}"))
            .bind(viewer.org_id)
            .bind(status)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT {SHEET_COLUMNS} FROM {SHEET_FROM} WHERE {matching} ORDER BY w.id DESC LIMIT $3 OFFSET $4"
        ))
        .bind(viewer.org_id)
        .bind(status)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        let mut list = Vec::with_capacity(rows.len());
        for r in &rows {
            list.push(self.sheet_from_row(r).await?);
        }
        Ok(Page { total, list })
    }

    /// One worksheet the viewer sees.
    pub async fn worksheet(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Worksheet>> {
        let sql =
            format!("SELECT {SHEET_COLUMNS} FROM {SHEET_FROM} WHERE w.org_id = $1 AND w.id = $2{}", covered(viewer));
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(id).fetch_optional(self.pool()).await?;
        match row {
            Some(r) => Ok(Some(self.sheet_from_row(&r).await?)),
            None => Ok(None),
        }
    }

    async fn sheet_from_row(&self, r: &sqlx::any::AnyRow) -> anyhow::Result<Worksheet> {
        let id: i64 = r.try_get("id")?;
        let stops = sqlx::query(
            "SELECT e.id, e.equip_name FROM inspection_worksheet_equipment x JOIN equipment e ON e.id = x.equipment_id \
             WHERE x.worksheet_id = $1 ORDER BY x.position",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        let equipment = stops
            .iter()
            .map(|s| Ok(crate::inspection::Named { id: s.try_get("id")?, name: s.try_get("equip_name")? }))
            .collect::<anyhow::Result<_>>()?;
        Ok(Worksheet {
            id,
            number: r.try_get("number")?,
            plan_id: r.try_get("plan_id")?,
            plan_name: r.try_get("plan_name")?,
            plan_creator_id: r.try_get("plan_creator_id")?,
            inspector_id: r.try_get("inspector_id")?,
            inspector_name: r.try_get("inspector_name")?,
            due_at: r.try_get("due_at")?,
            deadline: r.try_get("deadline")?,
            status: r.try_get("status")?,
            remark: r.try_get("remark")?,
            gmt_submit: r.try_get("gmt_submit")?,
            gmt_create: r.try_get("gmt_create")?,
            gmt_update: r.try_get("gmt_update")?,
            equipment,
        })
    }

    /// The items a worksheet copied, in order.
    pub async fn worksheet_items(&self, worksheet_id: i64) -> anyhow::Result<Vec<WorksheetItem>> {
        let rows = sqlx::query(
            "SELECT id, name, content, kind, min_value, max_value, unit FROM inspection_worksheet_items \
             WHERE worksheet_id = $1 ORDER BY position, id",
        )
        .bind(worksheet_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(WorksheetItem {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    content: r.try_get("content")?,
                    kind: r.try_get("kind")?,
                    min_value: r.try_get("min_value")?,
                    max_value: r.try_get("max_value")?,
                    unit: r.try_get("unit")?,
                })
            })
            .collect()
    }

    /// The results of a worksheet (saved draft or submitted).
    pub async fn worksheet_results(&self, worksheet_id: i64) -> anyhow::Result<Vec<WorksheetResult>> {
        let rows = sqlx::query(
            "SELECT id, equipment_id, item_id, value, remark, abnormal, repair_order_id FROM inspection_results \
             WHERE worksheet_id = $1 ORDER BY id",
        )
        .bind(worksheet_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(WorksheetResult {
                    id: r.try_get("id")?,
                    equipment_id: r.try_get("equipment_id")?,
                    item_id: r.try_get("item_id")?,
                    value: r.try_get("value")?,
                    remark: r.try_get("remark")?,
                    abnormal: r.try_get::<i64, _>("abnormal")? != 0,
                    repair_order_id: r.try_get("repair_order_id")?,
                })
            })
            .collect()
    }

    /// Takes a step on a worksheet the viewer sees that is still not started: moves it to `t.to` (a submission
    /// stamps its time and remark; an abort its remark), stores `t.results` and the history row, in one
    /// transaction. False, changing nothing, when the worksheet is no longer not started (someone took a step
    /// first) or no longer visible.
    pub async fn worksheet_transition(&self, viewer: &Viewer, t: &SheetTransition<'_>) -> anyhow::Result<bool> {
        let now = now_ms();
        let from = InspectionStatus::NotStarted;
        let mut tx = self.begin_write().await?;
        let closing = t.to != from;
        let sql = format!(
            "UPDATE inspection_worksheets SET status = $1, gmt_update = $2, \
             remark = CASE WHEN $3 = 1 THEN $4 ELSE remark END, \
             gmt_submit = CASE WHEN $3 = 1 THEN $2 ELSE gmt_submit END \
             WHERE org_id = $5 AND id = $6 AND status = $7{}",
            viewer.covered_sql("inspection_worksheet_equipment", "worksheet_id", "inspection_worksheets.id")
        );
        let done = sqlx::query(&sql)
            .bind(t.to.as_str())
            .bind(now)
            .bind(i64::from(closing))
            .bind(t.remark)
            .bind(viewer.org_id)
            .bind(t.worksheet_id)
            .bind(from.as_str())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        for r in t.results {
            sqlx::query(
                "INSERT INTO inspection_results (worksheet_id, equipment_id, item_id, value, remark, abnormal, \
                 gmt_update) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (worksheet_id, equipment_id, item_id) \
                 DO UPDATE SET value = excluded.value, remark = excluded.remark, abnormal = excluded.abnormal, \
                 gmt_update = excluded.gmt_update",
            )
            .bind(t.worksheet_id)
            .bind(r.equipment_id)
            .bind(r.item_id)
            .bind(&r.value)
            .bind(&r.remark)
            .bind(i64::from(r.abnormal))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        let step = StepRecord {
            order_id: t.worksheet_id,
            user_id: t.user_id,
            action: t.action,
            from: from.as_str(),
            to: t.to.as_str(),
            remark: t.remark,
            assignee_id: None,
            at: now,
        };
        insert_step(&mut tx, INSPECTION, &step).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Links an abnormal result of a worksheet to the repair order made from it. False when the result is not the
    /// worksheet's or not abnormal.
    pub async fn link_result_repair(&self, worksheet_id: i64, result_id: i64, order_id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "UPDATE inspection_results SET repair_order_id = $1 WHERE id = $2 AND worksheet_id = $3 AND abnormal = 1",
        )
        .bind(order_id)
        .bind(result_id)
        .bind(worksheet_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The submitted results about an equipment, newest first (its detail's inspection records), of worksheets the
    /// viewer sees.
    pub async fn inspection_records(
        &self,
        viewer: &Viewer,
        equipment_id: i64,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<InspectionRecord>> {
        let matching =
            format!("w.org_id = $1 AND r.equipment_id = $2 AND w.status IN ('normal', 'abnormal'){}", covered(viewer));
        let from = "inspection_results r JOIN inspection_worksheets w ON w.id = r.worksheet_id \
            JOIN inspection_worksheet_items i ON i.id = r.item_id JOIN users n ON n.id = w.inspector_id";
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {from} WHERE {matching}"))
            .bind(viewer.org_id)
            .bind(equipment_id)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT w.id AS worksheet_id, w.number, w.status, n.loginname, w.gmt_submit, i.name, i.kind, i.unit, \
             r.value, r.remark, r.abnormal, r.repair_order_id FROM {from} WHERE {matching} \
             ORDER BY w.gmt_submit DESC, w.id DESC, i.position LIMIT $3 OFFSET $4"
        ))
        .bind(viewer.org_id)
        .bind(equipment_id)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        let list = rows
            .iter()
            .map(|r| {
                Ok(InspectionRecord {
                    worksheet_id: r.try_get("worksheet_id")?,
                    number: r.try_get("number")?,
                    status: r.try_get("status")?,
                    inspector_name: r.try_get("loginname")?,
                    gmt_submit: r.try_get("gmt_submit")?,
                    item_name: r.try_get("name")?,
                    kind: r.try_get("kind")?,
                    unit: r.try_get("unit")?,
                    value: r.try_get("value")?,
                    remark: r.try_get("remark")?,
                    abnormal: r.try_get::<i64, _>("abnormal")? != 0,
                    repair_order_id: r.try_get("repair_order_id")?,
                })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Page { total, list })
    }
}

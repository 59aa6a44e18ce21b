//! Inspection items and plans (docs/work-orders.md, the inspection half).
//!
//! Items are the organisation's checklist: every account of it sees them (they reach no equipment). A plan is an
//! ordered route of equipment, the items checked on each, the inspector and the schedule; it is seen where every
//! equipment of its route is (a limited account sees a plan only when it sees the whole route), so every statement
//! narrows by [`Viewer::covered_sql`]. Worksheets, generated from plans, are in [`crate::worksheets`].

use crate::access::{SEES_WHOLE_ORG_SQL, Viewer};
use crate::{Store, now_ms, split_list};
use sqlx::Row;

/// An item's fields, as the handler checked them.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemFields<'a> {
    pub name: &'a str,
    pub content: &'a str,
    /// `check`, `number` or `text` (`ironsight_domain::inspection::ResultKind`).
    pub kind: &'a str,
    pub min_value: Option<f64>,
    pub max_value: Option<f64>,
    pub unit: &'a str,
    pub enabled: bool,
}

/// An item as its list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct InspectionItem {
    pub id: i64,
    pub name: String,
    pub content: String,
    pub kind: String,
    pub min_value: Option<f64>,
    pub max_value: Option<f64>,
    pub unit: String,
    pub enabled: bool,
    /// How many plans check it (an item in use cannot be deleted).
    pub plans: i64,
    pub gmt_create: i64,
    pub gmt_update: i64,
}

/// Why an item was not deleted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemDeleteRefused {
    NotFound,
    /// A plan checks it.
    InUse,
}

/// A plan's fields, as the handler checked them.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanFields<'a> {
    pub name: &'a str,
    pub inspector_id: i64,
    /// `daily`, `weekly` or `monthly`, with the day (weekday 1–7, day of the month 1–28, 0 for daily).
    pub frequency: &'a str,
    pub day: i64,
    /// Minutes after midnight, China time.
    pub minute: i64,
    pub allowed_hours: i64,
    pub enabled: bool,
    /// The route, in order.
    pub equipment_ids: &'a [i64],
    /// The items, in order.
    pub item_ids: &'a [i64],
}

/// One stop of a route, or one item of a plan: its id and name.
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    pub id: i64,
    pub name: String,
}

/// A plan as its list and form show it.
#[derive(Clone, Debug, PartialEq)]
pub struct InspectionPlan {
    pub id: i64,
    pub name: String,
    pub inspector_id: i64,
    pub inspector_name: String,
    pub frequency: String,
    pub day: i64,
    pub minute: i64,
    pub allowed_hours: i64,
    pub enabled: bool,
    pub creator_id: i64,
    pub creator_name: String,
    pub equipment: Vec<Named>,
    pub items: Vec<Named>,
    pub gmt_create: i64,
    pub gmt_update: i64,
}

/// A plan as the scheduler reads it: enough to know whether it falls due.
#[derive(Clone, Debug, PartialEq)]
pub struct SchedulablePlan {
    pub id: i64,
    pub org_id: i64,
    pub frequency: String,
    pub day: i64,
    pub minute: i64,
    pub gmt_create: i64,
}

/// A person who may be named inspector: as a repairer, an account with its permission codes.
pub type Inspector = crate::repairs::Candidate;

const ITEM_COLUMNS: &str = "i.id, i.name, i.content, i.kind, i.min_value, i.max_value, i.unit, i.enabled, \
    (SELECT COUNT(*) FROM inspection_plan_items pi WHERE pi.item_id = i.id) AS plans, i.gmt_create, i.gmt_update";

fn item_from_row(r: &sqlx::any::AnyRow) -> anyhow::Result<InspectionItem> {
    Ok(InspectionItem {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        content: r.try_get("content")?,
        kind: r.try_get("kind")?,
        min_value: r.try_get("min_value")?,
        max_value: r.try_get("max_value")?,
        unit: r.try_get("unit")?,
        enabled: r.try_get::<i64, _>("enabled")? != 0,
        plans: r.try_get("plans")?,
        gmt_create: r.try_get("gmt_create")?,
        gmt_update: r.try_get("gmt_update")?,
    })
}

const PLAN_COLUMNS: &str = "p.id, p.name, p.inspector_id, n.loginname AS inspector_name, p.frequency, p.day, \
    p.minute, p.allowed_hours, p.enabled, p.creator_id, c.loginname AS creator_name, p.gmt_create, p.gmt_update";
const PLAN_FROM: &str = "inspection_plans p JOIN users n ON n.id = p.inspector_id JOIN users c ON c.id = p.creator_id";

impl Store {
    /// The organisation's items, oldest first; only the enabled ones when `enabled_only`.
    pub async fn inspection_items(&self, org_id: i64, enabled_only: bool) -> anyhow::Result<Vec<InspectionItem>> {
        let only = if enabled_only { " AND i.enabled = 1" } else { "" };
        let sql = format!("SELECT {ITEM_COLUMNS} FROM inspection_items i WHERE i.org_id = $1{only} ORDER BY i.id");
        let rows = sqlx::query(&sql).bind(org_id).fetch_all(self.pool()).await?;
        rows.iter().map(item_from_row).collect()
    }

    /// One item of the organisation.
    pub async fn inspection_item(&self, org_id: i64, id: i64) -> anyhow::Result<Option<InspectionItem>> {
        let sql = format!("SELECT {ITEM_COLUMNS} FROM inspection_items i WHERE i.org_id = $1 AND i.id = $2");
        let row = sqlx::query(&sql).bind(org_id).bind(id).fetch_optional(self.pool()).await?;
        row.as_ref().map(item_from_row).transpose()
    }

    /// Adds an item → its id.
    pub async fn add_inspection_item(&self, org_id: i64, f: &ItemFields<'_>) -> anyhow::Result<i64> {
        let now = now_ms();
        Ok(sqlx::query_scalar(
            "INSERT INTO inspection_items (org_id, name, content, kind, min_value, max_value, unit, enabled, \
             gmt_create, gmt_update) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id",
        )
        .bind(org_id)
        .bind(f.name)
        .bind(f.content)
        .bind(f.kind)
        .bind(f.min_value)
        .bind(f.max_value)
        .bind(f.unit)
        .bind(i64::from(f.enabled))
        .bind(now)
        .persistent(false) // binds Option<f64>: see the crate docs
        .fetch_one(self.pool())
        .await?)
    }

    /// Changes an item of the organisation (existing worksheets keep their copy). False when there is none.
    pub async fn edit_inspection_item(&self, org_id: i64, id: i64, f: &ItemFields<'_>) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "UPDATE inspection_items SET name = $1, content = $2, kind = $3, min_value = $4, max_value = $5, \
             unit = $6, enabled = $7, gmt_update = $8 WHERE org_id = $9 AND id = $10",
        )
        .bind(f.name)
        .bind(f.content)
        .bind(f.kind)
        .bind(f.min_value)
        .bind(f.max_value)
        .bind(f.unit)
        .bind(i64::from(f.enabled))
        .bind(now_ms())
        .bind(org_id)
        .bind(id)
        .persistent(false) // binds Option<f64>: see the crate docs
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes an item no plan checks (in one statement, so a plan saved at the same moment cannot slip in).
    pub async fn delete_inspection_item(&self, org_id: i64, id: i64) -> anyhow::Result<Result<(), ItemDeleteRefused>> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(
            "DELETE FROM inspection_items WHERE org_id = $1 AND id = $2 AND NOT EXISTS \
             (SELECT 1 FROM inspection_plan_items pi WHERE pi.item_id = $2)",
        )
        .bind(org_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 1 {
            tx.commit().await?;
            return Ok(Ok(()));
        }
        let exists: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM inspection_items WHERE org_id = $1 AND id = $2")
            .bind(org_id)
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        tx.rollback().await?;
        Ok(Err(if exists == 1 { ItemDeleteRefused::InUse } else { ItemDeleteRefused::NotFound }))
    }

    /// The plans the viewer sees (every equipment of the route), newest first.
    pub async fn inspection_plans(&self, viewer: &Viewer) -> anyhow::Result<Vec<InspectionPlan>> {
        let sql = format!(
            "SELECT {PLAN_COLUMNS} FROM {PLAN_FROM} WHERE p.org_id = $1{} ORDER BY p.id DESC",
            viewer.covered_sql("inspection_plan_equipment", "plan_id", "p.id")
        );
        let rows = sqlx::query(&sql).bind(viewer.org_id).fetch_all(self.pool()).await?;
        let mut plans = Vec::with_capacity(rows.len());
        for r in &rows {
            plans.push(self.plan_from_row(r).await?);
        }
        Ok(plans)
    }

    /// One plan the viewer sees.
    pub async fn inspection_plan(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<InspectionPlan>> {
        let sql = format!(
            "SELECT {PLAN_COLUMNS} FROM {PLAN_FROM} WHERE p.org_id = $1 AND p.id = $2{}",
            viewer.covered_sql("inspection_plan_equipment", "plan_id", "p.id")
        );
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(id).fetch_optional(self.pool()).await?;
        match row {
            Some(r) => Ok(Some(self.plan_from_row(&r).await?)),
            None => Ok(None),
        }
    }

    async fn plan_from_row(&self, r: &sqlx::any::AnyRow) -> anyhow::Result<InspectionPlan> {
        let id: i64 = r.try_get("id")?;
        Ok(InspectionPlan {
            id,
            name: r.try_get("name")?,
            inspector_id: r.try_get("inspector_id")?,
            inspector_name: r.try_get("inspector_name")?,
            frequency: r.try_get("frequency")?,
            day: r.try_get("day")?,
            minute: r.try_get("minute")?,
            allowed_hours: r.try_get("allowed_hours")?,
            enabled: r.try_get::<i64, _>("enabled")? != 0,
            creator_id: r.try_get("creator_id")?,
            creator_name: r.try_get("creator_name")?,
            equipment: self
                .named(
                    "SELECT e.id, e.equip_name AS name FROM inspection_plan_equipment x JOIN equipment e \
                     ON e.id = x.equipment_id WHERE x.plan_id = $1 ORDER BY x.position",
                    id,
                )
                .await?,
            items: self
                .named(
                    "SELECT i.id, i.name FROM inspection_plan_items x JOIN inspection_items i ON i.id = x.item_id \
                     WHERE x.plan_id = $1 ORDER BY x.position",
                    id,
                )
                .await?,
            gmt_create: r.try_get("gmt_create")?,
            gmt_update: r.try_get("gmt_update")?,
        })
    }

    async fn named(&self, sql: &str, id: i64) -> anyhow::Result<Vec<Named>> {
        let rows = sqlx::query(sql).bind(id).fetch_all(self.pool()).await?;
        rows.iter().map(|r| Ok(Named { id: r.try_get("id")?, name: r.try_get("name")? })).collect()
    }

    /// Adds a plan (`id` `None`) or replaces one the viewer sees, with its route and items, in one transaction.
    /// Answers the plan's id, or `None` when the plan to change is not the viewer's to see. The handler checked the
    /// equipment (the viewer sees each), the items (the organisation's) and the inspector.
    pub async fn save_inspection_plan(
        &self,
        viewer: &Viewer,
        id: Option<i64>,
        f: &PlanFields<'_>,
    ) -> anyhow::Result<Option<i64>> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let id = match id {
            None => {
                sqlx::query_scalar(
                    "INSERT INTO inspection_plans (org_id, name, inspector_id, frequency, day, minute, allowed_hours, \
                     enabled, creator_id, gmt_create, gmt_update) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
                     RETURNING id",
                )
                .bind(viewer.org_id)
                .bind(f.name)
                .bind(f.inspector_id)
                .bind(f.frequency)
                .bind(f.day)
                .bind(f.minute)
                .bind(f.allowed_hours)
                .bind(i64::from(f.enabled))
                .bind(viewer.user_id)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?
            }
            Some(id) => {
                let sql = format!(
                    "UPDATE inspection_plans SET name = $1, inspector_id = $2, frequency = $3, day = $4, minute = $5, \
                     allowed_hours = $6, enabled = $7, gmt_update = $8 WHERE org_id = $9 AND id = $10{}",
                    viewer.covered_sql("inspection_plan_equipment", "plan_id", "inspection_plans.id")
                );
                let done = sqlx::query(&sql)
                    .bind(f.name)
                    .bind(f.inspector_id)
                    .bind(f.frequency)
                    .bind(f.day)
                    .bind(f.minute)
                    .bind(f.allowed_hours)
                    .bind(i64::from(f.enabled))
                    .bind(now)
                    .bind(viewer.org_id)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() != 1 {
                    tx.rollback().await?;
                    return Ok(None);
                }
                for table in ["inspection_plan_equipment", "inspection_plan_items"] {
                    sqlx::query(&format!("DELETE FROM {table} WHERE plan_id = $1")).bind(id).execute(&mut *tx).await?;
                }
                id
            }
        };
        for (position, equipment_id) in f.equipment_ids.iter().enumerate() {
            sqlx::query("INSERT INTO inspection_plan_equipment (plan_id, position, equipment_id) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(position as i64)
                .bind(equipment_id)
                .execute(&mut *tx)
                .await?;
        }
        for (position, item_id) in f.item_ids.iter().enumerate() {
            sqlx::query("INSERT INTO inspection_plan_items (plan_id, position, item_id) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(position as i64)
                .bind(item_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Deletes a plan the viewer sees; its worksheets stay (their plan is then none). False when there is none.
    pub async fn delete_inspection_plan(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql = format!(
            "DELETE FROM inspection_plans WHERE org_id = $1 AND id = $2{}",
            viewer.covered_sql("inspection_plan_equipment", "plan_id", "inspection_plans.id")
        );
        let done = sqlx::query(&sql).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every enabled plan of every organisation, for the scheduler's tick.
    pub async fn schedulable_plans(&self) -> anyhow::Result<Vec<SchedulablePlan>> {
        let rows = sqlx::query(
            "SELECT id, org_id, frequency, day, minute, gmt_create FROM inspection_plans WHERE enabled = 1 ORDER BY id",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SchedulablePlan {
                    id: r.try_get("id")?,
                    org_id: r.try_get("org_id")?,
                    frequency: r.try_get("frequency")?,
                    day: r.try_get("day")?,
                    minute: r.try_get("minute")?,
                    gmt_create: r.try_get("gmt_create")?,
                })
            })
            .collect()
    }

    /// The enabled accounts of `org_id` that see every one of `equipment_ids`, by login name, with their
    /// permission codes (the handler keeps those that may handle work orders).
    pub async fn inspector_candidates(&self, org_id: i64, equipment_ids: &[i64]) -> anyhow::Result<Vec<Inspector>> {
        // Ids are integers, written into the text.
        let missing = if equipment_ids.is_empty() {
            String::new()
        } else {
            let ids: Vec<String> = equipment_ids.iter().map(i64::to_string).collect();
            format!(
                " OR NOT EXISTS (SELECT 1 FROM equipment e WHERE e.id IN ({}) AND NOT EXISTS (SELECT 1 FROM \
                 equipment_grants eg WHERE eg.user_id = u.id AND eg.equipment_id = e.id))",
                ids.join(",")
            )
        };
        let sql = format!(
            "SELECT u.id, u.loginname, u.auths FROM users u WHERE u.org_id = $1 AND u.disabled = 0 AND \
             ({SEES_WHOLE_ORG_SQL}{missing}) ORDER BY u.loginname"
        );
        let rows = sqlx::query(&sql).bind(org_id).fetch_all(self.pool()).await?;
        rows.iter()
            .map(|r| {
                Ok(Inspector {
                    id: r.try_get("id")?,
                    loginname: r.try_get("loginname")?,
                    auths: split_list(&r.try_get::<String, _>("auths")?),
                })
            })
            .collect()
    }
}

//! The operating centre (issue 14: `运营中心` in the monitor menu): per equipment the viewer may see, what is
//! still open: alarms not released, alarms nobody has confirmed, repair orders not finished, inspection worksheets
//! overdue. Counted in the database, one row per
//! equipment, so the page is one query however many alarms there are.

use crate::access::Viewer;
use crate::{Store, contains_pattern};
use sqlx::Row;

/// What is open on one equipment. Alarm counts are `None` for equipment whose alarms the viewer may not see (its
/// rule type's permission is missing); the order count is `None` for a viewer who may not see repair orders.
#[derive(Clone, Debug, PartialEq)]
pub struct EquipmentLoad {
    pub id: i64,
    pub equip_name: String,
    pub open_alarms: Option<i64>,
    pub unconfirmed_alarms: Option<i64>,
    /// Repair orders pending, dispatched or received.
    pub open_orders: Option<i64>,
    /// Inspection worksheets on a route holding this equipment, not started and past their deadline (of those the
    /// viewer sees: the whole route granted).
    pub overdue_worksheets: Option<i64>,
}

impl Store {
    /// Every equipment the viewer sees (optionally whose name contains `keyword`), with its open alarms, its
    /// unconfirmed alarms (of `rule_types` only: the others' counts are `None`) and, with `orders`, its open repair
    /// orders. Busiest first.
    pub async fn ops_center(
        &self,
        viewer: &Viewer,
        rule_types: &[&str],
        orders: bool,
        keyword: Option<&str>,
        now: i64,
    ) -> anyhow::Result<Vec<EquipmentLoad>> {
        // The rule types are our own constants ('00', '01'), never user input: written into the text.
        let allowed = if rule_types.is_empty() {
            "0 = 1".to_owned()
        } else {
            format!("e.rule_type IN ({})", rule_types.iter().map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", "))
        };
        let sql = format!(
            "SELECT e.id, e.equip_name, CASE WHEN {allowed} THEN 1 ELSE 0 END AS alarms_visible, \
             (SELECT COUNT(*) FROM alarm_records a WHERE a.equipment_id = e.id AND a.org_id = e.org_id \
              AND a.gmt_release IS NULL) AS open_alarms, \
             (SELECT COUNT(*) FROM alarm_records a WHERE a.equipment_id = e.id AND a.org_id = e.org_id \
              AND a.confirmed_by IS NULL) AS unconfirmed_alarms, \
             (SELECT COUNT(*) FROM repair_orders o WHERE o.equipment_id = e.id AND o.org_id = e.org_id \
              AND o.status IN ('pending', 'dispatched', 'received')) AS open_orders, \
             (SELECT COUNT(*) FROM inspection_worksheet_equipment we JOIN inspection_worksheets w \
              ON w.id = we.worksheet_id WHERE we.equipment_id = e.id AND w.org_id = e.org_id \
              AND w.status = 'not-started' AND w.deadline < {now}{}) AS overdue_worksheets \
             FROM equipment e WHERE e.org_id = $1 AND ($2 = '' OR e.equip_name LIKE $3 ESCAPE '\\'){}",
            viewer.covered_sql("inspection_worksheet_equipment", "worksheet_id", "w.id"),
            viewer.grant_sql("e")
        );
        let keyword = keyword.map(str::trim).unwrap_or_default();
        let rows = sqlx::query(&sql)
            .bind(viewer.org_id)
            .bind(keyword)
            .bind(contains_pattern(keyword))
            .fetch_all(self.pool())
            .await?;
        let mut loads = rows
            .iter()
            .map(|r| {
                let visible = r.try_get::<i64, _>("alarms_visible")? == 1;
                let count = |column: &str| -> Result<Option<i64>, sqlx::Error> {
                    Ok(if visible { Some(r.try_get::<i64, _>(column)?) } else { None })
                };
                Ok(EquipmentLoad {
                    id: r.try_get("id")?,
                    equip_name: r.try_get("equip_name")?,
                    open_alarms: count("open_alarms")?,
                    unconfirmed_alarms: count("unconfirmed_alarms")?,
                    open_orders: if orders { Some(r.try_get::<i64, _>("open_orders")?) } else { None },
                    overdue_worksheets: if orders { Some(r.try_get::<i64, _>("overdue_worksheets")?) } else { None },
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        loads.sort_by(|a, b| {
            let weight = |l: &EquipmentLoad| {
                l.open_alarms.unwrap_or(0)
                    + l.unconfirmed_alarms.unwrap_or(0)
                    + l.open_orders.unwrap_or(0)
                    + l.overdue_worksheets.unwrap_or(0)
            };
            weight(b).cmp(&weight(a)).then_with(|| a.equip_name.cmp(&b.equip_name)).then(a.id.cmp(&b.id))
        });
        Ok(loads)
    }
}

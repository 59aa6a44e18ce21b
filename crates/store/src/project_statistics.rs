//! The project monitor's statistics (spec section 7, "Project monitor": `equip/queryCount` and `alarm/queryCount`),
//! which feed the page's system keys: equipment_count, online_count, offline_count, alarm_equipment and
//! alarm_count. The route's guard has checked the caller sees every equipment of the project, so the counts are
//! over the project's equipment as a whole.

use crate::Store;
use crate::equipment::{LINK_JOINS, ONLINE_OF_E};

/// Which of a project's equipment to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EquipmentCount {
    /// `Some(true)`: those online (by their gateway, or GM equipment by its own presence); `Some(false)`: the
    /// others (no gateway is not online).
    pub online: Option<bool>,
    /// Only those with an open alarm (triggered, not released).
    pub alarmed: bool,
}

impl Store {
    /// How many of project `project_id`'s equipment (of organisation `org_id`) meet `count`.
    pub async fn project_equipment_count(
        &self,
        org_id: i64,
        project_id: i64,
        count: EquipmentCount,
    ) -> anyhow::Result<i64> {
        let online = match count.online {
            None => String::new(),
            Some(true) => format!(" AND {ONLINE_OF_E} <> 0"),
            Some(false) => format!(" AND {ONLINE_OF_E} = 0"),
        };
        let alarmed = if count.alarmed {
            " AND EXISTS (SELECT 1 FROM alarm_records a WHERE a.equipment_id = e.id AND a.org_id = e.org_id \
             AND a.gmt_release IS NULL)"
        } else {
            ""
        };
        let sql = format!(
            "SELECT COUNT(*) FROM project_equipment pe JOIN projects p ON p.id = pe.project_id \
             JOIN equipment e ON e.id = pe.equipment_id AND e.org_id = p.org_id \
             {LINK_JOINS} \
             WHERE p.org_id = $1 AND p.id = $2{online}{alarmed}"
        );
        Ok(sqlx::query_scalar(&sql).bind(org_id).bind(project_id).fetch_one(self.pool()).await?)
    }

    /// How many alarms of project `project_id`'s equipment are open (triggered, not released).
    pub async fn project_alarm_count(&self, org_id: i64, project_id: i64) -> anyhow::Result<i64> {
        let sql = "SELECT COUNT(*) FROM alarm_records a JOIN equipment e ON e.id = a.equipment_id \
                   AND e.org_id = a.org_id JOIN project_equipment pe ON pe.equipment_id = e.id \
                   JOIN projects p ON p.id = pe.project_id AND p.org_id = e.org_id \
                   WHERE p.org_id = $1 AND p.id = $2 AND a.gmt_release IS NULL";
        Ok(sqlx::query_scalar(sql).bind(org_id).bind(project_id).fetch_one(self.pool()).await?)
    }

    /// The rule types of project `project_id`'s equipment (`00`, `01`), each once: whose alarm permissions a
    /// caller needs to be told the project's alarm counts.
    pub async fn project_rule_types(&self, org_id: i64, project_id: i64) -> anyhow::Result<Vec<String>> {
        Ok(sqlx::query_scalar(
            "SELECT DISTINCT e.rule_type FROM project_equipment pe JOIN projects p ON p.id = pe.project_id \
             JOIN equipment e ON e.id = pe.equipment_id AND e.org_id = p.org_id WHERE p.org_id = $1 AND p.id = $2",
        )
        .bind(org_id)
        .bind(project_id)
        .fetch_all(self.pool())
        .await?)
    }
}

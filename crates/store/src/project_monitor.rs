//! What the project monitor's own calls look up (docs/project-monitor.md): the project a project page belongs to,
//! and the equipment a project holds. The callers' route guards have checked that the viewer sees the whole
//! project (`ObjectRef::ProjectPages`, `ObjectRef::ProjectPage`); these statements still bind the organisation.

use crate::Store;
use crate::access::Viewer;

impl Store {
    /// The project of page `page_id` when it is a project's page the viewer sees; `None` for an equipment's page,
    /// another organisation's, or one a limited account does not see whole.
    pub async fn project_of_page(&self, viewer: &Viewer, page_id: i64) -> anyhow::Result<Option<i64>> {
        let sql = format!(
            "SELECT config_pages.project_id FROM config_pages WHERE config_pages.org_id = $1 AND config_pages.id = $2 \
             AND config_pages.project_id IS NOT NULL{}",
            crate::pages::visible_pages(viewer)
        );
        Ok(sqlx::query_scalar(&sql).bind(viewer.org_id).bind(page_id).fetch_optional(self.pool()).await?)
    }

    /// The ids of the equipment of the organisation's project `project_id`, ascending (none for another
    /// organisation's project).
    pub async fn project_equipment_ids(&self, org_id: i64, project_id: i64) -> anyhow::Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT pe.equipment_id FROM project_equipment pe JOIN projects p ON p.id = pe.project_id \
             JOIN equipment e ON e.id = pe.equipment_id AND e.org_id = p.org_id \
             WHERE p.org_id = $1 AND p.id = $2 ORDER BY pe.equipment_id",
        )
        .bind(org_id)
        .bind(project_id)
        .fetch_all(self.pool())
        .await?)
    }
}

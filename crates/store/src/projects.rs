//! Projects: several equipment grouped under a name and a remark. Organisation-wide, names unique within the
//! organisation. Project pages and the project monitor come with the designer.

use crate::access::Viewer;
use crate::equipment_sets::{PROJECTS, SaveError};
use crate::monitor::EquipmentName;
use crate::{Page, Store, contains_pattern};
use sqlx::Row;

/// A project as the project list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectSummary {
    pub id: i64,
    pub name: String,
    pub remark: String,
    pub equipment_count: i64,
    /// Last change (ms).
    pub updated: i64,
}

/// One project with its equipment by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    pub id: i64,
    pub name: String,
    pub remark: String,
    pub equipment: Vec<EquipmentName>,
}

impl Store {
    /// One page of the organisation's projects by name; `keyword` matches part of the name or remark, in any case.
    /// Each counts the equipment the viewer sees.
    pub async fn projects(
        &self,
        viewer: &Viewer,
        keyword: &str,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<ProjectSummary>> {
        let org_id = viewer.org_id;
        let pattern = contains_pattern(keyword);
        let filter = "p.org_id = $1 AND (LOWER(p.name) LIKE LOWER($2) ESCAPE '\\' OR LOWER(p.remark) LIKE LOWER($2) ESCAPE '\\')";
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM projects p WHERE {filter}"))
            .bind(org_id)
            .bind(&pattern)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT p.id, p.name, p.remark, p.updated_ms, \
             (SELECT COUNT(*) FROM project_equipment m WHERE m.project_id = p.id{}) AS equipment_count \
             FROM projects p WHERE {filter} ORDER BY p.name, p.id LIMIT $3 OFFSET $4",
            viewer.grant_sql_on("m.equipment_id")
        ))
        .bind(org_id)
        .bind(&pattern)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        let list = rows
            .iter()
            .map(|r| {
                Ok(ProjectSummary {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    remark: r.try_get("remark")?,
                    equipment_count: r.try_get("equipment_count")?,
                    updated: r.try_get("updated_ms")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;
        Ok(Page { total, list })
    }

    /// One project of the organisation with the equipment the viewer sees, by name.
    pub async fn project(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Project>> {
        let Some(row) = PROJECTS.find(self.pool(), viewer.org_id, id).await? else {
            return Ok(None);
        };
        let rows = sqlx::query(&format!(
            "SELECT e.id, e.equip_name FROM project_equipment m JOIN equipment e ON e.id = m.equipment_id \
             WHERE m.project_id = $1 AND e.org_id = $2{} ORDER BY e.equip_name, e.id",
            viewer.grant_sql("e")
        ))
        .bind(id)
        .bind(viewer.org_id)
        .fetch_all(self.pool())
        .await?;
        let equipment = rows
            .iter()
            .map(|r| Ok(EquipmentName { id: r.try_get("id")?, equip_name: r.try_get("equip_name")? }))
            .collect::<Result<_, sqlx::Error>>()?;
        Ok(Some(Project {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            remark: row.try_get("remark")?,
            equipment,
        }))
    }

    /// Adds a project with its equipment (distinct ids).
    pub async fn add_project(
        &self,
        org_id: i64,
        name: &str,
        remark: &str,
        ids: &[i64],
    ) -> anyhow::Result<Result<i64, SaveError>> {
        PROJECTS.add(self, org_id, name, &[remark], ids).await
    }

    /// Changes a project's name and remark and replaces its equipment (distinct ids).
    pub async fn edit_project(
        &self,
        org_id: i64,
        id: i64,
        name: &str,
        remark: &str,
        ids: &[i64],
    ) -> anyhow::Result<Result<(), SaveError>> {
        PROJECTS.edit(self, org_id, id, name, &[remark], ids).await
    }

    /// Deletes a project (its equipment stays); false without such a project.
    pub async fn delete_project(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        PROJECTS.delete(self, org_id, id).await
    }
}

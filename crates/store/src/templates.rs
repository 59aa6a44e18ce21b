//! Page templates ("faceplates"): a selection of widgets an engineer saved once to drop on any page of the
//! organisation. A template binds signals by name only (the designer rebinds it to the page's equipment's signals
//! of the same names), so it reaches no equipment: like the image library it belongs to the organisation and
//! every call is scoped to the viewer's organisation.

use crate::access::Viewer;
use crate::{Page, Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A template as the list shows it (its document is read on its own: it may be large).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateSummary {
    pub id: i64,
    pub name: String,
    /// Widgets in it, groups' members included.
    pub widgets: i64,
    /// The names of the signals it binds, as saved (JSON list of texts).
    pub signals: Vec<String>,
    pub bytes: i64,
    pub created_by: String,
    /// When it was saved (ms).
    pub created: i64,
}

/// A template to add: its document already checked.
#[derive(Clone, Copy, Debug)]
pub struct NewTemplate<'a> {
    pub name: &'a str,
    pub document: &'a str,
    pub widgets: i64,
    pub signals: &'a [String],
}

const COLUMNS: &str = "id, name, widgets, signals, CAST(LENGTH(document) AS BIGINT) AS bytes, created_by, created_ms";

fn summary(r: &AnyRow) -> Result<TemplateSummary, sqlx::Error> {
    let signals: String = r.try_get("signals")?;
    Ok(TemplateSummary {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        widgets: r.try_get("widgets")?,
        // Written by this module from a list of texts; an unreadable one lists no names rather than failing the list.
        signals: serde_json::from_str(&signals).unwrap_or_default(),
        bytes: r.try_get("bytes")?,
        created_by: r.try_get("created_by")?,
        created: r.try_get("created_ms")?,
    })
}

impl Store {
    /// Adds a template to the viewer's organisation; `None` when the organisation already has one of this name
    /// (the unique index decides, so two concurrent saves cannot both win).
    pub async fn add_template(
        &self,
        viewer: &Viewer,
        created_by: &str,
        new: &NewTemplate<'_>,
    ) -> anyhow::Result<Option<i64>> {
        let added = sqlx::query_scalar(
            "INSERT INTO page_templates (org_id, name, document, widgets, signals, created_by, created_by_id, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(viewer.org_id)
        .bind(new.name)
        .bind(new.document)
        .bind(new.widgets)
        .bind(serde_json::to_string(new.signals)?)
        .bind(created_by)
        .bind(viewer.user_id)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await;
        match added {
            Ok(id) => Ok(Some(id)),
            Err(e) if crate::is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// A page of the viewer's organisation's templates by name; `name` keeps those whose name contains it.
    pub async fn templates(
        &self,
        viewer: &Viewer,
        name: Option<&str>,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<TemplateSummary>> {
        let pattern = crate::contains_pattern(name.unwrap_or_default());
        let filter = "org_id = $1 AND LOWER(name) LIKE LOWER($2) ESCAPE '\\'";
        let total: i64 =
            sqlx::query_scalar(&format!("SELECT CAST(COUNT(*) AS BIGINT) FROM page_templates WHERE {filter}"))
                .bind(viewer.org_id)
                .bind(&pattern)
                .fetch_one(self.pool())
                .await?;
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM page_templates WHERE {filter} ORDER BY name, id LIMIT $3 OFFSET $4"
        ))
        .bind(viewer.org_id)
        .bind(&pattern)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        Ok(Page { total, list: rows.iter().map(summary).collect::<Result<_, _>>()? })
    }

    /// One template of the viewer's organisation with its document text.
    pub async fn template(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<(TemplateSummary, String)>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS}, document FROM page_templates WHERE org_id = $1 AND id = $2"))
            .bind(viewer.org_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some((summary(&row)?, row.try_get("document")?)))
    }

    /// Deletes a template of the viewer's organisation (pages made with it keep their widgets); false without one.
    /// Who may delete which is the access layer's rule ([`crate::access::ObjectRef::TemplateToChange`]).
    pub async fn delete_template(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("DELETE FROM page_templates WHERE org_id = $1 AND id = $2")
            .bind(viewer.org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }
}

//! Configuration pages: the list (title and canvas size) and the designer's document (docs/page-document.md).
//! A page belongs to one owner, an equipment or a project ([`PageOwner`]), and goes with it (ON DELETE CASCADE).
//! Scoped to an organisation on every call, and for a sub-account limited to granted equipment to the pages it
//! may see ([`visible_pages`]).

use crate::access::Viewer;
use crate::{Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// What a page belongs to: an equipment (its pages bind its signals) or a project (its pages bind signals of
/// any equipment of the project).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageOwner {
    Equipment(i64),
    Project(i64),
}

/// A page as the page list shows it (the document is read by the designer, not listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageSummary {
    pub id: i64,
    /// The owner: exactly one of the two is set.
    pub equipment_id: Option<i64>,
    pub project_id: Option<i64>,
    pub title: String,
    pub width: i64,
    pub height: i64,
    /// Last change, ms since the epoch.
    pub updated: i64,
    /// Whether the viewer asks for the page's password before showing it.
    pub protected: bool,
    /// The owner's home page: the one the monitor opens for equipment shown as a configuration page, or for the
    /// project (the one chosen while it is the owner's, else the first).
    pub home: bool,
}

impl PageSummary {
    /// The page's owner; `None` only for a row the table's CHECK (exactly one owner) would not hold.
    pub fn owner(&self) -> Option<PageOwner> {
        match (self.equipment_id, self.project_id) {
            (Some(id), _) => Some(PageOwner::Equipment(id)),
            (None, Some(id)) => Some(PageOwner::Project(id)),
            (None, None) => None,
        }
    }
}

/// What a save of a page's document did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageSave {
    /// Stored; the new version (`updated`).
    Saved(i64),
    /// No such page the viewer sees.
    NotFound,
    /// The page is no longer the version the save was based on; `updated` is the stored one.
    Changed { updated: i64 },
}

/// A page with its document, as the viewer and the designer load it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageDetail {
    pub summary: PageSummary,
    /// The designer's JSON text, as it was saved (checked by `ironsight_domain::page::validate_document`).
    pub document: String,
}

/// A save of a page's document: the document as checked, what the check found, who saves and the version the
/// editor opened (see [`Store::save_page_document`]).
#[derive(Clone, Copy, Debug)]
pub struct DocumentSave<'a> {
    pub document: &'a str,
    pub width: i64,
    pub height: i64,
    pub widgets: usize,
    /// The saving user's name, kept with the version.
    pub saved_by: &'a str,
    pub base: Option<i64>,
}

/// How many versions of each page are kept (the designer lists them to preview and restore).
pub const KEPT_VERSIONS: i64 = 20;

/// One kept version of a page: when and by whom it was saved, how many widgets and bytes it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageVersion {
    /// The page's `updated` after that save, ms since the epoch: names the version.
    pub saved: i64,
    pub saved_by: String,
    pub widgets: i64,
    pub bytes: i64,
}

/// The home page of equipment `e` (SQL, `e` in scope): the page it chose while it is one of its pages, else its
/// first page; NULL without pages.
pub(crate) const HOME_PAGE_OF_E: &str = "COALESCE(\
     (SELECT hp.id FROM config_pages hp WHERE hp.id = e.home_page_id AND hp.equipment_id = e.id), \
     (SELECT MIN(fp.id) FROM config_pages fp WHERE fp.equipment_id = e.id))";

/// The page list's columns. `home`: the owner's chosen home page while it is one of its pages, else its first
/// (the equipment's terms are NULL for a project's page and the project's for an equipment's).
const COLUMNS: &str = "config_pages.id, config_pages.equipment_id, config_pages.project_id, config_pages.title, \
     config_pages.width, config_pages.height, config_pages.updated_ms, \
     CAST(CASE WHEN config_pages.password_hash IS NULL THEN 0 ELSE 1 END AS BIGINT) AS protected, \
     CAST(CASE WHEN config_pages.id = COALESCE(\
       (SELECT hp.id FROM config_pages hp JOIN equipment he ON he.home_page_id = hp.id \
        WHERE he.id = config_pages.equipment_id AND hp.equipment_id = he.id), \
       (SELECT hp.id FROM config_pages hp JOIN projects hpr ON hpr.home_page_id = hp.id \
        WHERE hpr.id = config_pages.project_id AND hp.project_id = hpr.id), \
       (SELECT MIN(fp.id) FROM config_pages fp WHERE fp.equipment_id = config_pages.equipment_id), \
       (SELECT MIN(fp.id) FROM config_pages fp WHERE fp.project_id = config_pages.project_id)) \
     THEN 1 ELSE 0 END AS BIGINT) AS home";

/// ` AND …` limiting `config_pages` rows to those `viewer` may see: for a sub-account limited to granted
/// equipment, an equipment's page when that equipment is granted, a project's page when every equipment of the
/// project is (a project page may show any of them). Nothing for whole-organisation accounts.
pub(crate) fn visible_pages(viewer: &Viewer) -> String {
    if !viewer.granted_only {
        return String::new();
    }
    format!(
        " AND ((config_pages.equipment_id IS NOT NULL{}) OR (config_pages.project_id IS NOT NULL{}))",
        viewer.grant_sql_on("config_pages.equipment_id"),
        viewer.project_covered_sql("config_pages.project_id"),
    )
}

fn page_from_row(r: &AnyRow) -> Result<PageSummary, sqlx::Error> {
    Ok(PageSummary {
        id: r.try_get("id")?,
        equipment_id: r.try_get("equipment_id")?,
        project_id: r.try_get("project_id")?,
        title: r.try_get("title")?,
        width: r.try_get("width")?,
        height: r.try_get("height")?,
        updated: r.try_get("updated_ms")?,
        protected: r.try_get::<i64, _>("protected")? != 0,
        home: r.try_get::<i64, _>("home")? != 0,
    })
}

impl Store {
    /// The pages of an owner the viewer sees, in the order they were made; `None` without the owner (a project
    /// counts for a limited account only when it sees every equipment of it).
    pub async fn pages_of(&self, viewer: &Viewer, owner: PageOwner) -> anyhow::Result<Option<Vec<PageSummary>>> {
        let (visible, column, id) = match owner {
            PageOwner::Equipment(id) => (self.equipment_visible(viewer, id).await?, "equipment_id", id),
            PageOwner::Project(id) => (self.project_covered(viewer, id).await?, "project_id", id),
        };
        if !visible {
            return Ok(None);
        }
        let rows =
            sqlx::query(&format!("SELECT {COLUMNS} FROM config_pages WHERE org_id = $1 AND {column} = $2 ORDER BY id"))
                .bind(viewer.org_id)
                .bind(id)
                .fetch_all(self.pool())
                .await?;
        Ok(Some(rows.iter().map(page_from_row).collect::<Result<_, _>>()?))
    }

    /// Adds an empty page to an owner of the organisation the viewer sees; `None` without the owner.
    pub async fn add_page(
        &self,
        viewer: &Viewer,
        owner: PageOwner,
        title: &str,
        width: i64,
        height: i64,
    ) -> anyhow::Result<Option<i64>> {
        let now = now_ms();
        // The owner's organisation (and the viewer's sight of it) is checked in the same statement, so a page never
        // lands on another's.
        let (columns, from, id) = match owner {
            PageOwner::Equipment(id) => {
                ("equipment_id", format!("equipment o WHERE o.org_id = $5 AND o.id = $6{}", viewer.grant_sql("o")), id)
            }
            PageOwner::Project(id) => (
                "project_id",
                format!("projects o WHERE o.org_id = $5 AND o.id = $6{}", viewer.project_covered_sql("o.id")),
                id,
            ),
        };
        let sql = format!(
            "INSERT INTO config_pages (org_id, {columns}, title, width, height, created_ms, updated_ms, document) \
             SELECT o.org_id, o.id, $1, $2, $3, $4, $4, $7 FROM {from} RETURNING id"
        );
        let id = sqlx::query_scalar(&sql)
            .bind(title)
            .bind(width)
            .bind(height)
            .bind(now)
            .bind(viewer.org_id)
            .bind(id)
            // The canvas the page was made with is the document's, so the viewer and the designer draw it at
            // that size before anything is saved (a document without `con` would be 1024 × 768).
            .bind(serde_json::json!({ "con": { "width": width, "height": height }, "widgets": [] }).to_string())
            .fetch_optional(self.pool())
            .await?;
        Ok(id)
    }

    /// Renames a page; false without such a page the viewer sees.
    pub async fn rename_page(&self, viewer: &Viewer, id: i64, title: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE config_pages SET title = $1, updated_ms = $2 WHERE org_id = $3 AND id = $4{}",
            visible_pages(viewer)
        );
        let done =
            sqlx::query(&sql).bind(title).bind(now_ms()).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn delete_page(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql = format!("DELETE FROM config_pages WHERE org_id = $1 AND id = $2{}", visible_pages(viewer));
        let done = sqlx::query(&sql).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// One page with its document; `None` without such a page the viewer sees.
    pub async fn page_info(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<PageDetail>> {
        let sql = format!(
            "SELECT {COLUMNS}, document FROM config_pages WHERE org_id = $1 AND id = $2{}",
            visible_pages(viewer)
        );
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(id).fetch_optional(self.pool()).await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(PageDetail { summary: page_from_row(&row)?, document: row.try_get("document")? }))
    }

    /// Replaces a page's document and the canvas size it gives (the page list shows it), and keeps the document as
    /// a version (the newest [`KEPT_VERSIONS`] per page are kept), in one transaction; answers the change time in
    /// ms, or `None`, changing nothing, without such a page the viewer sees. The caller has checked the document.
    ///
    /// With `base` (the version the editor opened, its `updated`), the page is saved only if it is still that
    /// version, in the same statement, so of two editors saving the same page the second hears of the first
    /// ([`PageSave::Changed`]) instead of overwriting it unseen. Each save's `updated` is later than the one before,
    /// even within a millisecond, so it names the version.
    pub async fn save_page_document(
        &self,
        viewer: &Viewer,
        id: i64,
        save: DocumentSave<'_>,
    ) -> anyhow::Result<PageSave> {
        let grant = visible_pages(viewer);
        let same_version = if save.base.is_some() { " AND updated_ms = $7" } else { "" };
        let sql = format!(
            "UPDATE config_pages SET document = $1, width = $2, height = $3, \
             updated_ms = CASE WHEN updated_ms >= $4 THEN updated_ms + 1 ELSE $4 END \
             WHERE org_id = $5 AND id = $6{grant}{same_version} RETURNING updated_ms"
        );
        let mut query = sqlx::query_scalar(&sql)
            .bind(save.document)
            .bind(save.width)
            .bind(save.height)
            .bind(now_ms())
            .bind(viewer.org_id)
            .bind(id);
        if let Some(base) = save.base {
            query = query.bind(base);
        }
        let mut tx = self.begin_write().await?;
        if let Some(updated) = query.fetch_optional(&mut *tx).await? {
            sqlx::query(
                "INSERT INTO config_page_versions (page_id, saved_ms, saved_by, widget_count, document) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(updated)
            .bind(save.saved_by)
            .bind(save.widgets as i64)
            .bind(save.document)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "DELETE FROM config_page_versions WHERE page_id = $1 AND saved_ms NOT IN \
                 (SELECT saved_ms FROM config_page_versions WHERE page_id = $1 ORDER BY saved_ms DESC LIMIT $2)",
            )
            .bind(id)
            .bind(KEPT_VERSIONS)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            return Ok(PageSave::Saved(updated));
        }
        let current: Option<i64> =
            sqlx::query_scalar(&format!("SELECT updated_ms FROM config_pages WHERE org_id = $1 AND id = $2{grant}"))
                .bind(viewer.org_id)
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        tx.rollback().await?;
        Ok(current.map_or(PageSave::NotFound, |updated| PageSave::Changed { updated }))
    }

    /// The kept versions of a page the viewer sees, newest first (without their documents); `None` without the
    /// page.
    pub async fn page_versions(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Vec<PageVersion>>> {
        if self.page_info(viewer, id).await?.is_none() {
            return Ok(None);
        }
        let rows = sqlx::query(
            "SELECT saved_ms, saved_by, widget_count, LENGTH(document) AS bytes FROM config_page_versions \
             WHERE page_id = $1 ORDER BY saved_ms DESC",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        let version = |r: &AnyRow| -> Result<PageVersion, sqlx::Error> {
            Ok(PageVersion {
                saved: r.try_get("saved_ms")?,
                saved_by: r.try_get("saved_by")?,
                widgets: r.try_get("widget_count")?,
                bytes: r.try_get::<i64, _>("bytes")?,
            })
        };
        Ok(Some(rows.iter().map(version).collect::<Result<_, _>>()?))
    }

    /// The document of one kept version of a page the viewer sees; `None` without the page or the version.
    pub async fn page_version_document(&self, viewer: &Viewer, id: i64, saved: i64) -> anyhow::Result<Option<String>> {
        let grant = visible_pages(viewer);
        Ok(sqlx::query_scalar(&format!(
            "SELECT v.document FROM config_page_versions v JOIN config_pages ON config_pages.id = v.page_id \
             WHERE config_pages.org_id = $1 AND v.page_id = $2 AND v.saved_ms = $3{grant}"
        ))
        .bind(viewer.org_id)
        .bind(id)
        .bind(saved)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Makes a page its owner's home page (the equipment's or the project's); false without such a page the viewer
    /// sees.
    pub async fn set_home_page(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let Some(page) = self.page_info(viewer, id).await? else { return Ok(false) };
        let (table, owner_id) = match page.summary.owner() {
            Some(PageOwner::Equipment(owner_id)) => ("equipment", owner_id),
            Some(PageOwner::Project(owner_id)) => ("projects", owner_id),
            None => return Ok(false),
        };
        let done = sqlx::query(&format!("UPDATE {table} SET home_page_id = $1 WHERE org_id = $2 AND id = $3"))
            .bind(id)
            .bind(viewer.org_id)
            .bind(owner_id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A copy of a page under `title`, for the same owner, with its document, canvas and password (a copy of
    /// a protected page is protected the same way); its versions start with its first save. `None` without such a
    /// page the viewer sees.
    pub async fn copy_page(&self, viewer: &Viewer, id: i64, title: &str) -> anyhow::Result<Option<i64>> {
        let now = now_ms();
        Ok(sqlx::query_scalar(&format!(
            "INSERT INTO config_pages (org_id, equipment_id, project_id, title, width, height, created_ms, updated_ms, \
             document, password_hash) SELECT org_id, equipment_id, project_id, $1, width, height, $2, $2, document, \
             password_hash \
             FROM config_pages WHERE org_id = $3 AND id = $4{} RETURNING id",
            visible_pages(viewer)
        ))
        .bind(title)
        .bind(now)
        .bind(viewer.org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// The home configuration page: the first equipment page (the oldest) the viewer sees, if there is one (a
    /// project's pages open in the project monitor).
    pub async fn home_page(&self, viewer: &Viewer) -> anyhow::Result<Option<PageSummary>> {
        let grant = visible_pages(viewer);
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM config_pages WHERE org_id = $1 AND equipment_id IS NOT NULL{grant} \
                 ORDER BY id LIMIT 1"
        ))
        .bind(viewer.org_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(page_from_row).transpose()?)
    }
}

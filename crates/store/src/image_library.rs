//! The organisation's image library: pictures engineers upload once and pick in the designer's picture fields
//! (a page's background, an image widget, a state animation's pictures). A library picture belongs to the
//! organisation, not to an equipment, so every account of the organisation lists and sees it, a limited
//! sub-account included; every call is scoped to the viewer's organisation. The file itself lives under the data
//! directory (the server writes and removes it); the row holds its stored name, which serving looks up.

use crate::access::Viewer;
use crate::{Page, Store, contains_pattern, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A picture of the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryImage {
    pub id: i64,
    /// The stored file's name (`<32 hex digits>.<ext>`), served at `/userimg/<file_name>`.
    pub file_name: String,
    pub title: String,
    /// The detected type's extension (`png`, `jpg`, `gif`, `webp`, `svg`).
    pub kind: String,
    pub bytes: i64,
    pub uploaded_by: i64,
    /// When it was uploaded (ms).
    pub created: i64,
}

/// A picture to add: the file is already stored under `file_name`.
#[derive(Clone, Copy, Debug)]
pub struct NewLibraryImage<'a> {
    pub file_name: &'a str,
    pub title: &'a str,
    pub kind: &'a str,
    pub bytes: i64,
}

/// What a deletion did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibraryDelete {
    /// The row is gone; the caller removes the file of this name.
    Deleted { file_name: String },
    /// No such picture in the viewer's organisation.
    NotFound,
    /// This many of the organisation's pages still show it: nothing changed.
    InUse { pages: i64 },
    /// No page shows it but a kept version of one does: it left the library, its file stays (restoring that
    /// version shows it) until [`Store::sweep_hidden_library_images`] finds it shown nowhere.
    Hidden,
}

/// Where a stored picture name is shown, for the library's delete and sweep.
struct Shown {
    /// Pages whose current document shows it.
    pages: i64,
    /// Kept versions (of any page of the organisation) that show it.
    versions: i64,
}

const COLUMNS: &str = "id, file_name, title, kind, bytes, uploaded_by, created_ms";

fn library_image(r: &AnyRow) -> Result<LibraryImage, sqlx::Error> {
    Ok(LibraryImage {
        id: r.try_get("id")?,
        file_name: r.try_get("file_name")?,
        title: r.try_get("title")?,
        kind: r.try_get("kind")?,
        bytes: r.try_get("bytes")?,
        uploaded_by: r.try_get("uploaded_by")?,
        created: r.try_get("created_ms")?,
    })
}

impl Store {
    /// Adds a picture to the viewer's organisation's library, uploaded by the viewer's account; answers its id.
    pub async fn add_library_image(&self, viewer: &Viewer, image: &NewLibraryImage<'_>) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar(
            "INSERT INTO library_images (org_id, file_name, title, kind, bytes, uploaded_by, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(viewer.org_id)
        .bind(image.file_name)
        .bind(image.title)
        .bind(image.kind)
        .bind(image.bytes)
        .bind(viewer.user_id)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await?)
    }

    /// A page of the viewer's organisation's library, newest first.
    pub async fn library_images(
        &self,
        viewer: &Viewer,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<LibraryImage>> {
        let total: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM library_images WHERE org_id = $1 AND hidden_ms IS NULL",
        )
        .bind(viewer.org_id)
        .fetch_one(self.pool())
        .await?;
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM library_images WHERE org_id = $1 AND hidden_ms IS NULL \
             ORDER BY created_ms DESC, id DESC LIMIT $2 OFFSET $3"
        ))
        .bind(viewer.org_id)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        Ok(Page { total, list: rows.iter().map(library_image).collect::<Result<_, _>>()? })
    }

    /// One picture of the viewer's organisation's library.
    pub async fn library_image(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<LibraryImage>> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM library_images WHERE org_id = $1 AND id = $2 AND hidden_ms IS NULL"
        ))
        .bind(viewer.org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(library_image).transpose()?)
    }

    /// Gives a picture of the viewer's organisation's library a new title; false when the organisation has no such
    /// picture (nothing changed). Pages show a picture by its address, never by its title, so none changes.
    pub async fn rename_library_image(&self, viewer: &Viewer, id: i64, title: &str) -> anyhow::Result<bool> {
        let done =
            sqlx::query("UPDATE library_images SET title = $1 WHERE org_id = $2 AND id = $3 AND hidden_ms IS NULL")
                .bind(title)
                .bind(viewer.org_id)
                .bind(id)
                .execute(self.pool())
                .await?;
        Ok(done.rows_affected() > 0)
    }

    /// True when `file_name` is a picture of the viewer's organisation's library.
    pub async fn library_image_visible(&self, viewer: &Viewer, file_name: &str) -> anyhow::Result<bool> {
        let n: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM library_images WHERE org_id = $1 AND file_name = $2",
        )
        .bind(viewer.org_id)
        .bind(file_name)
        .fetch_one(self.pool())
        .await?;
        Ok(n > 0)
    }

    /// Deletes a picture of the viewer's organisation's library, unless a page of the organisation (any equipment's,
    /// seen by the viewer or not) still shows it: its document holds the stored name, which is 128 random bits, so
    /// it is there only as that picture's address. A picture only a kept version shows is hidden instead
    /// ([`LibraryDelete::Hidden`]). Checked and changed in one write transaction.
    pub async fn delete_library_image(&self, viewer: &Viewer, id: i64) -> anyhow::Result<LibraryDelete> {
        let mut tx = self.begin_write().await?;
        let file_name: Option<String> = sqlx::query_scalar(
            "SELECT file_name FROM library_images WHERE org_id = $1 AND id = $2 AND hidden_ms IS NULL",
        )
        .bind(viewer.org_id)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(file_name) = file_name else {
            tx.rollback().await?;
            return Ok(LibraryDelete::NotFound);
        };
        let shown = shown_in(&mut tx, viewer.org_id, &file_name).await?;
        let outcome = if shown.pages > 0 {
            LibraryDelete::InUse { pages: shown.pages }
        } else if shown.versions > 0 {
            sqlx::query("UPDATE library_images SET hidden_ms = $1 WHERE org_id = $2 AND id = $3")
                .bind(now_ms())
                .bind(viewer.org_id)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            LibraryDelete::Hidden
        } else {
            sqlx::query("DELETE FROM library_images WHERE org_id = $1 AND id = $2")
                .bind(viewer.org_id)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            LibraryDelete::Deleted { file_name }
        };
        tx.commit().await?;
        Ok(outcome)
    }

    /// Settles the organisation's hidden pictures after its pages changed (a save, a deletion, versions dropped): one
    /// a saved page shows again is back in the library; one no page and no kept version shows is removed. Answers
    /// the stored names whose files the caller removes. Cheap when nothing is hidden (one indexed look-up).
    pub async fn sweep_hidden_library_images(&self, org_id: i64) -> anyhow::Result<Vec<String>> {
        let hidden: Vec<(i64, String)> =
            sqlx::query("SELECT id, file_name FROM library_images WHERE org_id = $1 AND hidden_ms IS NOT NULL")
                .bind(org_id)
                .fetch_all(self.pool())
                .await?
                .iter()
                .map(|r| Ok((r.try_get("id")?, r.try_get("file_name")?)))
                .collect::<Result<_, sqlx::Error>>()?;
        if hidden.is_empty() {
            return Ok(Vec::new());
        }
        let mut tx = self.begin_write().await?;
        let mut removed = Vec::new();
        for (id, file_name) in hidden {
            let shown = shown_in(&mut tx, org_id, &file_name).await?;
            if shown.pages > 0 {
                sqlx::query("UPDATE library_images SET hidden_ms = NULL WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            } else if shown.versions == 0 {
                sqlx::query("DELETE FROM library_images WHERE id = $1 AND hidden_ms IS NOT NULL")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                removed.push(file_name);
            }
        }
        tx.commit().await?;
        Ok(removed)
    }
}

/// How many of the organisation's pages, and of their kept versions, show the stored picture `file_name`.
async fn shown_in(tx: &mut sqlx::Transaction<'_, sqlx::Any>, org_id: i64, file_name: &str) -> anyhow::Result<Shown> {
    let pattern = contains_pattern(file_name);
    let pages: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM config_pages WHERE org_id = $1 AND document LIKE $2 ESCAPE '\\'",
    )
    .bind(org_id)
    .bind(&pattern)
    .fetch_one(&mut **tx)
    .await?;
    let versions: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM config_page_versions v JOIN config_pages p ON p.id = v.page_id \
         WHERE p.org_id = $1 AND v.document LIKE $2 ESCAPE '\\'",
    )
    .bind(org_id)
    .bind(&pattern)
    .fetch_one(&mut **tx)
    .await?;
    Ok(Shown { pages, versions })
}

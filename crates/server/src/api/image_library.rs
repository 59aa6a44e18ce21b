//! The organisation's image library (paths ours, under the spec's configuration calls): pictures engineers upload
//! once and pick in the designer's picture fields. `configuration/image/upload` (multipart `file`, optional
//! `title`) takes exactly the files an equipment picture takes ([`super::images`]: the type told by the bytes, at
//! most 2 MiB, SVG of drawing content only, a random stored name) and, for the pages' 3D model widgets, glTF 2.0
//! binary models (`.glb`, told by their header, at most 20 MiB), so a plant without internet can show its own
//! models; `image/query` lists the library newest first;
//! `image/rename` gives one a new title; `image/delete` removes a picture and its file unless a page of the
//! organisation still shows it.
//!
//! A library picture belongs to the organisation, not to an equipment: every signed-in account of the organisation
//! lists it and is served it (`GET /userimg/<file>`), a sub-account limited to some equipment included; uploading
//! and deleting need the manage permission, which a limited sub-account may hold (the picture reaches no
//! equipment). Another organisation's picture is not found (1242 by id, 404 by name) and changes nothing.

use super::images::{
    self, MAX_IMAGE_BYTES, MAX_MODEL_BYTES, Upload, UploadedFile, checked_image, read_upload, remove_stored,
};
use crate::AppState;
use crate::answers::Listed;
use crate::answers::image::{LibraryImage, LibraryImageStored};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use ironsight_domain::limits::IMAGE_TITLE_CHARS;
use ironsight_domain::validate::display_name;
use ironsight_domain::{Code, Reason, image_file::ImageKind};
use ironsight_store::image_library::{LibraryDelete, NewLibraryImage};

/// The title a picture gets when none is given: its file's name without the directory and the extension, without
/// control characters, cut to [`IMAGE_TITLE_CHARS`]; the type's extension when nothing of the name is left.
fn default_title(file_name: Option<&str>, kind: ImageKind) -> String {
    let base = file_name.unwrap_or_default().rsplit(['/', '\\']).next().unwrap_or_default();
    let stem = base.rsplit_once('.').map_or(base, |(stem, _)| stem);
    let clean: String = stem.chars().filter(|c| !c.is_control()).collect();
    let title: String = clean.trim().chars().take(IMAGE_TITLE_CHARS).collect();
    match title.trim() {
        "" => kind.extension().to_owned(),
        trimmed => trimmed.to_owned(),
    }
}

/// The upload's file checked for the library: a glTF 2.0 binary model (named `.glb` or starting with the `glTF`
/// magic: either way it must be a whole one, [`images::detect_glb`]) of at most [`MAX_MODEL_BYTES`], or a picture
/// exactly as an equipment picture is checked, of at most [`MAX_IMAGE_BYTES`].
fn checked_library_file(file: Option<UploadedFile>) -> Result<(UploadedFile, ImageKind), ApiError> {
    let Some(file) = file.filter(|f| !f.bytes.is_empty()) else {
        return Err(ApiError::invalid("file", Reason::Required));
    };
    let named_model = file
        .name
        .as_deref()
        .and_then(|n| n.rsplit_once('.'))
        .is_some_and(|(_, ext)| ImageKind::from_extension(ext) == Some(ImageKind::Glb));
    if named_model || file.bytes.starts_with(b"glTF") {
        images::detect_glb(&file.bytes).map_err(|r| ApiError::invalid("file", r))?;
        return Ok((file, ImageKind::Glb));
    }
    if file.bytes.len() > MAX_IMAGE_BYTES {
        return Err(ApiError::invalid("file", Reason::FileTooLarge { max_kib: MAX_IMAGE_BYTES / 1024 }));
    }
    checked_image(Some(file))
}

/// `POST /lfscada/configuration/image/upload` (multipart: `file`, optional `title`) → `{id, image, title}`.
pub async fn upload(
    State(state): State<AppState>,
    current: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let Upload { fields, file } = read_upload(multipart, &["title"], MAX_MODEL_BYTES).await?;
    let (file, kind) = checked_library_file(file)?;
    let title = match fields.get("title").map(|t| t.trim()).filter(|t| !t.is_empty()) {
        Some(given) => display_name(given, IMAGE_TITLE_CHARS).map_err(|r| ApiError::invalid("title", r))?.to_owned(),
        None => default_title(file.name.as_deref(), kind),
    };
    let file_name = images::store(&state, kind, &file.bytes).await?;
    let new = NewLibraryImage {
        file_name: &file_name,
        title: &title,
        kind: kind.extension(),
        bytes: file.bytes.len() as i64,
    };
    let id = match state.store.add_library_image(&current.viewer(), &new).await {
        Ok(id) => id,
        Err(e) => {
            remove_stored(&state, &file_name).await;
            return Err(e.into());
        }
    };
    let stored = LibraryImageStored { id, image: crate::answers::image::served_at(&file_name), title };
    Ok(ApiOk::new(stored).audit("image", id))
}

/// `POST /lfscada/configuration/image/query {page, pageSize}` → `{total, list: [{id, image, title, kind, bytes,
/// gmtCreate}]}`, newest first.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let found = state.store.library_images(&current.viewer(), page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, LibraryImage::from)))
}

/// `POST /lfscada/configuration/image/rename {id, title}`: the title checked as an upload's (1 to 100 characters,
/// no control characters); 1242 when the organisation has no such picture.
pub async fn rename(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let title = params.name("title")?;
    if !state.store.rename_library_image(&current.viewer(), id, &title).await? {
        return Err(ApiError::code(Code::ImageNotFound));
    }
    Ok(ApiOk::empty().audit("image", id))
}

/// `POST /lfscada/configuration/image/delete {id}`: the row and its file go; 1243 while a page of the organisation
/// still shows it, 1242 when the organisation has no such picture. A picture only a kept page version shows leaves
/// the library but keeps its file, so restoring that version shows it ([`settle_hidden`] removes it later).
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    match state.store.delete_library_image(&current.viewer(), id).await? {
        LibraryDelete::Deleted { file_name } => {
            remove_stored(&state, &file_name).await;
            Ok(ApiOk::empty().audit("image", id))
        }
        LibraryDelete::Hidden => Ok(ApiOk::empty().audit("image", id)),
        LibraryDelete::NotFound => Err(ApiError::code(Code::ImageNotFound)),
        LibraryDelete::InUse { pages } => Err(ApiError::Business(Code::ImageInUse, vec![("pages", pages.to_string())])),
    }
}

/// After the organisation's pages changed (saved, deleted): its hidden pictures a page shows again come back into
/// the library, and those no page and no kept version shows any more are removed with their files. The page's
/// change is already done, so a failure here is logged and left to the next change, never the caller's error.
pub async fn settle_hidden(state: &AppState, org_id: i64) {
    match state.store.sweep_hidden_library_images(org_id).await {
        Ok(removed) => {
            for file_name in removed {
                remove_stored(state, &file_name).await;
            }
        }
        Err(e) => tracing::warn!(org_id, "image library: hidden pictures not settled: {e:#}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_the_file_name_without_its_extension() {
        assert_eq!(default_title(Some("pump station.png"), ImageKind::Png), "pump station");
        assert_eq!(default_title(Some("C:\\fakepath\\阀门.svg"), ImageKind::Svg), "阀门");
        assert_eq!(default_title(Some("a.b.jpeg"), ImageKind::Jpeg), "a.b");
        assert_eq!(default_title(Some("noext"), ImageKind::Gif), "noext");
        assert_eq!(default_title(Some(".png"), ImageKind::Png), "png");
        assert_eq!(default_title(None, ImageKind::Webp), "webp");
        assert_eq!(default_title(Some("a\u{7}b.png"), ImageKind::Png), "ab");
        assert_eq!(default_title(Some(&format!("{}.png", "长".repeat(150))), ImageKind::Png).chars().count(), 100);
    }
}

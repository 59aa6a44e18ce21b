//! Pictures: `POST /lfscada/equipment/multi/image/upload` (multipart: `id`, `file`) stores an equipment's picture
//! under `<data-dir>/userimg/` and `GET /userimg/{file}` serves it back (the spec's image base path). The reading,
//! checking, storing and removing of an uploaded picture are shared with the image library
//! ([`super::image_library`]), so both accept exactly the same files.
//!
//! What is accepted is decided by the bytes, not the name: a PNG, JPEG, GIF or WebP signature, or an SVG
//! document; a file name's extension, when there is one, must agree with the bytes. SVG can carry script and
//! outside references, so an SVG is parsed as XML and must hold only the drawing content on the allow-lists of
//! [`crate::svg`] (stored as uploaded, never rewritten), and every image is served with
//! `Content-Security-Policy: sandbox` and `nosniff`, so even a file that slipped through could not run script on
//! our origin. Stored names are 128 random bits in hex plus the extension of the detected
//! type: nothing of the uploader's name reaches the disk, and the serving route accepts only that exact shape,
//! so no path can leave the directory. Serving needs a session; the names cannot be guessed.

use crate::AppState;
use crate::answers::equipment::ImageStored;
use crate::answers::image::{IMAGE_DIR, served_at};
use crate::error::ApiError;
use crate::response::{ApiOk, ApiResult, plain, request_lang};
use crate::session::CurrentUser;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
pub use ironsight_domain::image_file::ImageKind;
use ironsight_domain::{Code, Reason, limits};
use rand::RngCore;
use std::collections::HashMap;
use std::path::PathBuf;

/// Largest image accepted, in bytes (2 MiB, `limits::IMAGE_BYTES`, which the web app's upload controls read too).
pub const MAX_IMAGE_BYTES: usize = limits::IMAGE_BYTES;
/// Largest 3D model the image library takes, in bytes (20 MiB, `limits::MODEL_BYTES`, read by the web app too).
pub const MAX_MODEL_BYTES: usize = limits::MODEL_BYTES;
/// Body limit of the upload routes: the largest file any of them takes (a library model) plus room for the
/// multipart framing and the other fields. A body over it is refused with 1103 (413) before it is read whole; each
/// handler stops reading its file at its own limit ([`read_upload`]), so a picture upload never holds more than
/// [`MAX_IMAGE_BYTES`].
pub const UPLOAD_BODY_LIMIT: usize = MAX_MODEL_BYTES + 64 * 1024;

/// The image type the bytes are, or why they are refused.
pub fn detect(bytes: &[u8]) -> Result<ImageKind, Reason> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Ok(ImageKind::Png);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Ok(ImageKind::Jpeg);
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        return Ok(ImageKind::Gif);
    }
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Ok(ImageKind::Webp);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| Reason::NotImage)?;
    // Anything that is not markup is no image; markup must be an SVG document of drawing content only.
    if !text.trim_start_matches('\u{feff}').trim_start().starts_with('<') {
        return Err(Reason::NotImage);
    }
    crate::svg::check(text)?;
    Ok(ImageKind::Svg)
}

/// Whether the bytes are a glTF 2.0 binary model: the `glTF` magic, version 2 and a total length that is the
/// file's (the header's own words, so a cut-off or padded file is refused), then a JSON chunk first.
pub fn detect_glb(bytes: &[u8]) -> Result<(), Reason> {
    let word = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let header_ok = bytes.starts_with(b"glTF")
        && word(4) == Some(2)
        && word(8).is_some_and(|length| length as usize == bytes.len())
        && bytes.get(16..20) == Some(b"JSON");
    if header_ok { Ok(()) } else { Err(Reason::NotModel) }
}

/// A stored file name as this module makes them: 32 lower-case hex digits, a dot, a known extension. Anything
/// else (`..`, slashes, other names) is not ours and is never looked up.
pub(crate) fn stored_name(file: &str) -> Option<ImageKind> {
    let (stem, ext) = file.split_once('.')?;
    let hex = stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let kind = ImageKind::from_extension(ext)?;
    (hex && ext == kind.extension()).then_some(kind)
}

fn image_dir(state: &AppState) -> PathBuf {
    state.config.data_dir.join(IMAGE_DIR)
}

fn read_error(error: axum::extract::multipart::MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge(UPLOAD_BODY_LIMIT)
    } else {
        ApiError::Malformed(Reason::BadMultipart)
    }
}

/// The file of an upload: the name the browser gave it (if any) and its bytes.
pub(crate) struct UploadedFile {
    pub name: Option<String>,
    pub bytes: Vec<u8>,
}

/// A multipart upload as read: the text fields asked for, and the `file` field.
pub(crate) struct Upload {
    pub fields: HashMap<&'static str, String>,
    pub file: Option<UploadedFile>,
}

/// Reads a multipart upload: the text fields named in `fields` and the file field `file`, which may be at most
/// `max_bytes` (refused as it arrives, naming the field). Other fields are skipped; a body that is not
/// multipart, or is cut short, is malformed (1102).
pub(crate) async fn read_upload(
    multipart: Result<Multipart, MultipartRejection>,
    fields: &[&'static str],
    max_bytes: usize,
) -> Result<Upload, ApiError> {
    let mut multipart = multipart.map_err(|_| ApiError::Malformed(Reason::UnsupportedContentType))?;
    let mut upload = Upload { fields: HashMap::new(), file: None };
    while let Some(mut field) = multipart.next_field().await.map_err(read_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            let file_name = field.file_name().map(str::to_owned);
            let mut bytes = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(read_error)? {
                if bytes.len() + chunk.len() > max_bytes {
                    return Err(ApiError::invalid("file", Reason::FileTooLarge { max_kib: max_bytes / 1024 }));
                }
                bytes.extend_from_slice(&chunk);
            }
            upload.file = Some(UploadedFile { name: file_name, bytes });
        } else if let Some(known) = fields.iter().find(|f| **f == name) {
            upload.fields.insert(known, field.text().await.map_err(read_error)?);
        }
        // Other fields are not ours; reading on skips them.
    }
    Ok(upload)
}

/// The upload's file checked as a picture: present and not empty, an accepted type by its bytes, and a name whose
/// extension, when it has one, says the same type. Refusals are field errors on `file`.
pub(crate) fn checked_image(file: Option<UploadedFile>) -> Result<(UploadedFile, ImageKind), ApiError> {
    let Some(file) = file.filter(|f| !f.bytes.is_empty()) else {
        return Err(ApiError::invalid("file", Reason::Required));
    };
    let kind = detect(&file.bytes).map_err(|r| ApiError::invalid("file", r))?;
    // A name that says one type over bytes of another is refused: whoever sent it is confused or lying.
    if let Some((_, ext)) = file.name.as_deref().and_then(|n| n.rsplit_once('.'))
        && ImageKind::from_extension(ext) != Some(kind)
    {
        return Err(ApiError::invalid("file", Reason::NotImage));
    }
    Ok((file, kind))
}

/// Stores a checked picture under a new random name (nothing of the uploader's name reaches the disk); answers
/// the stored file's name.
pub(crate) async fn store(state: &AppState, kind: ImageKind, bytes: &[u8]) -> Result<String, ApiError> {
    let mut random = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut random);
    let stem: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let file_name = format!("{stem}.{}", kind.extension());
    let dir = image_dir(state);
    tokio::fs::create_dir_all(&dir).await.map_err(|e| anyhow::anyhow!("creating {}: {e}", dir.display()))?;
    let path = dir.join(&file_name);
    tokio::fs::write(&path, bytes).await.map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))?;
    Ok(file_name)
}

/// Removes a stored file by its name; a name this module does not make is never touched. A failure only leaves a
/// stray file.
pub(crate) async fn remove_stored(state: &AppState, file_name: &str) {
    if stored_name(file_name).is_some() {
        let _ = tokio::fs::remove_file(image_dir(state).join(file_name)).await;
    }
}

/// `POST /lfscada/equipment/multi/image/upload` (multipart: `id` the equipment, `file` the image) → `{image}`,
/// the path the image is served at; the equipment's previous image is removed.
pub async fn upload(
    State(state): State<AppState>,
    current: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let Upload { fields, file } = read_upload(multipart, &["id"], MAX_IMAGE_BYTES).await?;
    let id: i64 = match fields.get("id").map(|text| text.trim()) {
        None | Some("") => return Err(ApiError::invalid("id", Reason::Required)),
        Some(text) => text.parse().map_err(|_| ApiError::invalid("id", Reason::NotInteger))?,
    };
    let (file, kind) = checked_image(file)?;
    if state.store.equipment(&current.viewer(), id).await?.is_none() {
        return Err(ApiError::code(Code::EquipmentNotFound));
    }
    let file_name = store(&state, kind, &file.bytes).await?;
    let url = served_at(&file_name);
    match state.store.set_equipment_image(&current.viewer(), id, &url).await {
        Ok(Some(old)) => {
            // The old picture is no longer referenced.
            if let Some(old_name) = old.strip_prefix(&format!("/{IMAGE_DIR}/")) {
                remove_stored(&state, old_name).await;
            }
        }
        Ok(None) => {
            remove_stored(&state, &file_name).await;
            return Err(ApiError::code(Code::EquipmentNotFound));
        }
        Err(e) => {
            remove_stored(&state, &file_name).await;
            return Err(e.into());
        }
    }
    Ok(ApiOk::new(ImageStored { image: url }).audit("equipment", id))
}

/// Removes a picture this module stored, given the path the equipment held (equipment deletion).
pub async fn remove(state: &AppState, image: &str) {
    if let Some(name) = image.strip_prefix(&format!("/{IMAGE_DIR}/")) {
        remove_stored(state, name).await;
    }
}

/// True when the caller may see the picture at `path`: a library or equipment picture it may see, or a picture of a
/// repair order it may see (which also needs the permission to see repair orders: docs/security.md).
async fn visible(state: &AppState, current: &CurrentUser, path: &str) -> anyhow::Result<bool> {
    let viewer = current.viewer();
    if state.store.picture_visible(&viewer, path).await? || state.store.avatar_visible(viewer.org_id, path).await? {
        return Ok(true);
    }
    Ok(crate::access::may_handle_repairs(&current.user.auths)
        && state.store.repair_picture_visible(&viewer, path).await?)
}

/// `GET /userimg/{*file}`: a stored image the caller may see (a library picture of its organisation, or an
/// equipment's picture where it sees that equipment, a repair order's where it may see the order), or 404 (1216) for any other name (nested paths included), a
/// missing file, or another organisation's or an ungranted equipment's picture, whatever its name.
pub async fn serve(State(state): State<AppState>, current: CurrentUser, Path(file): Path<String>) -> Response {
    let not_found = || plain(Code::FileNotFound, StatusCode::NOT_FOUND, request_lang());
    let Some(kind) = stored_name(&file) else {
        return not_found();
    };
    match visible(&state, &current, &served_at(&file)).await {
        Ok(true) => {}
        Ok(false) => return not_found(),
        Err(e) => return ApiError::Internal(e).into_response_in(request_lang()),
    }
    match tokio::fs::read(image_dir(&state).join(&file)).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, kind.content_type()),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (header::CONTENT_SECURITY_POLICY, "sandbox"),
                // A stored name never gets other content: a new picture gets a new name.
                (header::CACHE_CONTROL, "private, max-age=31536000, immutable"),
            ],
            bytes,
        )
            .into_response(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => not_found(),
        Err(e) => ApiError::Internal(anyhow::anyhow!("reading image {file}: {e}")).into_response_in(request_lang()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_types_are_told_by_their_bytes() {
        assert_eq!(detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Ok(ImageKind::Png));
        assert_eq!(detect(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), Ok(ImageKind::Jpeg));
        assert_eq!(detect(b"GIF89a\x01\0\x01\0"), Ok(ImageKind::Gif));
        assert_eq!(detect(b"RIFF\x10\0\0\0WEBPVP8 "), Ok(ImageKind::Webp));
        assert_eq!(detect(b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), Ok(ImageKind::Svg));
        assert_eq!(detect(b"\xEF\xBB\xBF  <svg><text>button onward</text></svg>"), Ok(ImageKind::Svg));
        assert_eq!(detect(b"PNG but not really"), Err(Reason::NotImage));
        assert_eq!(detect(b"<html><body>hi</body></html>"), Err(Reason::NotImage));
        assert_eq!(detect(&[0x00, 0x01, 0xFF, 0xFE]), Err(Reason::NotImage));
    }

    #[test]
    fn svg_with_script_is_refused() {
        for svg in [
            "<svg><script>alert(1)</script></svg>",
            "<svg><SCRIPT>alert(1)</SCRIPT></svg>",
            "<svg onload=\"alert(1)\"/>",
            "<svg><rect ONCLICK = 'x()'/></svg>",
            "<svg><a href=\"javascript:alert(1)\">x</a></svg>",
        ] {
            assert_eq!(detect(svg.as_bytes()), Err(Reason::ScriptInImage), "{svg}");
        }
        // Not XML at all (an unquoted attribute, an unclosed tag): refused before anything is read from it.
        let unquoted = "<svg/onload=alert(1)>";
        assert!(matches!(detect(unquoted.as_bytes()), Err(Reason::SvgNotWellFormed { .. })), "{unquoted}");
    }

    #[test]
    fn only_our_own_names_are_served() {
        assert_eq!(stored_name("0123456789abcdef0123456789abcdef.png"), Some(ImageKind::Png));
        for bad in [
            "../ironsight.db",
            "..%2fironsight.db",
            "0123456789abcdef0123456789abcdef.PNG",
            "0123456789abcdef0123456789abcdef.jpeg",
            "0123456789ABCDEF0123456789abcdef.png",
            "0123456789abcdef0123456789abcde.png",
            "0123456789abcdef0123456789abcdef.png.exe",
            "ironsight.db",
        ] {
            assert_eq!(stored_name(bad), None, "{bad}");
        }
    }
}

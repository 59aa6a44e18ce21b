//! Equipment pictures: `POST /lfscada/equipment/multi/image/upload` (multipart: `id`, `file`) stores an image
//! under `<data-dir>/userimg/` and `GET /userimg/{file}` serves it back (the spec's image base path).
//!
//! What is accepted is decided by the bytes, not the name: a PNG, JPEG, GIF or WebP signature, or an SVG
//! document; a file name's extension, when there is one, must agree with the bytes. SVG can carry script and
//! outside references, so an SVG is parsed as XML and must hold only the drawing content on the allow-lists of
//! [`super::svg`] (stored as uploaded, never rewritten), and every image is served with
//! `Content-Security-Policy: sandbox` and `nosniff`, so even a file that slipped through could not run script on
//! our origin. Stored names are 128 random bits in hex plus the extension of the detected
//! type: nothing of the uploader's name reaches the disk, and the serving route accepts only that exact shape,
//! so no path can leave the directory. Serving needs a session; the names cannot be guessed.

use super::svg;
use crate::AppState;
use crate::answers::equipment::ImageStored;
use crate::error::{ApiError, ApiOk, ApiResult, plain, request_lang};
use crate::session::CurrentUser;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ironsight_domain::{Code, Reason};
use rand::RngCore;
use std::path::PathBuf;

/// Largest image accepted, in bytes (2 MiB).
pub const MAX_IMAGE_BYTES: usize = 2 * 1024 * 1024;
/// Body limit of the upload route: the image plus room for the multipart framing and the id field. A body over
/// it is refused with 1103 (413) before it is read whole.
pub const UPLOAD_BODY_LIMIT: usize = MAX_IMAGE_BYTES + 64 * 1024;
/// The URL path images are served under, and the directory under the data directory that holds them.
pub const IMAGE_DIR: &str = "userimg";

/// An accepted image type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Gif,
    Webp,
    Svg,
}

impl ImageKind {
    /// The extension stored files get.
    pub fn extension(self) -> &'static str {
        match self {
            ImageKind::Png => "png",
            ImageKind::Jpeg => "jpg",
            ImageKind::Gif => "gif",
            ImageKind::Webp => "webp",
            ImageKind::Svg => "svg",
        }
    }

    fn from_extension(ext: &str) -> Option<ImageKind> {
        match ext.to_ascii_lowercase().as_str() {
            "png" => Some(ImageKind::Png),
            "jpg" | "jpeg" => Some(ImageKind::Jpeg),
            "gif" => Some(ImageKind::Gif),
            "webp" => Some(ImageKind::Webp),
            "svg" => Some(ImageKind::Svg),
            _ => None,
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Gif => "image/gif",
            ImageKind::Webp => "image/webp",
            ImageKind::Svg => "image/svg+xml",
        }
    }
}

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
    svg::check(text)?;
    Ok(ImageKind::Svg)
}

/// A stored file name as this module makes them: 32 lower-case hex digits, a dot, a known extension. Anything
/// else (`..`, slashes, other names) is not ours and is never looked up.
fn stored_name(file: &str) -> Option<ImageKind> {
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

/// `POST /lfscada/equipment/multi/image/upload` (multipart: `id` the equipment, `file` the image) → `{image}`,
/// the path the image is served at; the equipment's previous image is removed.
pub async fn upload(
    State(state): State<AppState>,
    current: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let mut multipart = multipart.map_err(|_| ApiError::Malformed(Reason::UnsupportedContentType))?;
    let mut id: Option<String> = None;
    let mut file: Option<(Option<String>, Vec<u8>)> = None;
    while let Some(mut field) = multipart.next_field().await.map_err(read_error)? {
        match field.name() {
            Some("id") => id = Some(field.text().await.map_err(read_error)?),
            Some("file") => {
                let name = field.file_name().map(str::to_owned);
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(read_error)? {
                    if bytes.len() + chunk.len() > MAX_IMAGE_BYTES {
                        return Err(ApiError::invalid(
                            "file",
                            Reason::FileTooLarge { max_kib: MAX_IMAGE_BYTES / 1024 },
                        ));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                file = Some((name, bytes));
            }
            // Other fields are not ours; reading on skips them.
            _ => {}
        }
    }
    let id: i64 = match id.as_deref().map(str::trim) {
        None | Some("") => return Err(ApiError::invalid("id", Reason::Required)),
        Some(text) => text.parse().map_err(|_| ApiError::invalid("id", Reason::NotInteger))?,
    };
    let Some((name, bytes)) = file else {
        return Err(ApiError::invalid("file", Reason::Required));
    };
    if bytes.is_empty() {
        return Err(ApiError::invalid("file", Reason::Required));
    }
    let kind = detect(&bytes).map_err(|r| ApiError::invalid("file", r))?;
    // A name that says one type over bytes of another is refused: whoever sent it is confused or lying.
    if let Some((_, ext)) = name.as_deref().and_then(|n| n.rsplit_once('.'))
        && ImageKind::from_extension(ext) != Some(kind)
    {
        return Err(ApiError::invalid("file", Reason::NotImage));
    }
    if state.store.equipment(&current.viewer(), id).await?.is_none() {
        return Err(ApiError::code(Code::EquipmentNotFound));
    }
    let mut random = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut random);
    let stem: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let file_name = format!("{stem}.{}", kind.extension());
    let dir = image_dir(&state);
    tokio::fs::create_dir_all(&dir).await.map_err(|e| anyhow::anyhow!("creating {}: {e}", dir.display()))?;
    let path = dir.join(&file_name);
    tokio::fs::write(&path, &bytes).await.map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))?;
    let url = format!("/{IMAGE_DIR}/{file_name}");
    match state.store.set_equipment_image(&current.viewer(), id, &url).await {
        Ok(Some(old)) => {
            if let Some(old_name) = old.strip_prefix(&format!("/{IMAGE_DIR}/")).filter(|n| stored_name(n).is_some()) {
                // The old picture is no longer referenced; a failure to remove it only leaves a stray file.
                let _ = tokio::fs::remove_file(dir.join(old_name)).await;
            }
        }
        Ok(None) => {
            let _ = tokio::fs::remove_file(&path).await;
            return Err(ApiError::code(Code::EquipmentNotFound));
        }
        Err(e) => {
            let _ = tokio::fs::remove_file(&path).await;
            return Err(e.into());
        }
    }
    Ok(ApiOk::new(ImageStored { image: url }).audit("equipment", id))
}

/// Removes a picture this module stored, given the path the equipment held (equipment deletion).
pub async fn remove(state: &AppState, image: &str) {
    if let Some(name) = image.strip_prefix(&format!("/{IMAGE_DIR}/")).filter(|n| stored_name(n).is_some()) {
        let _ = tokio::fs::remove_file(image_dir(state).join(name)).await;
    }
}

/// `GET /userimg/{*file}`: a stored image the caller may see (a picture belongs to its equipment), or 404 (1216)
/// for any other name (nested paths included), a missing file, or another organisation's or an ungranted
/// equipment's picture, whatever its name.
pub async fn serve(State(state): State<AppState>, current: CurrentUser, Path(file): Path<String>) -> Response {
    let not_found = || plain(Code::FileNotFound, StatusCode::NOT_FOUND, request_lang());
    let Some(kind) = stored_name(&file) else {
        return not_found();
    };
    match state.store.picture_visible(&current.viewer(), &format!("/{IMAGE_DIR}/{file}")).await {
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

//! The caller's own basic profile and avatar, and its own operation log (the account area, docs/account.md).
//!
//! Every signed-in account edits its own profile, sub-accounts included: a name, a contact and a department are
//! about the person, and an administrator who wants them otherwise can talk to the person. What a sub-account may
//! not change about itself is its permissions and data range (`user/sub/*`, administrators only). The e-mail
//! address is never changed here: it is set (and proven) by the security set-up. The phone number is saved here
//! (the `nosms` form: no SMS provider can prove it); the `sms` form shows it read-only and leads to the set-up,
//! and a changed number sent there anyway is refused (1332).
//!
//! The avatar is one of the spec's types (ico, jpg, png, gif, svg) under 100K, told by its bytes like every other
//! picture ([`super::images`]: an SVG must hold drawing content only); it is stored under `/userimg/` and
//! served to the user's colleagues (same organisation), never to another organisation.

use super::images::{self, ImageKind, Upload, UploadedFile};
use crate::AppState;
use crate::answers::account::{AvatarStored, Profile};
use crate::answers::{self, Listed};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use ironsight_domain::limits::{AVATAR_BYTES, PROFILE_NAME_CHARS, PROFILE_TEXT_CHARS};
use ironsight_domain::validate::{bounded_text, telephone};
use ironsight_domain::{Code, Reason};
use ironsight_store::profiles::ProfileFields;

/// `POST /lfscada/user/profile/query` → the caller's profile.
pub async fn query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let profile = state.store.user_profile(current.user.id).await?;
    let user = &current.user;
    Ok(ApiOk::new(Profile {
        loginname: user.loginname.clone(),
        real_name: profile.real_name,
        contact: profile.contact,
        department: profile.department,
        tel: user.tel.clone(),
        email: user.email.clone(),
        avatar: profile.avatar,
    }))
}

/// An optional one-line text of at most `max` characters, trimmed.
fn optional_line(params: &Params, field: &str, max: usize) -> Result<String, ApiError> {
    let raw = params.text(field)?.unwrap_or_default();
    let text = raw.trim();
    bounded_text(text, max).map_err(|r| ApiError::invalid(field, r))?;
    if text.contains(['\n', '\r', '\t']) {
        return Err(ApiError::invalid(field, Reason::ControlCharacters));
    }
    Ok(text.to_owned())
}

/// `POST /lfscada/user/profile/save {realName, contact, department, tel?}`: every field is checked before
/// anything is saved; `tel` absent leaves the phone number as it is.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let real_name = optional_line(&params, "realName", PROFILE_NAME_CHARS)?;
    let contact = optional_line(&params, "contact", PROFILE_TEXT_CHARS)?;
    let department = optional_line(&params, "department", PROFILE_TEXT_CHARS)?;
    let tel = match params.text("tel")? {
        None => None,
        Some(raw) => Some(telephone(&raw).map_err(|r| ApiError::invalid("tel", r))?.to_owned()),
    };
    // With an SMS provider a phone number is proven by a code (the security set-up), never typed in here; the form
    // may send the number it shows back unchanged.
    if state.config.sms.is_some() && tel.as_deref().is_some_and(|t| t != current.user.tel) {
        return Err(ApiError::code(Code::TelBySetup));
    }
    let fields =
        ProfileFields { real_name: &real_name, contact: &contact, department: &department, tel: tel.as_deref() };
    state.store.save_user_profile(current.user.id, &fields).await?;
    Ok(ApiOk::empty().audit("user", current.user.id))
}

/// The upload checked as an avatar: an icon by its header, else any picture [`images::checked_image`] accepts
/// that is of the avatar types (so no WebP). Refusals are field errors on `file`.
fn checked_avatar(file: Option<UploadedFile>) -> Result<(UploadedFile, ImageKind), ApiError> {
    if let Some(found) = file.as_ref().filter(|f| is_icon(&f.bytes)) {
        let named_otherwise = found
            .name
            .as_deref()
            .and_then(|n| n.rsplit_once('.'))
            .is_some_and(|(_, ext)| ImageKind::from_extension(ext) != Some(ImageKind::Ico));
        if named_otherwise {
            return Err(ApiError::invalid("file", Reason::NotImage));
        }
        return Ok((file.expect("checked above"), ImageKind::Ico));
    }
    let (file, kind) = images::checked_image(file)?;
    if !ImageKind::AVATAR.contains(&kind) {
        return Err(ApiError::invalid("file", Reason::NotImage));
    }
    Ok((file, kind))
}

/// An ICO file's header: reserved 0, type 1 (icon), at least one image, and room for its directory entry.
fn is_icon(bytes: &[u8]) -> bool {
    bytes.len() >= 22 && bytes[..4] == [0, 0, 1, 0] && u16::from_le_bytes([bytes[4], bytes[5]]) > 0
}

/// `POST /lfscada/user/avatar/upload` (multipart: `file`) → `{avatar}`, the served path; the previous avatar's
/// file is removed.
pub async fn upload_avatar(
    State(state): State<AppState>,
    current: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let Upload { file, .. } = images::read_upload(multipart, &[], AVATAR_BYTES).await?;
    let (file, kind) = checked_avatar(file)?;
    let file_name = images::store(&state, kind, &file.bytes).await?;
    let path = crate::answers::image::served_at(&file_name);
    match state.store.set_user_avatar(current.user.id, &path).await {
        Ok(old) => images::remove(&state, &old).await,
        Err(e) => {
            images::remove_stored(&state, &file_name).await;
            return Err(e.into());
        }
    }
    Ok(ApiOk::new(AvatarStored { avatar: path }).audit("user", current.user.id))
}

/// `POST /lfscada/user/operationlog/queryMine {page, pageSize}`: the caller's own operations, newest first.
pub async fn log_mine(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (page, page_size) = params.paging()?;
    let found = state.store.operations_by_user(current.user.id, page, page_size).await?;
    Ok(ApiOk::new(Listed::from_page(found, answers::system::Operation::from)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icons_are_told_by_their_header() {
        let mut icon = vec![0, 0, 1, 0, 1, 0];
        icon.extend_from_slice(&[0; 16]);
        assert!(is_icon(&icon));
        assert!(!is_icon(&icon[..10]), "too short for its directory entry");
        assert!(!is_icon(&[0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), "a cursor is no icon");
        assert!(!is_icon(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\0\0\0\0\0\0"));
    }
}

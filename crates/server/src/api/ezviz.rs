//! EZVIZ video keys and live addresses (docs/ezviz.md; paths ours, the spec names none).
//!
//! - The key: any manager of the organisation may see which app key is linked (never the secret: only whether one
//!   is set); only its administrators link or unlink it, as they set the console's title and logo.
//! - A live address: a viewer names a saved page it may see (the route's guard, then page/info's password rule)
//!   and a widget of it; the server reads that widget's serial number and channel. Only a manager with a grant on
//!   an equipment or project (the designer's preview of an unsaved page) may name a serial number, and only for
//!   that owner. Nobody else names a camera.

use crate::AppState;
use crate::answers::ezviz::{EzvizKeyInfo, EzvizLiveAddress};
use crate::error::ApiError;
use crate::ezviz::EzvizError;
use crate::ezviz::camera::{Camera, NoCamera, camera_of};
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::limits::EZVIZ_KEY_CHARS;
use ironsight_domain::page::MAX_SERIAL_CHARS;
use ironsight_domain::{Code, Reason};

/// `POST /lfscada/ezviz/key/query` → `{appKey, secretSet}`.
pub async fn key_query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let key = state.store.ezviz_key(current.user.org_id).await?;
    Ok(ApiOk::new(EzvizKeyInfo { secret_set: key.is_some(), app_key: key.map(|k| k.app_key).unwrap_or_default() }))
}

/// A key field: 1 to [`EZVIZ_KEY_CHARS`] letters and digits.
fn key_field(params: &Params, field: &str) -> Result<Option<String>, ApiError> {
    let Some(value) = params.text(field)?.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > EZVIZ_KEY_CHARS {
        return Err(ApiError::invalid(field, Reason::TooLong { max: EZVIZ_KEY_CHARS }));
    }
    if !value.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ApiError::invalid(field, Reason::LettersDigitsOnly));
    }
    Ok(Some(value))
}

/// `POST /lfscada/ezviz/key/save {appKey, appSecret}`: an empty secret keeps the stored one (1101 on `appSecret`
/// when none is stored). The organisation's kept token and addresses are forgotten.
pub async fn key_save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let app_key = key_field(&params, "appKey")?.ok_or_else(|| ApiError::invalid("appKey", Reason::Required))?;
    let app_secret = key_field(&params, "appSecret")?;
    let org_id = current.user.org_id;
    if !state.store.save_ezviz_key(org_id, &app_key, app_secret.as_deref()).await? {
        return Err(ApiError::invalid("appSecret", Reason::Required));
    }
    state.ezviz.forget(org_id);
    Ok(ApiOk::empty().audit("org", org_id))
}

/// `POST /lfscada/ezviz/key/delete`: unlinks the key (nothing to unlink is no error).
pub async fn key_delete(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let org_id = current.user.org_id;
    state.store.delete_ezviz_key(org_id).await?;
    state.ezviz.forget(org_id);
    Ok(ApiOk::empty().audit("org", org_id))
}

/// `POST /lfscada/ezviz/live/address {pageId, widgetId}` → `{url, expireTime}` of the camera the saved page's
/// widget shows. 1205 for a page the caller may not see, 1240 for a protected page this session has not opened,
/// 1373 when the widget is not an EZVIZ video, 1375 when it names no serial number.
pub async fn live_address(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let page_id = params.required_int("pageId")?;
    let widget_id = params.required_text("widgetId")?;
    let detail =
        state.store.page_info(&current.viewer(), page_id).await?.ok_or_else(|| ApiError::code(Code::PageNotFound))?;
    if detail.summary.protected && !state.store.page_unlocked(&current.token_hash, page_id).await? {
        return Err(ApiError::code(Code::PagePasswordRequired));
    }
    let camera = camera_of(&detail.document, &widget_id).map_err(|why| match why {
        NoCamera::NotEzviz => ApiError::code(Code::EzvizNotVideo),
        NoCamera::NoSerial => ApiError::code(Code::EzvizNoDevice),
    })?;
    live(&state, &current, &camera).await
}

/// `POST /lfscada/ezviz/live/preview {equipmentId | projectId, serialNumber, channelNumber}` → `{url,
/// expireTime}`: the designer's preview of an unsaved page. The route needs the manage permission and checks the
/// equipment or project against the caller's grants; one of the two is required.
pub async fn live_preview(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    // Each positive when given: the row's range.
    let owner = [("equipmentId", params.int("equipmentId")?), ("projectId", params.int("projectId")?)];
    if owner.iter().all(|(_, id)| id.is_none()) {
        return Err(ApiError::invalid("equipmentId", Reason::Required));
    }
    let serial = params.required_text("serialNumber")?;
    let serial = serial.trim();
    if serial.is_empty() {
        return Err(ApiError::invalid("serialNumber", Reason::Required));
    }
    if serial.chars().count() > MAX_SERIAL_CHARS {
        return Err(ApiError::invalid("serialNumber", Reason::TooLong { max: MAX_SERIAL_CHARS }));
    }
    if !serial.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ApiError::invalid("serialNumber", Reason::LettersDigitsOnly));
    }
    let channel = params.int_or_default("channelNumber")?;
    live(&state, &current, &Camera { serial: serial.to_owned(), channel }).await
}

/// The camera's address with the caller's organisation's key: 1370 without one, 1371 to 1374 as EZVIZ fares.
async fn live(state: &AppState, current: &CurrentUser, camera: &Camera) -> ApiResult {
    let org_id = current.user.org_id;
    let key = state.store.ezviz_key(org_id).await?.ok_or_else(|| ApiError::code(Code::EzvizKeyNotSet))?;
    match state.ezviz.live_address(org_id, &key, current.user.id, camera).await {
        Ok(address) => Ok(ApiOk::new(EzvizLiveAddress { url: address.url, expire_time: address.expires_ms })),
        Err(EzvizError::Throttled) => Err(ApiError::code(Code::EzvizThrottled)),
        Err(EzvizError::Refused(refusal)) => {
            Err(ApiError::Business(Code::EzvizRefused, vec![("code", refusal.code), ("msg", refusal.msg)]))
        }
        Err(EzvizError::Unavailable(why)) => {
            tracing::warn!(org_id, serial = %camera.serial, "ezviz: {why}");
            Err(ApiError::code(Code::EzvizUnavailable))
        }
    }
}

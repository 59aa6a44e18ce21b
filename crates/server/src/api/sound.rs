//! Alarm speech (spec section 7: "/lfscada/msg/createSound {text} (returns an audio path)"): the console asks for
//! an alarm message's text spoken in its language and plays the answered path in an `<audio>` element.
//! `POST /lfscada/msg/createSound` answers the path; `GET /lfscada/msg/sound/{file}` serves the file. How the
//! speech is made, cached and replaced by an alert tone is [`crate::sound`]'s.
//!
//! The voice follows the caller's language (`Accept-Language`, which the console sends on every call: the
//! language the operator reads the console in). Any signed-in account may ask: the call names no object, and
//! what it costs is bounded by the engine's one synthesis at a time and the cache's bounds. A file's name is the
//! hash of what it says, so it tells nothing of the text and cannot be chosen by the caller; serving accepts only
//! that exact shape (or the tone's name), so no path can leave the directory.

use crate::AppState;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, plain, request_lang};
use crate::session::CurrentUser;
use crate::sound::{SpeechText, Voice, cache, served_path};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ironsight_domain::Code;

/// `POST /lfscada/msg/createSound {text}` → the path the spoken text (or, when the engine cannot speak now, the
/// alert tone) is served at, e.g. `/lfscada/msg/sound/<64 hex>.wav`. `text` is required (1101), trimmed, at most
/// 200 characters with no control characters (1100); nothing is written for a refused call.
pub async fn create(State(state): State<AppState>, _current: CurrentUser, params: Params) -> ApiResult {
    let raw = params.text("text")?.unwrap_or_default();
    let text = SpeechText::parse(&raw).map_err(|reason| ApiError::invalid("text", reason))?;
    let file = state.sound.speak(Voice::of(request_lang()), &text).await?;
    Ok(ApiOk::new(served_path(&file)))
}

/// `GET /lfscada/msg/sound/{file}`: a spoken file or the alert tone, `audio/wav`; 404 (1216) for any other name or
/// a file no longer there (the cache dropped it: the console asks for it again).
pub async fn serve(State(state): State<AppState>, _current: CurrentUser, Path(file): Path<String>) -> Response {
    let not_found = || plain(Code::FileNotFound, StatusCode::NOT_FOUND, request_lang());
    if !cache::is_served_name(&file) {
        return not_found();
    }
    match tokio::fs::read(state.sound.dir().join(&file)).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, "audio/wav"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                // A name always speaks the same text; a day, as the cache may drop a file it has not used.
                (header::CACHE_CONTROL, "private, max-age=86400"),
            ],
            bytes,
        )
            .into_response(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => not_found(),
        Err(e) => ApiError::Internal(anyhow::anyhow!("reading sound {file}: {e}")).into_response_in(request_lang()),
    }
}

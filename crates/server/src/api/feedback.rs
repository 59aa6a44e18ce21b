//! User feedback (`/lfscada/feedback/add`).

use crate::AppState;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::validate::FeedbackContent;
use ironsight_domain::{Code, Reason};

pub async fn add(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let raw = params.text("content")?.unwrap_or_default();
    let content = FeedbackContent::parse(&raw).map_err(|reason| match reason {
        Reason::TooShort { .. } => ApiError::code(Code::FeedbackTooShort),
        reason => ApiError::invalid("content", reason),
    })?;
    let id = state.store.add_feedback(current.user.id, content.as_str()).await?;
    Ok(ApiOk::empty().audit("feedback", id))
}

//! Messages. The message centre comes later; the shell needs the unread count now.

use crate::AppState;
use crate::error::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;

/// `POST /lfscada/msg/queryUnReadMsgCount` → the number of unread, undeleted messages of the caller.
pub async fn query_unread_count(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(state.store.unread_message_count(current.user.id).await?))
}

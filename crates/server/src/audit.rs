//! The operation log's recorder: a route layer on every state-changing call. It writes one row per call after
//! the answer is made, with the user (from the session, or from the login that just created it), the route's
//! action name, the object the handler named, the answer's code and the caller's address.

use crate::AppState;
use crate::response::{AuditObject, ResponseCode};
use axum::extract::State;
use axum::http::Request;
use axum::middleware::Next;
use axum::response::Response;
use ironsight_store::{now_ms, oplog::NewOperation};

/// Who made a call, placed on the answer by the session layer.
#[derive(Clone, Debug)]
pub struct AuditActor {
    pub user_id: i64,
    pub loginname: String,
}

/// Records the call. A failure to record is logged and does not change the answer the caller gets.
pub async fn record(
    State((state, action)): State<(AppState, &'static str)>,
    request: Request<axum::body::Body>,
    next: Next,
) -> Response {
    let address = crate::session::client_addr_of(&request, &state);
    let response = next.run(request).await;
    let extensions = response.extensions();
    let object = extensions.get::<AuditObject>();
    let actor = extensions.get::<AuditActor>();
    let user_id = actor.map(|a| a.user_id).or_else(|| object.and_then(|o| o.user_id));
    let loginname =
        actor.map(|a| a.loginname.clone()).or_else(|| object.and_then(|o| o.loginname.clone())).unwrap_or_default();
    let result = extensions.get::<ResponseCode>().map(|c| c.0.as_str()).unwrap_or("");
    let operation = NewOperation {
        user_id,
        loginname: &loginname,
        action,
        object_type: object.map(|o| o.object_type).unwrap_or(""),
        object_id: object.map(|o| o.object_id.as_str()).unwrap_or(""),
        result,
        address: &address,
        gmt_create: now_ms(),
    };
    if let Err(error) = state.store.record_operation(&operation).await {
        tracing::error!(action, error = format!("{error:#}"), "could not record an operation");
    }
    response
}

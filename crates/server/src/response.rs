//! The response envelope and successful answers: every API answer is `{code, message, data}`, in the caller's
//! language ([`request_lang`]); a successful one carries a generated answer type ([`ApiOk::new`]), and cookies and
//! what the operation log records beside it. Failures are [`crate::error`]'s.

use crate::answers::Answer;
use crate::error::ApiError;
use axum::Json;
use axum::http::{Request, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use ironsight_domain::{Code, Lang};
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The JSON body of every API answer.
#[derive(Serialize)]
pub struct Envelope<T: Serialize> {
    pub code: &'static str,
    pub message: String,
    pub data: T,
}

/// The code an answer carried, for the operation log.
#[derive(Clone, Copy, Debug)]
pub struct ResponseCode(pub Code);

/// An internal error waiting to be logged.
#[derive(Clone, Debug)]
pub struct InternalError(pub Arc<anyhow::Error>);

/// What an operation acted on, for the operation log (set by the handler on its answer).
#[derive(Clone, Debug)]
pub struct AuditObject {
    pub object_type: &'static str,
    pub object_id: String,
    /// The user the call acted as, when the call itself established it (login).
    pub user_id: Option<i64>,
    pub loginname: Option<String>,
}

/// A successful answer: data plus optional cookies and audit details.
pub struct ApiOk {
    pub code: Code,
    pub data: Value,
    /// `data` already serialised, for large answers (history: 200,000 points) that would otherwise be built as a
    /// tree of values and then written out; takes the place of `data` when set.
    pub raw_data: Option<Box<serde_json::value::RawValue>>,
    pub headers: Vec<(axum::http::HeaderName, axum::http::HeaderValue)>,
    pub audit: Option<AuditObject>,
}

impl ApiOk {
    /// An answer with `data`: a generated answer type (see [`Answer`]), so the web app's type of it is the server's.
    pub fn new(data: impl Answer) -> ApiOk {
        ApiOk {
            code: Code::Ok,
            data: serde_json::to_value(data).unwrap_or(Value::Null),
            raw_data: None,
            headers: Vec::new(),
            audit: None,
        }
    }

    /// An answer whose `data` is serialised straight to text (see [`ApiOk::raw_data`]).
    pub fn serialised(data: &impl Answer) -> anyhow::Result<ApiOk> {
        let text = serde_json::to_string(data)?;
        let mut ok = ApiOk::empty();
        ok.raw_data = Some(serde_json::value::RawValue::from_string(text)?);
        Ok(ok)
    }

    /// An answer with no data (`null`).
    pub fn empty() -> ApiOk {
        ApiOk::new(())
    }

    /// Adds a `Set-Cookie` (or any) header.
    pub fn header(mut self, name: axum::http::HeaderName, value: axum::http::HeaderValue) -> ApiOk {
        self.headers.push((name, value));
        self
    }

    /// Names the object the operation acted on, for the operation log.
    pub fn audit(mut self, object_type: &'static str, object_id: impl ToString) -> ApiOk {
        self.audit =
            Some(AuditObject { object_type, object_id: object_id.to_string(), user_id: None, loginname: None });
        self
    }

    /// Names the user the call acted as when the session did not exist before the call (login).
    pub fn audit_user(mut self, user_id: i64, loginname: &str) -> ApiOk {
        let audit = self.audit.get_or_insert(AuditObject {
            object_type: "user",
            object_id: user_id.to_string(),
            user_id: None,
            loginname: None,
        });
        audit.user_id = Some(user_id);
        audit.loginname = Some(loginname.to_owned());
        self
    }

    pub fn into_response_in(self, lang: Lang) -> Response {
        let message = self.code.message(lang, &[]);
        let code = self.code.as_str();
        let mut response = match self.raw_data {
            Some(data) => Json(Envelope { code, message, data }).into_response(),
            None => Json(Envelope { code, message, data: self.data }).into_response(),
        };
        for (name, value) in self.headers {
            response.headers_mut().append(name, value);
        }
        response.extensions_mut().insert(ResponseCode(self.code));
        if let Some(audit) = self.audit {
            response.extensions_mut().insert(audit);
        }
        response
    }
}

tokio::task_local! {
    /// The caller's language for the request being handled, so answers render their message without every
    /// handler passing it along. Set by [`with_request_lang`].
    static REQUEST_LANG: Lang;
}

/// The language of the request being handled (Chinese outside a request).
pub fn request_lang() -> Lang {
    REQUEST_LANG.try_with(|l| *l).unwrap_or_default()
}

/// Reads `Accept-Language` and runs the rest of the request with that language in scope.
pub async fn with_request_lang(request: Request<axum::body::Body>, next: Next) -> Response {
    let header = request.headers().get(axum::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    let lang = Lang::from_accept_language(header);
    REQUEST_LANG.scope(lang, next.run(request)).await
}

impl IntoResponse for ApiOk {
    fn into_response(self) -> Response {
        self.into_response_in(request_lang())
    }
}

/// What every handler returns.
pub type ApiResult = Result<ApiOk, ApiError>;

/// Logs internal errors carried by responses, inside the request's span, and nothing else.
pub async fn log_internal_errors(request: Request<axum::body::Body>, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    if let Some(InternalError(error)) = response.extensions().get::<InternalError>() {
        tracing::error!(%method, %path, error = format!("{error:#}"), "request failed");
    }
    response
}

/// A JSON answer with code and message only, for paths handled before any handler runs.
pub fn plain(code: Code, status: StatusCode, lang: Lang) -> Response {
    let mut response =
        (status, Json(json!({ "code": code.as_str(), "message": code.message(lang, &[]), "data": null })))
            .into_response();
    response.extensions_mut().insert(ResponseCode(code));
    response
}

//! Everything a handler can fail with, and how each failure is answered.
//!
//! Business failures keep HTTP 200 and carry a catalogue code, as the console expects; malformed requests get 4xx
//! with a catalogue code; only faults of our own become 500, and their detail goes to the log, never to the client.
//! Turning an error into a response has no side effects: the internal error is put into the response's extensions
//! and logged by [`crate::response::log_internal_errors`] inside the request's trace span. The envelope itself and
//! successful answers are [`crate::response`]'s.

use crate::response::{Envelope, InternalError, ResponseCode, request_lang};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use ironsight_domain::{Code, Lang, Reason};
use serde_json::Value;
use std::sync::Arc;

/// Everything a handler can fail with.
#[derive(Debug)]
pub enum ApiError {
    /// A business outcome with its catalogue code and placeholder values.
    Business(Code, Vec<(&'static str, String)>),
    /// A parameter was missing or refused.
    Invalid { field: String, reason: Reason },
    /// The request body could not be read at all (HTTP 400).
    Malformed(Reason),
    /// The request body is over the limit, in bytes (HTTP 413).
    TooLarge(usize),
    /// Our own fault.
    Internal(anyhow::Error),
}

impl ApiError {
    pub fn code(code: Code) -> ApiError {
        ApiError::Business(code, Vec::new())
    }

    pub fn invalid(field: impl Into<String>, reason: Reason) -> ApiError {
        ApiError::Invalid { field: field.into(), reason }
    }

    /// The catalogue code this error answers with.
    pub fn catalogue_code(&self) -> Code {
        match self {
            ApiError::Business(code, _) => *code,
            ApiError::Invalid { reason: Reason::Required, .. } => Code::MissingParam,
            ApiError::Invalid { .. } => Code::InvalidParam,
            ApiError::Malformed(_) => Code::MalformedBody,
            ApiError::TooLarge(_) => Code::BodyTooLarge,
            ApiError::Internal(_) => Code::Unknown,
        }
    }

    /// Renders the error in `lang`.
    pub fn into_response_in(self, lang: Lang) -> Response {
        let code = self.catalogue_code();
        let (status, message, internal, data) = match self {
            ApiError::Business(code, args) => (StatusCode::OK, render(code, lang, &args), None, Value::Null),
            ApiError::Invalid { field, reason } => {
                let args = [("field", field.as_str()), ("reason", &reason.text(lang))];
                let message = code.message(lang, &args);
                // The field and the reason as data too: a screen marks the field without parsing the message.
                (StatusCode::OK, message, None, serde_json::json!({ "field": field, "reason": reason }))
            }
            ApiError::Malformed(reason) => {
                let message = code.message(lang, &[("reason", &reason.text(lang))]);
                (StatusCode::BAD_REQUEST, message, None, serde_json::json!({ "reason": reason }))
            }
            ApiError::TooLarge(max) => {
                let message = code.message(lang, &[("max", &max.to_string())]);
                (StatusCode::PAYLOAD_TOO_LARGE, message, None, serde_json::json!({ "max": max }))
            }
            ApiError::Internal(error) => {
                (StatusCode::INTERNAL_SERVER_ERROR, code.message(lang, &[]), Some(error), Value::Null)
            }
        };
        let mut response = (status, Json(Envelope { code: code.as_str(), message, data })).into_response();
        response.extensions_mut().insert(ResponseCode(code));
        if let Some(error) = internal {
            response.extensions_mut().insert(InternalError(Arc::new(error)));
        }
        response
    }
}

fn render(code: Code, lang: Lang, args: &[(&'static str, String)]) -> String {
    let borrowed: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    code.message(lang, &borrowed)
}

impl From<anyhow::Error> for ApiError {
    /// Contention (the database busy past its wait) is the caller's to retry, with a message saying so; never an
    /// internal error.
    fn from(error: anyhow::Error) -> ApiError {
        if ironsight_store::is_contention(&error) {
            tracing::warn!(error = format!("{error:#}"), "database busy; the caller is asked to try again");
            return ApiError::code(Code::ServerBusy);
        }
        ApiError::Internal(error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        self.into_response_in(request_lang())
    }
}

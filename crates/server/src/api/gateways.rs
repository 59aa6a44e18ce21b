//! The gateway registry: register by serial number, list, look up, rotate the secret, delete.
//!
//! A gateway proves who it is to the MQTT broker with its serial number and a secret. The secret is issued here,
//! shown exactly once in the answer, and stored only as a SHA-256 digest; a lost secret is replaced by rotating,
//! which locks out whoever held the old one. Paths other than `/lfscada/gateway/info` are ours (the spec does not
//! name the registry's calls).

use crate::AppState;
use crate::answers::Listed;
use crate::answers::gateway::{Gateway, GatewayCredentials};
use crate::api::expiry::DateChange;
use crate::error::ApiError;
use crate::params::Params;
use crate::password;
use crate::response::{ApiOk, ApiResult};
use crate::session::{self, CurrentUser};
use axum::extract::State;
use axum::http::HeaderMap;
use ironsight_domain::limits::GATEWAY_NAME_CHARS;
use ironsight_domain::validate::{SerialNumber, display_name};
use ironsight_domain::{Code, Reason};
use ironsight_store::gateways::{GatewaySettings, NewGateway};

fn serial_number(params: &Params) -> Result<SerialNumber, ApiError> {
    SerialNumber::parse(&params.text("sn")?.unwrap_or_default()).map_err(|r| ApiError::invalid("sn", r))
}

/// The broker URL for the agent configuration handed out with a new secret (a GM source's too).
pub(crate) fn broker_url(state: &AppState, headers: &HeaderMap) -> String {
    let host = headers.get(axum::http::header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
    state.link.broker_url_for_gateways(host)
}

/// A new secret (32 random bytes) and the digest stored for it (see [`password::secret_digest`]).
fn issue_secret() -> (String, String) {
    let secret = session::new_token();
    let digest = password::secret_digest(&secret);
    (secret, digest)
}

/// `POST /lfscada/gateway/add {sn, name, model, firmware}` → `{id, sn, secret, broker}`; the secret is never
/// shown again; `broker` is the MQTT URL for the agent's configuration file.
pub async fn add(State(state): State<AppState>, current: CurrentUser, headers: HeaderMap, params: Params) -> ApiResult {
    let sn = serial_number(&params)?;
    let name_text = params.text("name")?.unwrap_or_else(|| sn.as_str().to_owned());
    let name = display_name(&name_text, GATEWAY_NAME_CHARS).map_err(|r| ApiError::invalid("name", r))?;
    let model = params.trimmed("model")?;
    let firmware = params.trimmed("firmware")?;
    let expiry = DateChange::read(&params)?;
    // A GM source logs in to the same broker by its user name: a serial number may not be one.
    if state.store.gm_username_taken(sn.as_str()).await? {
        return Err(ApiError::code(Code::GatewayExists));
    }
    let (secret, secret_hash) = issue_secret();
    let new = NewGateway {
        org_id: current.user.org_id,
        sn: sn.as_str(),
        name,
        model: &model,
        firmware: &firmware,
        secret_hash: &secret_hash,
        registered_by: Some(current.user.id),
    };
    let id = state.store.add_gateway(&new).await?.ok_or_else(|| ApiError::code(Code::GatewayExists))?;
    if let Some(date) = expiry.stored() {
        state.store.set_gateway_expiry(&current.viewer(), sn.as_str(), date).await?;
    }
    let broker = broker_url(&state, &headers);
    Ok(ApiOk::new(GatewayCredentials { id: Some(id), sn: sn.as_str().to_owned(), secret, broker })
        .audit("gateway", sn.as_str()))
}

/// `POST /lfscada/gateway/edit {sn, name?, interval?, sampleInterval?, economizeOpen?, expireDate?}`: changes only
/// what is given (an empty `expireDate` clears the date). A new sample interval reaches the gateway with its configuration.
pub async fn edit(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let sn = serial_number(&params)?;
    let gateway = state.store.visible_gateway(&current.viewer(), sn.as_str()).await?;
    let gateway = gateway.ok_or_else(|| ApiError::code(Code::NoData))?;
    let expiry = DateChange::read(&params)?;
    let name = match params.text("name")? {
        Some(_) => params.name("name")?,
        None => gateway.name.clone(),
    };
    let economize_open = match params.text("economizeOpen")?.as_deref().map(str::trim) {
        None => gateway.economize_open,
        Some("true" | "1") => true,
        Some("false" | "0") => false,
        Some(_) => return Err(ApiError::invalid("economizeOpen", Reason::NotAllowed)),
    };
    let settings = GatewaySettings {
        name,
        // In the row's ranges; left out, the current setting stays.
        interval: params.int_or("interval", gateway.interval)?,
        sample_interval: params.int_or("sampleInterval", gateway.sample_interval)?,
        economize_open,
    };
    if !state.store.edit_gateway(&current.viewer(), sn.as_str(), &settings).await? {
        return Err(ApiError::code(Code::NoData));
    }
    if let Some(date) = expiry.stored() {
        state.store.set_gateway_expiry(&current.viewer(), sn.as_str(), date).await?;
    }
    if settings.sample_interval != gateway.sample_interval {
        state.link.gateway_changed(sn.as_str()).await;
    }
    Ok(ApiOk::empty().audit("gateway", sn.as_str()))
}

/// `POST /lfscada/gateway/query {keyword, page, pageSize}` → `{total, list}`.
pub async fn query(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let keyword = params.trimmed("keyword")?;
    let (page, page_size) = params.paging()?;
    let page = state.store.gateways(&current.viewer(), &keyword, page, page_size).await?;
    let link_up = state.link.broker_up();
    Ok(ApiOk::new(Listed::from_page(page, |g| Gateway::new(g, link_up))))
}

/// `POST /lfscada/gateway/info {sn}` → the gateway, or 2001 when the organisation has no such gateway.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let sn = serial_number(&params)?;
    let gateway = state.store.visible_gateway(&current.viewer(), sn.as_str()).await?;
    gateway.map(|g| ApiOk::new(Gateway::new(g, state.link.broker_up()))).ok_or_else(|| ApiError::code(Code::NoData))
}

/// `POST /lfscada/gateway/rotateSecret {sn}` → `{sn, secret}`: the old secret stops working at once.
pub async fn rotate_secret(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    params: Params,
) -> ApiResult {
    let sn = serial_number(&params)?;
    let (secret, secret_hash) = issue_secret();
    if !state.store.set_gateway_secret(&current.viewer(), sn.as_str(), &secret_hash).await? {
        return Err(ApiError::code(Code::NoData));
    }
    let broker = broker_url(&state, &headers);
    let credentials = GatewayCredentials { id: None, sn: sn.as_str().to_owned(), secret, broker };
    Ok(ApiOk::new(credentials).audit("gateway", sn.as_str()))
}

/// `POST /lfscada/gateway/delete {sn}`.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let sn = serial_number(&params)?;
    if !state.store.delete_gateway(&current.viewer(), sn.as_str()).await? {
        return Err(ApiError::code(Code::NoData));
    }
    // Clears the retained configuration, so the agent stops polling.
    state.link.gateway_changed(sn.as_str()).await;
    Ok(ApiOk::empty().audit("gateway", sn.as_str()))
}

/// True when `secret` is the current secret of gateway `sn` (what the broker's authentication checks).
pub async fn verify_secret(state: &AppState, sn: &str, secret: &str) -> anyhow::Result<bool> {
    crate::link::authority::verify_gateway_secret(&state.store, sn, secret).await
}

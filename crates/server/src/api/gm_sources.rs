//! GM collection sources (docs/gm-equipment.md): the MQTT identities an administrator issues to Sparkplug B edge
//! nodes (added and listed on `/lfscada/gm/node/…`) and to plain JSON devices (`/lfscada/gm/json/…`); either is
//! read, given a new secret and deleted on `/lfscada/gm/source/…`. As with gateways, the secret is
//! shown once and stored as a digest; the user name is generated, and is also the client id the device must use.
//! The broker lets each identity reach only its own topics (`ironsight_broker::acl`).

use crate::AppState;
use crate::answers::Listed;
use crate::answers::gm::{GmCredentials, GmSource, GmSourceStats};
use crate::api::gateways::broker_url;
use crate::error::ApiError;
use crate::params::Params;
use crate::password;
use crate::response::{ApiOk, ApiResult};
use crate::session::{self, CurrentUser};
use axum::extract::State;
use axum::http::HeaderMap;
use ironsight_domain::Code;
use ironsight_domain::gm::{SparkplugId, TopicPrefix};
use ironsight_domain::limits::GM_SOURCE_NAME_CHARS;
use ironsight_domain::validate::display_name;
use ironsight_store::gm_sources::{GmConflict, GmSource as StoredSource, GmSourceKind, NewGmSource};
use rand::Rng;

/// The stored `kind` of each list call.
const SPARKPLUG: &str = "sparkplug";
const JSON: &str = "json";

/// How many fresh user names to try before giving up (a clash needs 16 random letters and digits to match).
const USERNAME_TRIES: usize = 3;

/// A user name the console issues: `gm` and 16 random lower-case letters and digits, accepted as an MQTT client id
/// by every broker and client (MQTT-3.1.3-5 guarantees only letters and digits).
pub(crate) fn new_username() -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::thread_rng();
    let tail: String = (0..16).map(|_| char::from(CHARS[rng.gen_range(0..CHARS.len())])).collect();
    format!("gm{tail}")
}

fn source_name(params: &Params, fallback: &str) -> Result<String, ApiError> {
    let text = params.text("name")?.filter(|t| !t.trim().is_empty()).unwrap_or_else(|| fallback.to_owned());
    Ok(display_name(&text, GM_SOURCE_NAME_CHARS).map_err(|r| ApiError::invalid("name", r))?.to_owned())
}

/// Registers a source of `kind` under a fresh user name, answering its credentials once.
async fn register(
    state: &AppState,
    current: &CurrentUser,
    headers: &HeaderMap,
    kind: GmSourceKind,
    name: &str,
) -> ApiResult {
    for _ in 0..USERNAME_TRIES {
        let username = new_username();
        let secret = session::new_token();
        let secret_hash = password::secret_digest(&secret);
        let new = NewGmSource {
            org_id: current.user.org_id,
            kind: &kind,
            name,
            username: &username,
            secret_hash: &secret_hash,
            registered_by: Some(current.user.id),
        };
        match state.store.add_gm_source(&new).await? {
            Ok(id) => {
                state.link.gm_changed().await;
                let broker = broker_url(state, headers);
                let credentials = GmCredentials { id, username: username.clone(), secret, broker };
                return Ok(ApiOk::new(credentials).audit("gmSource", &username));
            }
            Err(GmConflict::NodeTaken) => return Err(ApiError::code(Code::GmNodeExists)),
            Err(GmConflict::PrefixTaken) => return Err(ApiError::code(Code::GmTopicPrefixTaken)),
            Err(GmConflict::UsernameTaken) => continue,
        }
    }
    Err(ApiError::Internal(anyhow::anyhow!("no free GM user name after {USERNAME_TRIES} tries")))
}

/// `POST /lfscada/gm/node/add {groupId, nodeId, name}` → `{id, username, secret, broker}`.
pub async fn add_node(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    params: Params,
) -> ApiResult {
    let group_id = SparkplugId::parse(&params.text("groupId")?.unwrap_or_default())
        .map_err(|r| ApiError::invalid("groupId", r))?;
    let node_id =
        SparkplugId::parse(&params.text("nodeId")?.unwrap_or_default()).map_err(|r| ApiError::invalid("nodeId", r))?;
    let name = source_name(&params, node_id.as_str())?;
    let kind =
        GmSourceKind::SparkplugNode { group_id: group_id.as_str().to_owned(), node_id: node_id.as_str().to_owned() };
    register(&state, &current, &headers, kind, &name).await
}

/// `POST /lfscada/gm/json/add {topicPrefix, name}` → `{id, username, secret, broker}`.
pub async fn add_json(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    params: Params,
) -> ApiResult {
    let prefix = TopicPrefix::parse(&params.text("topicPrefix")?.unwrap_or_default())
        .map_err(|r| ApiError::invalid("topicPrefix", r))?;
    let fallback = prefix.as_str().rsplit('/').next().unwrap_or_default().to_owned();
    let name = source_name(&params, &fallback)?;
    register(&state, &current, &headers, GmSourceKind::JsonDevice { topic_prefix: prefix.as_str().to_owned() }, &name)
        .await
}

async fn list(state: &AppState, current: &CurrentUser, params: &Params, kind: &str) -> ApiResult {
    let keyword = params.trimmed("keyword")?;
    let (page, page_size) = params.paging()?;
    let page = state.store.gm_sources(&current.viewer(), kind, &keyword, page, page_size).await?;
    let link_up = state.link.broker_up();
    Ok(ApiOk::new(Listed::from_page(page, |s| GmSource::new(s, link_up))))
}

/// `POST /lfscada/gm/node/query {keyword, page, pageSize}` → `{total, list}`, newest first.
pub async fn query_nodes(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    list(&state, &current, &params, SPARKPLUG).await
}

/// `POST /lfscada/gm/json/query {keyword, page, pageSize}` → `{total, list}`, newest first.
pub async fn query_json(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    list(&state, &current, &params, JSON).await
}

/// `POST /lfscada/gm/source/info {id}` → one source of either kind.
pub async fn info(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let source = state.store.visible_gm_source(&current.viewer(), id).await?;
    source
        .map(|s| ApiOk::new(GmSource::new(s, state.link.broker_up())))
        .ok_or_else(|| ApiError::code(Code::GmSourceNotFound))
}

/// `POST /lfscada/gm/source/stats {id}` → its traffic and what could not be used of it since the server started
/// (`link::gm_stats`), or 1380.
pub async fn stats(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let source = own_source(&state, &current, &params).await?;
    Ok(ApiOk::new(GmSourceStats::new(state.link.gm_source_stats(source.id), crate::response::request_lang())))
}

/// The source `id` the caller may see, or 1380.
async fn own_source(state: &AppState, current: &CurrentUser, params: &Params) -> Result<StoredSource, ApiError> {
    let id = params.required_int("id")?;
    let source = state.store.visible_gm_source(&current.viewer(), id).await?;
    source.ok_or_else(|| ApiError::code(Code::GmSourceNotFound))
}

/// `POST /lfscada/gm/source/rotate {id}` → `{id, username, secret, broker}`: a new
/// secret, shown once; the old one stops working at once.
pub async fn rotate(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    params: Params,
) -> ApiResult {
    let source = own_source(&state, &current, &params).await?;
    let secret = session::new_token();
    if !state.store.set_gm_source_secret(&current.viewer(), source.id, &password::secret_digest(&secret)).await? {
        return Err(ApiError::code(Code::GmSourceNotFound));
    }
    let broker = broker_url(&state, &headers);
    let credentials = GmCredentials { id: source.id, username: source.username.clone(), secret, broker };
    Ok(ApiOk::new(credentials).audit("gmSource", &source.username))
}

/// `POST /lfscada/gm/source/delete {id}`: the source and what its births announced go;
/// equipment adopted from it stays, with its history.
pub async fn delete(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let source = own_source(&state, &current, &params).await?;
    if !state.store.delete_gm_source(&current.viewer(), source.id).await? {
        return Err(ApiError::code(Code::GmSourceNotFound));
    }
    state.link.gm_changed().await;
    Ok(ApiOk::empty().audit("gmSource", &source.username))
}

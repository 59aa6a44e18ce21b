//! # Ironsight server
//!
//! One binary: the HTTP API under the spec's paths, sessions, storage and the built web console. Later parts
//! (MQTT broker, ingest, alarms, live channels) join here.
//!
//! # Layout
//! - [`config`]: flags, environment and TOML file, resolved into one [`Config`].
//! - [`routes`]: the route table; router and OpenAPI are built from it.
//! - [`api`]: the handlers, one module per area.
//! - [`error`]: the `{code, message, data}` envelope and [`error::ApiError`]; the caller's language.
//! - [`params`]: form (dotted keys) and JSON bodies read into one tree with typed, field-naming getters.
//! - [`session`], [`csrf`], [`audit`]: who is calling, from where, and the record of what they changed.
//! - [`captcha`], [`password`]: the login captcha image and argon2id hashing.
//! - [`bootstrap`]: the first administrator and the demo seed.
//! - [`web`]: the embedded web app with history-mode fallback.

pub mod api;
pub mod audit;
pub mod bootstrap;
pub mod captcha;
pub mod config;
pub mod csrf;
pub mod error;
pub mod params;
pub mod password;
pub mod routes;
pub mod session;
pub mod web;

pub use config::Config;

use axum::Router;
use axum::middleware::{from_fn, from_fn_with_state};
use ironsight_store::Store;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;

/// Shared by every handler.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    /// A hash of a random password, verified against when a login name does not exist, so an unknown name costs
    /// the same time as a wrong password.
    pub dummy_hash: Arc<String>,
}

impl AppState {
    /// Connects storage (running migrations) and prepares shared state.
    pub async fn new(config: Config) -> anyhow::Result<AppState> {
        if config.database_url.is_none() {
            std::fs::create_dir_all(&config.data_dir)
                .map_err(|e| anyhow::anyhow!("cannot create data directory {}: {e}", config.data_dir.display()))?;
        }
        let store = Store::connect(&config.database_url()).await?;
        let dummy_hash = password::hash_blocking(session::new_token()).await?;
        Ok(AppState { store, config: Arc::new(config), dummy_hash: Arc::new(dummy_hash) })
    }
}

/// The whole HTTP application.
pub fn app(state: AppState) -> Router {
    let api = routes::api_router(&state).layer(from_fn_with_state(state.clone(), csrf::check_origin));
    Router::new()
        .merge(api)
        .fallback(web::serve)
        .layer(from_fn(error::log_internal_errors))
        .layer(from_fn(error::with_request_lang))
        .layer(CompressionLayer::new())
        .layer(tower_http::trace::TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            // Path only: the login's query string carries the password.
            tracing::info_span!("http", method = %request.method(), path = request.uri().path())
        }))
        .with_state(state)
}

/// A server bound to its port and running in the background.
pub struct Running {
    pub addr: SocketAddr,
    pub state: AppState,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Binds `config.listen`, seeds accounts, and serves in the background.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    let listener = TcpListener::bind(config.listen).await.map_err(|e| {
        anyhow::anyhow!("cannot listen on {} ({e}); choose another address with --listen", config.listen)
    })?;
    let addr = listener.local_addr()?;
    let state = AppState::new(config).await?;
    bootstrap::run(&state).await?;
    let app = app(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(Running { addr, state, task })
}
